import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import type { AppContext, AppState } from '../appTypes';
import { rawRequest } from '../test/rawHttp';
import { serveRenderer } from './serveRenderer';

const rawGet = (url: string, acceptEncoding?: string) => rawRequest(url, { acceptEncoding });

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

/** A bigger asset with the compressed copies the build leaves next to it (renderer/scripts/precompress.mjs). */
const BUNDLE = 'assets/chart-Ab12Cd34.js';
const BUNDLE_TEXT = `export const data = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `Zeile ${index}`))};`;

let dir: string;
let server: ReturnType<Koa['listen']>;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-renderer-'));
  for (const [file, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  fs.writeFileSync(path.join(dir, BUNDLE), BUNDLE_TEXT);
  fs.writeFileSync(path.join(dir, `${BUNDLE}.br`), zlib.brotliCompressSync(BUNDLE_TEXT));
  fs.writeFileSync(path.join(dir, `${BUNDLE}.gz`), zlib.gzipSync(BUNDLE_TEXT));
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

  it('sends the brotli copy to a browser that accepts it, as JavaScript, varying by Accept-Encoding', async () => {
    const answer = await rawGet(`${base}/${BUNDLE}`, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers['cache-control']).toBe('max-age=31536000,immutable');
    expect(answer.bytes.length).toBeLessThan(BUNDLE_TEXT.length / 2);
    expect(zlib.brotliDecompressSync(answer.bytes).toString()).toBe(BUNDLE_TEXT);
  });

  it('sends the gzip copy where brotli is not accepted, and the file itself where nothing is', async () => {
    const gzip = await rawGet(`${base}/${BUNDLE}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(BUNDLE_TEXT);
    const plain = await rawGet(`${base}/${BUNDLE}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(BUNDLE_TEXT);
  });

  it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
    const answer = await rawGet(`${base}/assets/index-CTGtjYI5.js`, 'br, gzip');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.bytes.toString()).toBe('console.log(1);');
  });
});
