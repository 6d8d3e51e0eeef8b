import fs from 'node:fs/promises';
import { canReadServerLog, de } from '@werkboard/common';
import { ApiError } from '../errors';
import { logFilePath } from '../logger';
import type { AppRouter } from '../appTypes';

/** How much of the log an Admin gets: the newest part, so a long-running server stays quick. */
const MAX_LOG_BYTES = 512 * 1024;

/** GET /api/logs/server.log: the server log as text, Admin only. */
export function registerLogRoutes(router: AppRouter): void {
  router.get('/logs/server.log', async (ctx) => {
    if (!canReadServerLog(ctx.state.actor!.user))
      throw new ApiError(403, de.diagnostics.serverLogAdminOnly, 'forbidden');
    const file = logFilePath(ctx.services.config.dataDir);
    const handle = await fs.open(file, 'r');
    try {
      const { size } = await handle.stat();
      const length = Math.min(size, MAX_LOG_BYTES);
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, size - length);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  });
}
