import fs from 'node:fs';
import path from 'node:path';
import type { PersistRequest } from '@werkboard/common';
import type { Validation } from './validation';
import { hasOnlyKeys, invalid, isBoundedString, isPlainRecord } from './validation';

/**
 * redux-persist's storage on the desktop: one JSON object of key -> text in the user's
 * folder, so the signed-in session survives a restart of the app. Every change rewrites the
 * file atomically (temp file, fsync, rename): a crash leaves the old or the new file, never
 * half of one.
 */

export const PERSIST_FILE_NAME = 'werkboard-state.json';
export const MAX_PERSIST_KEY_LENGTH = 200;
export const MAX_PERSIST_VALUE_LENGTH = 5 * 1024 * 1024;

export interface PersistFile {
  run(request: PersistRequest): string | null;
}

function readEntries(file: string, logWarning: (message: string) => void): Map<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logWarning(`${file} could not be read: ${String(error)}`);
    return new Map();
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isPlainRecord(parsed)) throw new Error('not an object');
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch (error) {
    // Cannot happen through this module (atomic writes); someone edited it. Start signed out.
    logWarning(`${file} is not valid and is ignored: ${String(error)}`);
    return new Map();
  }
}

/** Writes `text` to `file` so that the file is either the old or the new content at any moment. */
export function writeFileAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  const handle = fs.openSync(temp, 'w');
  try {
    fs.writeSync(handle, text);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temp, file);
  // The rename itself is durable once the folder is synced; Windows cannot open folders.
  try {
    const folder = fs.openSync(path.dirname(file), 'r');
    fs.fsyncSync(folder);
    fs.closeSync(folder);
  } catch {
    // Best effort where the platform does not allow it.
  }
}

export function openPersistFile(file: string, logWarning: (message: string) => void): PersistFile {
  const entries = readEntries(file, logWarning);
  const save = () => writeFileAtomically(file, JSON.stringify(Object.fromEntries(entries)));
  return {
    run(request) {
      switch (request.op) {
        case 'get':
          return entries.get(request.key) ?? null;
        case 'set':
          if (entries.get(request.key) === request.value) return null;
          entries.set(request.key, request.value);
          save();
          return null;
        case 'remove':
          if (entries.delete(request.key)) save();
          return null;
      }
    },
  };
}

export function validatePersistRequest(payload: unknown): Validation<PersistRequest> {
  if (!isPlainRecord(payload)) return invalid('request must be an object');
  const { op, key, value } = payload;
  if (!isBoundedString(key, MAX_PERSIST_KEY_LENGTH)) return invalid('key must be a string');
  if (op === 'get' || op === 'remove') {
    if (!hasOnlyKeys(payload, ['op', 'key'])) return invalid('unknown keys');
    return { ok: true, value: { op, key } };
  }
  if (op === 'set') {
    if (!hasOnlyKeys(payload, ['op', 'key', 'value'])) return invalid('unknown keys');
    if (typeof value !== 'string' || value.length > MAX_PERSIST_VALUE_LENGTH) return invalid('value must be text');
    return { ok: true, value: { op, key, value } };
  }
  return invalid('unknown op');
}
