import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import Koa from 'koa';
import { fixedSecurityHeaders, securityHeaders } from './securityHeaders';
import type { AppContext, AppState } from '../appTypes';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
};

/** The headers of one real answer of `handler`, lower-case names, without those every answer has. */
async function headersOf(handler: http.RequestListener): Promise<Record<string, string>> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await response.text();
    const everyAnswer = new Set(['connection', 'content-length', 'content-type', 'date', 'keep-alive']);
    return Object.fromEntries([...response.headers].filter(([name]) => !everyAnswer.has(name)));
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  it('sets on an answer exactly what helmet itself sets', async () => {
    const byHelmet = await headersOf((request, response) =>
      helmet(OPTIONS)(request, response, () => response.end('ok')),
    );
    const app = new Koa<AppState, AppContext>();
    app.use(securityHeaders(OPTIONS));
    app.use((ctx) => {
      ctx.body = 'ok';
    });
    const handle = app.callback();
    const byOurs = await headersOf((request, response) => void handle(request, response));
    expect(byOurs).toEqual(byHelmet);
    expect(byOurs['content-security-policy']).toMatch(/^default-src 'self';.*object-src 'none'/);
    expect(byOurs['strict-transport-security']).toBe('max-age=31536000');
    expect(Object.keys(byOurs).length).toBeGreaterThan(8);
  });

  it('refuses options whose headers depend on the request', () => {
    const nonce = () => "'nonce-abc'";
    expect(() =>
      fixedSecurityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } }),
    ).toThrow(/depends on the request/);
  });

  it('refuses options helmet refuses, at start', () => {
    expect(() => fixedSecurityHeaders({ referrerPolicy: { policy: 'nirgendwo' as never } })).toThrow();
  });
});
