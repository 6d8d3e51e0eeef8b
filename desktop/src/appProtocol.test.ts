import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { APP_CONTENT_SECURITY_POLICY, createAppProtocolHandler, resolveAppFile } from './appProtocol';

let root: string;
let rendererDir: string;
const forwarded: Request[] = [];
let handler: (request: Request) => Promise<Response>;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'werkboard-protocol-'));
  rendererDir = path.join(root, 'renderer');
  mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(rendererDir, 'manifest.webmanifest'), '{}');
  writeFileSync(path.join(root, 'config.json'), '{"secret":true}');
  handler = createAppProtocolHandler({
    rendererDir,
    forwardApi: (request) => {
      forwarded.push(request);
      return Promise.resolve(new Response('{"ok":true}', { status: 200 }));
    },
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the app:// protocol', () => {
  it('serves the app at / and its files, with the strict CSP and the right types', async () => {
    const index = await handler(new Request('app://werkboard/'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe(APP_CONTENT_SECURITY_POLICY);
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('<div id="root">');

    const script = await handler(new Request('app://werkboard/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
    const manifest = await handler(new Request('app://werkboard/manifest.webmanifest'));
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  });

  it('allows no inline script, no foreign connection and no frames', () => {
    expect(APP_CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(APP_CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('hands /api to the forwarder, with method and body, and nothing else', async () => {
    forwarded.length = 0;
    const answer = await handler(
      new Request('app://werkboard/api/projects?x=1', { method: 'PUT', body: '{"name":"Bad"}' }),
    );
    expect(await answer.json()).toEqual({ ok: true });
    await handler(new Request('app://werkboard/api'));
    await handler(new Request('app://werkboard/apidocs.html'));
    expect(forwarded.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT app://werkboard/api/projects?x=1',
      'GET app://werkboard/api',
    ]);
  });

  it('never serves a file outside the renderer build', async () => {
    for (const attempt of [
      'app://werkboard/../config.json',
      'app://werkboard/%2e%2e/config.json',
      'app://werkboard/assets/%2e%2e%2f%2e%2e%2fconfig.json',
      'app://werkboard/..%5cconfig.json',
      'app://werkboard/%00index.html',
      'app://werkboard/%E0%A4%A',
      'app://werkboard/missing.js',
      'app://other/index.html',
    ]) {
      const response = await handler(new Request(attempt));
      expect({ attempt, status: response.status }).toEqual({ attempt, status: 404 });
      expect(await response.text()).not.toContain('secret');
    }
    expect((await handler(new Request('app://werkboard/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('resolveAppFile keeps every path inside the folder', () => {
    expect(resolveAppFile(rendererDir, '/')).toBe(path.join(rendererDir, 'index.html'));
    expect(resolveAppFile(rendererDir, '/assets/a.js')).toBe(path.join(rendererDir, 'assets', 'a.js'));
    expect(resolveAppFile(rendererDir, '/%2e%2e/config.json')).toBeNull();
    expect(resolveAppFile(rendererDir, '/a%5c..%5c..%5cconfig.json')).toBeNull();
  });
});
