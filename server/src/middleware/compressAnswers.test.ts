import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { ProjectDocument } from '@werkboard/common';
import type { AppContext, AppState } from '../appTypes';
import { buildProject, signedIn, withCard } from '../test/factories';
import { testServer, type TestServer } from '../test/testServer';
import { decodedText, rawRequest as raw } from '../test/rawHttp';
import { PreparedAnswer } from '../http/preparedAnswer';
import { compressAnswers } from './compressAnswers';

describe('compressAnswers: the rule, on a bare Koa app', () => {
  let server: http.Server;
  let base: string;
  const padding = 'Kabelkanal verlegen, Dose setzen. '.repeat(200);
  /** How often the answer of /api/counted was turned into JSON. */
  let serialized = 0;

  beforeAll(async () => {
    const app = new Koa<AppState, AppContext>();
    app.use(compressAnswers());
    app.use((ctx) => {
      if (ctx.path === '/api/login-like')
        ctx.body = { token: 'geheim.token.wert', user: { name: ctx.query.name }, padding };
      else if (ctx.path === '/api/small') ctx.body = { ok: true };
      else if (ctx.path === '/api/prepared') ctx.body = new PreparedAnswer(JSON.stringify({ padding }));
      else if (ctx.path === '/api/counted') {
        ctx.status = 201;
        ctx.body = [{ toJSON: () => (serialized++, { padding }) }];
      } else ctx.body = { padding };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('compresses a large /api answer with brotli when accepted, else gzip, else not at all', async () => {
    const br = await raw(`${base}/api/list`, { acceptEncoding: 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.bytes.length).toBeLessThan(padding.length / 10);
    expect(JSON.parse(decodedText(br))).toEqual({ padding });
    const gzip = await raw(`${base}/api/list`, { acceptEncoding: 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decodedText(gzip))).toEqual({ padding });
    const plain = await raw(`${base}/api/list`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString())).toEqual({ padding });
  });

  it('turns an answer into JSON once, compressed or not, keeping its type and status (issue 17)', async () => {
    for (const acceptEncoding of [undefined, 'br']) {
      serialized = 0;
      const answer = await raw(`${base}/api/counted`, acceptEncoding ? { acceptEncoding } : {});
      expect(serialized).toBe(1);
      expect(answer.status).toBe(201);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(decodedText(answer))).toEqual([{ padding }]);
    }
  });

  it('sends a prepared answer (the project answer cache) in the encoding koa-compress picks for the same header', async () => {
    for (const acceptEncoding of [
      'gzip, deflate, br',
      'br;q=0.5, gzip',
      'gzip;q=0.5, br;q=0.5',
      'deflate, gzip;q=0',
      'zstd, br;q=0.9',
      '*',
      '*;q=0.5, br;q=0',
      'identity',
      'BR',
      undefined,
    ]) {
      const options = acceptEncoding ? { acceptEncoding } : {};
      const [plain, prepared] = await Promise.all([
        raw(`${base}/api/list`, options),
        raw(`${base}/api/prepared`, options),
      ]);
      expect([acceptEncoding, prepared.headers['content-encoding']]).toEqual([
        acceptEncoding,
        plain.headers['content-encoding'],
      ]);
      expect(prepared.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(prepared.headers.vary).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(decodedText(prepared))).toEqual({ padding });
    }
  });

  it('never picks zstd, which Node 20 cannot make, even when a browser prefers it', async () => {
    const answer = await raw(`${base}/api/list`, { acceptEncoding: 'zstd, br;q=0.9' });
    expect(answer.headers['content-encoding']).toBe('br');
  });

  it('leaves an answer with a token uncompressed (BREACH), however large', async () => {
    const answer = await raw(`${base}/api/login-like?name=abc`, { acceptEncoding: 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.bytes.length).toBeGreaterThan(1024);
    expect(JSON.parse(answer.bytes.toString())).toMatchObject({ token: 'geheim.token.wert' });
  });

  it('leaves small answers and paths outside /api alone', async () => {
    expect((await raw(`${base}/api/small`, { acceptEncoding: 'br' })).headers['content-encoding']).toBeUndefined();
    expect((await raw(`${base}/index-like`, { acceptEncoding: 'br' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('compressAnswers: on the server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await testServer();
  });
  afterAll(() => t.close());

  it('sends a board compressed, byte for byte the document of the uncompressed answer, still no-store', async () => {
    const owner = await signedIn(t, 'Projektleiter');
    let document = await buildProject(t, owner.token);
    for (let index = 0; index < 60; index++)
      document = withCard(document, {
        title: `Leitung ${index} prüfen`,
        description: 'Unterverteilung, FI-Schutzschalter',
      });
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${document.id}`, {
      token: owner.token,
      body: document,
    });
    expect(saved.status).toBe(200);
    const url = `${t.url}/api/projects/${document.id}`;
    const plain = await raw(url, { token: owner.token });
    const br = await raw(url, { token: owner.token, acceptEncoding: 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(JSON.parse(decodedText(br))).toEqual(JSON.parse(plain.bytes.toString()));
  });

  it('sends the login answer, which carries the token, uncompressed', async () => {
    const { user, password } = await signedIn(t, 'Monteur');
    const answer = await raw(`${t.url}/api/auth/login`, {
      method: 'POST',
      acceptEncoding: 'br, gzip',
      body: { username: user.username, password },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.bytes.toString())).toHaveProperty('token');
  });
});
