/**
 * The changelog's simple bracket markup, parsed into a tree that React renders as elements
 * (ChangelogText.tsx). The text is never handed to the browser as HTML: '<script>' in it is
 * just text, and only the tags below mean anything.
 *
 * - [b]…[/b] bold, [i]…[/i] italic, [u]…[/u] underline
 * - [color=red]…[/color]: a name of COLOR_NAMES or a hex colour #rgb / #rrggbb, nothing else
 * - [list] [*]one [*]two [/list] a bulleted list, [list=1] a numbered one; [*] starts an item
 *   only directly inside a list
 * - line breaks are kept (the renderer shows them as <br>); one line break next to a list is
 *   dropped, since a list is a block of its own
 *
 * Tags are case-insensitive. Anything else is shown as written: unknown tags ([url], [img],
 * [script]), a colour that is not allowed, a closing tag without its opening tag, an opening
 * tag that is never closed (its content stays, unformatted), tags closed in the wrong order
 * (the inner one is shown as written) and nesting deeper than MAX_MARKUP_DEPTH.
 */

export type MarkupNode =
  | { kind: 'text'; text: string }
  | { kind: 'bold' | 'italic' | 'underline'; children: MarkupNode[] }
  | { kind: 'color'; color: string; children: MarkupNode[] }
  | { kind: 'list'; ordered: boolean; items: MarkupNode[][] };

/** Open formatting tags at once; deeper ones are shown as text (keeps rendering shallow). */
export const MAX_MARKUP_DEPTH = 16;

/**
 * The colour names the markup accepts, as colours readable on the dark background (the tag
 * palette of spec section 3 plus a few common and German names).
 */
export const COLOR_NAMES: Readonly<Record<string, string>> = {
  slate: '#94a3b8',
  gray: '#9ca3af',
  grey: '#9ca3af',
  grau: '#9ca3af',
  white: '#ffffff',
  weiss: '#ffffff',
  weiß: '#ffffff',
  red: '#f87171',
  rot: '#f87171',
  orange: '#fb923c',
  amber: '#fbbf24',
  yellow: '#facc15',
  gelb: '#facc15',
  lime: '#a3e635',
  green: '#4ade80',
  grün: '#4ade80',
  emerald: '#34d399',
  teal: '#2dd4bf',
  cyan: '#22d3ee',
  türkis: '#22d3ee',
  sky: '#38bdf8',
  blue: '#60a5fa',
  blau: '#60a5fa',
  indigo: '#818cf8',
  violet: '#a78bfa',
  purple: '#c084fc',
  lila: '#c084fc',
  fuchsia: '#e879f9',
  pink: '#f472b6',
  rosa: '#f472b6',
  rose: '#fb7185',
};

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/;

