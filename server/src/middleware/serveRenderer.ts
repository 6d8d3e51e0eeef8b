import fs from 'node:fs';
import path from 'node:path';
import send from 'koa-send';
import type { AppMiddleware } from '../appTypes';

/**
 * Serves the built renderer from the same origin as /api (architecture decision 12).
 * Routing is hash based, so only real files and '/' exist. Hashed assets (/assets/) are
 * cached for a year; everything else, above all index.html, the service worker (sw.js, its
 * workbox-*.js, sw-sync.js and sw-push.js) and manifest.webmanifest, is sent with `no-cache`, so a new
 * build reaches the browser's update check at once. Content types come from the extension
 * (.webmanifest is application/manifest+json). The build leaves a brotli and a gzip copy
 * next to each text file (renderer/scripts/precompress.mjs); koa-send sends the one the
 * browser accepts, with its Content-Encoding.
 */
export function serveRenderer(rendererDir: string): AppMiddleware {
  const root = path.resolve(rendererDir);
  return async (ctx, next) => {
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApi || !fs.existsSync(path.join(root, 'index.html'))) {
      await next();
      return;
    }
    const file = ctx.path === '/' ? 'index.html' : ctx.path;
    const immutable = file.startsWith('/assets/');
    ctx.vary('Accept-Encoding');
    try {
      await send(ctx, file, {
        root,
        hidden: false,
        brotli: true,
        gzip: true,
        immutable,
        maxage: immutable ? 365 * 24 * 60 * 60 * 1000 : 0,
        setHeaders: (res) => {
          if (!immutable) res.setHeader('Cache-Control', 'no-cache');
        },
      });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
      await next();
    }
  };
}
