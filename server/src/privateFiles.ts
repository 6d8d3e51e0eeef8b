import fs from 'node:fs';
import path from 'node:path';
import { de } from '@werkboard/common';
import type { Logger } from './logger';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** PostgreSQL's data folder (and an unfinished one) keep the modes PostgreSQL wants. */
const POSTGRES_DIRS = new Set(['pg', 'pg.init']);

function setMode(file: string, mode: number, logger: Logger): void {
  try {
    if ((fs.lstatSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
  } catch {
    logger.warn({ file }, de.server.privateModeFailed(file));
  }
}

function securePrivateTree(dir: string, logger: Logger): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      setMode(file, PRIVATE_DIR_MODE, logger);
      securePrivateTree(file, logger);
    } else if (entry.isFile()) {
      setMode(file, PRIVATE_FILE_MODE, logger);
    }
  }
}

/**
 * Everything Werkboard keeps under DATA_DIR (logs, images, secrets, certificates) is the
 * server's alone: folders 0700, files 0600. Run at every start, so a data directory made by
 * an older version is corrected too. DATA_DIR itself loses read and write for others but
 * keeps a search bit the embedded database's 'postgres' user needs to reach its folder.
 */
export function securePrivateFiles(dataDir: string, logger: Logger): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  setMode(dataDir, fs.statSync(dataDir).mode & 0o777 & ~0o066, logger);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    const file = path.join(dataDir, entry.name);
    if (entry.isDirectory() && !POSTGRES_DIRS.has(entry.name)) {
      setMode(file, PRIVATE_DIR_MODE, logger);
      securePrivateTree(file, logger);
    } else if (entry.isFile()) {
      setMode(file, PRIVATE_FILE_MODE, logger);
    }
  }
}
