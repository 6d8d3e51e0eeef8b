import fs from 'node:fs/promises';
import { logFilePath } from '../logger';

/** How much of the log an Admin gets: the newest part, so a long-running server stays quick. */
const MAX_LOG_BYTES = 512 * 1024;

/** The newest MAX_LOG_BYTES of DATA_DIR/logs/server.log. */
export async function readLogTail(dataDir: string): Promise<string> {
  const handle = await fs.open(logFilePath(dataDir), 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, MAX_LOG_BYTES);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}