/** A colour the markup may use, as a hex value, or null for anything else. */
export function safeMarkupColor(value: string): string | null {
  const wanted = value
    .trim()
    .replace(/^(["'])(.*)\1$/, '$2')
    .trim()
    .toLowerCase();
  if (HEX_COLOR.test(wanted)) return wanted;
  return Object.prototype.hasOwnProperty.call(COLOR_NAMES, wanted) ? (COLOR_NAMES[wanted] ?? null) : null;
}

/** [name], [/name], [name=value], [*]: the brackets hold no further brackets. */
const TAG = /\[(\/?)([a-z]+|\*)(?:=([^[\]]*))?\]/gi;

type FrameTag = 'b' | 'i' | 'u' | 'color' | 'list';
const INLINE_KINDS = { b: 'bold', i: 'italic', u: 'underline' } as const;

/** An item marker [*], kept among a list's children until the list closes. */
interface ItemMarker {
  kind: 'item';
  raw: string;
}
type Piece = MarkupNode | ItemMarker;

interface Frame {
  tag: FrameTag | 'root';
  /** The opening tag as written, shown if the frame is never closed properly. */
  raw: string;
  color: string;
  ordered: boolean;
  children: Piece[];
}

function frame(tag: Frame['tag'], raw: string, extra: Partial<Pick<Frame, 'color' | 'ordered'>> = {}): Frame {
  return { tag, raw, color: extra.color ?? '', ordered: extra.ordered ?? false, children: [] };
}

const text = (value: string): MarkupNode => ({ kind: 'text', text: value });

/** A frame that cannot close: its tag as text, its content unformatted (markers as text too). */
function unwound(open: Frame): MarkupNode[] {
  return [text(open.raw), ...open.children.map((piece) => (piece.kind === 'item' ? text(piece.raw) : piece))];
}

/** Merges neighbouring texts, drops empty ones, and one line break on each side of a list. */
function normalize(pieces: readonly MarkupNode[]): MarkupNode[] {
  const merged: MarkupNode[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (piece.kind === 'text' && last?.kind === 'text') merged[merged.length - 1] = text(last.text + piece.text);
    else merged.push(piece);
  }
  const result = merged.map((node, index) => {
    if (node.kind !== 'text') return node;
    let value = node.text;
    if (merged[index + 1]?.kind === 'list') value = value.replace(/\n[ \t]*$/, '');
    if (merged[index - 1]?.kind === 'list') value = value.replace(/^[ \t]*\n/, '');
    return value === node.text ? node : text(value);
  });
  return result.filter((node) => node.kind !== 'text' || node.text !== '');
}

/** Leading and trailing blanks of a list item (the line breaks between [*] items). */
function trimItem(nodes: MarkupNode[]): MarkupNode[] {
  const result = [...nodes];
  const first = result[0];
  if (first?.kind === 'text') result[0] = text(first.text.replace(/^\s+/, ''));
  const lastIndex = result.length - 1;
  const last = result[lastIndex];
  if (last?.kind === 'text') result[lastIndex] = text(last.text.replace(/\s+$/, ''));
  return result.filter((node) => node.kind !== 'text' || node.text !== '');
}

/** The node a properly closed frame becomes (null for a list without items). */
function closed(done: Frame): MarkupNode | null {
  if (done.tag === 'list') {
    const items: MarkupNode[][] = [];
    let current: MarkupNode[] = [];
    // Empty items are dropped. Before the first [*] only blanks are expected; other content
    // there becomes an item of its own rather than vanish.
    const finish = () => {
      const item = trimItem(normalize(current));
      if (item.length > 0) items.push(item);
      current = [];
    };
    for (const piece of done.children) {
      if (piece.kind === 'item') finish();
      else current.push(piece);
    }
    finish();
    return items.length > 0 ? { kind: 'list', ordered: done.ordered, items } : null;
  }
  if (done.tag === 'color') return { kind: 'color', color: done.color, children: normalize(toNodes(done.children)) };
  if (done.tag === 'root') return null;
  return { kind: INLINE_KINDS[done.tag], children: normalize(toNodes(done.children)) };
}

function toNodes(pieces: readonly Piece[]): MarkupNode[] {
  return pieces.map((piece) => (piece.kind === 'item' ? text(piece.raw) : piece));
}

/** The opening frame a tag starts, or null when the tag is not one of the markup's. */
function opening(name: string, value: string | undefined, raw: string): Frame | null {
  if (name === 'b' || name === 'i' || name === 'u') return value === undefined ? frame(name, raw) : null;
  if (name === 'color') {
    const color = value === undefined ? null : safeMarkupColor(value);
    return color ? frame('color', raw, { color }) : null;
  }
  if (name === 'list') {
    if (value === undefined) return frame('list', raw);
    return value.trim() === '1' ? frame('list', raw, { ordered: true }) : null;
  }
  return null;
}

/** Parses the markup into nodes; never throws, whatever the text. */
export function parseChangelogMarkup(input: string): MarkupNode[] {
  const root = frame('root', '');
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  const pushText = (value: string) => {
    if (value) top().children.push(text(value));
  };

  let position = 0;
  for (const match of input.matchAll(TAG)) {
    const raw = match[0];
    pushText(input.slice(position, match.index));
    position = match.index + raw.length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const value = match[3];

    if (!closing && name === '*') {
      if (top().tag === 'list' && value === undefined) top().children.push({ kind: 'item', raw });
      else pushText(raw);
      continue;
    }

    if (!closing) {
      const open = stack.length <= MAX_MARKUP_DEPTH ? opening(name, value, raw) : null;
      if (open) stack.push(open);
      else pushText(raw);
      continue;
    }

    const index = value === undefined ? stack.findLastIndex((entry) => entry.tag === name) : -1;
    if (index <= 0) {
      pushText(raw);
      continue;
    }
    // Tags opened inside and not closed yet are shown as written (closed in the wrong order).
    while (stack.length - 1 > index) {
      const inner = stack.pop();
      if (inner) top().children.push(...unwound(inner));
    }
    const done = stack.pop();
    const node = done ? closed(done) : null;
    if (node) top().children.push(node);
  }
  pushText(input.slice(position));

  while (stack.length > 1) {
    const open = stack.pop();
    if (open) top().children.push(...unwound(open));
  }
  return normalize(toNodes(root.children));
}
