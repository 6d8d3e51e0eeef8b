import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { AppContext, AppState } from '../appTypes';
import { serveRenderer } from './serveRenderer';

/** A renderer build as vite-plugin-pwa leaves it in renderer/dist. */
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Werkboard</title>',
  'sw.js': 'importScripts("sw-sync.js");',
  'sw-sync.js': 'self.addEventListener("sync", () => undefined);',
  'workbox-9c191d2f.js': 'define([], () => undefined);',
  'manifest.webmanifest': '{"name":"Werkboard"}',
  'icons/icon-192.png': 'png',
  'assets/index-CTGtjYI5.js': 'console.log(1);',
};

let dir: string;
let server: ReturnType<Koa['listen']>;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-renderer-'));
  for (const [file, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  const app = new Koa<AppState, AppContext>();
  app.use(serveRenderer(dir));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = { message: 'weiter' };
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('serveRenderer', () => {
  it.each([
    ['/', /^text\/html/],
    // A service worker script must come with a JavaScript type, or the browser refuses it.
    ['/sw.js', /^text\/javascript/],
    ['/sw-sync.js', /^text\/javascript/],
    ['/workbox-9c191d2f.js', /^text\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
    ['/icons/icon-192.png', /^image\/png$/],
  ])('serves %s as %s, revalidated on every load (service worker updates)', async (file, type) => {
    const response = await fetch(`${base}${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(type);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('lets the browser keep the hashed assets for a year', async () => {
    const response = await fetch(`${base}/assets/index-CTGtjYI5.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=31536000,immutable');
  });

  it('never answers /api or unknown files itself', async () => {
    for (const file of ['/api/status', '/api', '/gibt-es-nicht.js']) {
      const response = await fetch(`${base}${file}`);
      expect(response.status).toBe(404);
      await expect(response.json()).resolves.toEqual({ message: 'weiter' });
    }
  });
});
