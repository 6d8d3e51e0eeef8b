import path from 'node:path';
import send from 'koa-send';
import { de } from '@werkboard/common';
import type { AppMiddleware } from '../appTypes';

/** Where the desktop app's update feed lives (electron-updater's generic provider). */
export const UPDATES_PATH_PREFIX = '/updates/';

/**
 * The only names served: one plain file name (no folders, no dots at the start), of the kinds
 * electron-builder publishes: the feed (`latest.yml`, `latest-linux.yml`), the installer, its
 * blockmap and the AppImage. Everything else is a 404, so nothing else in the folder leaks.
 */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.(?:yml|exe|blockmap|AppImage)$/;

export function isUpdateFileName(name: string): boolean {
  return FILE_NAME.test(name) && !name.includes('..');
}

/**
 * GET /updates/<file>: the feed and the installers the admin dropped into DATA_DIR/updates
 * (or the image shipped), for office machines that update without internet access. Public
 * like the app's own files: the updater has no session, and a release is no secret.
 */
export function serveUpdates(updatesDir: string): AppMiddleware {
  const root = path.resolve(updatesDir);
  return async (ctx, next) => {
    if (!ctx.path.startsWith(UPDATES_PATH_PREFIX)) {
      await next();
      return;
    }
    const name = ctx.path.slice(UPDATES_PATH_PREFIX.length);
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isUpdateFileName(name)) {
      ctx.status = 404;
      return;
    }
    const isFeed = name.endsWith('.yml');
    try {
      await send(ctx, name, {
        root,
        hidden: false,
        setHeaders: (res) => {
          // The feed changes with every release; the installers are named by version.
          res.setHeader('Cache-Control', isFeed ? 'no-cache' : 'public, max-age=3600');
          res.setHeader('Content-Type', isFeed ? 'text/yaml; charset=utf-8' : 'application/octet-stream');
          if (!isFeed) res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
        },
      });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
      ctx.status = 404;
    }
    if (ctx.status === 404) ctx.body = { message: de.api.notFound };
  };
}
