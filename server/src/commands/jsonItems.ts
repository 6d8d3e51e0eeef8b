import fs from 'node:fs';
import { parser } from 'stream-json';

/**
 * Reads a JSON file as a stream (stream-json's tokens) and hands the items of chosen arrays
 * over one at a time, awaited before the next is read, instead of building the whole value:
 * what is held is the item in hand plus the rest of the file, where each of those arrays is
 * left empty. A large import (a backup's projects and photos) is read this way
 * (docs/decisions.md, "Imports").
 */

/** An array at `path` (object keys from the top) whose items are handed to `onItem`. */
export interface ItemArray {
  path: readonly string[];
  onItem: (item: unknown, index: number) => void | Promise<void>;
}

export interface WalkResult {
  /** The file's value without the items of the streamed arrays (undefined for an empty file). */
  rest: unknown;
  /** The streamed arrays in the order the file has them (their paths joined with '.'). */
  order: string[];
}

interface Frame {
  container: Record<string, unknown> | unknown[];
  /** The key the next value of an object goes under. */
  key: string;
  /** Object keys from the top; inside arrays the path leaves the streamed ones. */
  path: readonly string[] | null;
  items: ItemArray | null;
  index: number;
}

interface Token {
  name: string;
  value?: string;
}

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * The parser's short strings are slices of its buffer (about 1 MB of the file): an id kept
 * from each item would keep the whole file alive. A copy of its own keeps only itself
 * (a long string, a photo's data URL, is never kept past its item).
 */
const DETACHED_BELOW = 4096;
const detached = (text: string) => (text.length < DETACHED_BELOW ? ` ${text}`.slice(1) : text);

function primitive(token: Token): { value: unknown } | null {
  switch (token.name) {
    case 'stringValue':
      return { value: detached(token.value!) };
    case 'numberValue':
      return { value: Number(token.value) };
    case 'nullValue':
      return { value: null };
    case 'trueValue':
      return { value: true };
    case 'falseValue':
      return { value: false };
    default:
      return null;
  }
}

/** Walks the file; a file that is no JSON (or breaks off) rejects with the parser's error. */
export async function walkJsonFile(file: string, arrays: readonly ItemArray[]): Promise<WalkResult> {
  const order: string[] = [];
  const stack: Frame[] = [];
  let rest: unknown;
  // Depth of the item being assembled inside a streamed array (its frames sit above it).
  let itemBase = -1;

  /** Puts a finished value in its place; a promise only where an item handler answers one. */
  const place = (value: unknown): void | Promise<void> => {
    const top = stack[stack.length - 1];
    if (!top) {
      rest = value;
      return;
    }
    if (Array.isArray(top.container)) {
      const index = top.index++;
      if (top.items && itemBase === stack.length) {
        itemBase = -1;
        return top.items.onItem(value, index);
      }
      top.container.push(value);
    } else
      // As JSON.parse does: '__proto__' is a key like any other, never the prototype.
      Object.defineProperty(top.container, top.key, { value, enumerable: true, writable: true, configurable: true });
  };

  const open = (container: Frame['container']) => {
    const top = stack[stack.length - 1];
    let path: readonly string[] | null = null;
    if (!top) path = [];
    else if (itemBase === -1 && top.path !== null && !Array.isArray(top.container)) path = [...top.path, top.key];
    const items =
      Array.isArray(container) && path !== null ? (arrays.find((each) => samePath(each.path, path)) ?? null) : null;
    if (items) order.push(items.path.join('.'));
    stack.push({ container, key: '', path, items, index: 0 });
  };

  const startValue = () => {
    const top = stack[stack.length - 1];
    if (top?.items && itemBase === -1) itemBase = stack.length;
  };

  // An empty body is no value (as the body parser had it), not a broken one.
  if ((await fs.promises.stat(file)).size === 0) return { rest: undefined, order };
  const source = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  const tokens = source.pipe(parser({ packValues: true, streamValues: false }));
  source.on('error', (error) => tokens.destroy(error));
  const take = (token: Token): void | Promise<void> => {
    switch (token.name) {
      case 'keyValue':
        stack[stack.length - 1]!.key = detached(token.value!);
        return;
      case 'startObject':
        startValue();
        open({});
        return;
      case 'startArray':
        startValue();
        open([]);
        return;
      case 'endObject':
      case 'endArray':
        return place(stack.pop()!.container);
      default: {
        const value = primitive(token);
        if (!value) return;
        startValue();
        return place(value.value);
      }
    }
  };
  // Tokens as events (an async iterator would cost a promise per token); the stream pauses
  // while an item handler works.
  await new Promise<void>((resolve, reject) => {
    tokens.on('data', (token: Token) => {
      try {
        const pending = take(token);
        if (!pending) return;
        tokens.pause();
        pending.then(
          () => tokens.resume(),
          (error: unknown) => tokens.destroy(error as Error),
        );
      } catch (error) {
        tokens.destroy(error as Error);
      }
    });
    tokens.once('end', resolve);
    tokens.once('error', reject);
  });
  return { rest, order };
}
