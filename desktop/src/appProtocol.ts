import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST } from './navigationGuard';

/**
 * The app:// protocol: the renderer build packaged into the app, served from disk, so the
 * shell starts without a network; /api goes to the forwarder (apiForwarder.ts), so the page
 * keeps one origin for both. The handler takes and answers the web's Request and Response,
 * as Electron's protocol.handle does.
 */

/** Only the app's own files and the server it forwards to; no inline script, no frames. */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets style attributes; the server's CSP allows the same.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'none'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  // The user manual (renderer/scripts/buildManual.mjs).
  '.pdf': 'application/pdf',
};

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

/**
 * The file under `root` that `pathname` names, or null: decoding errors, NUL bytes and
 * anything that resolves outside the folder (../, encoded separators) name nothing.
 */
export function resolveAppFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}

export interface AppProtocolOptions {
  /** The renderer's build (renderer/dist, packaged as resources). */
  rendererDir: string;
  /** Answers /api requests (the forwarder). */
  forwardApi: (request: Request) => Promise<Response>;
}

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const root = path.resolve(options.rendererDir);
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return plain(404, 'Nicht gefunden.');
    if (isApiPath(url.pathname)) return options.forwardApi(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Nicht erlaubt.');
    const file = resolveAppFile(root, url.pathname);
    if (file === null) return plain(404, 'Nicht gefunden.');
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      return plain(404, 'Nicht gefunden.');
    }
    const headers = {
      'Content-Type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Security-Policy': APP_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      // The files change only with an update of the app, which restarts it.
      'Cache-Control': 'no-cache',
    };
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
