import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createApiForwarder } from './apiForwarder';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let origin: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.url === '/api/slow') return; // never answers
      if (request.url === '/api/empty') {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(request.url === '/api/missing' ? 404 : 200, {
        'Content-Type': 'application/json',
        'X-Request-Id': 'r-1',
      });
      response.end(JSON.stringify({ echoed: body, path: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the /api forwarder', () => {
  it('sends method, path, query, headers and body to the company server and passes the answer back', async () => {
    seen.length = 0;
    const forward = createApiForwarder({ serverOrigin: () => origin });
    const answer = await forward(
      new Request('app://werkboard/api/projects/7?delta=3', {
        method: 'PUT',
        headers: {
          Authorization: 'Bearer t',
          'Idempotency-Key': 'k-1',
          'X-Device-Id': 'd-1',
          'Content-Type': 'application/json',
          Origin: 'app://werkboard',
          Cookie: 'a=b',
        },
        body: '{"name":"Bad Müller"}',
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('r-1');
    expect(await answer.json()).toEqual({ echoed: '{"name":"Bad Müller"}', path: '/api/projects/7?delta=3' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: '/api/projects/7?delta=3',
      headers: { authorization: 'Bearer t', 'idempotency-key': 'k-1', 'x-device-id': 'd-1' },
    });
    expect(seen[0]!.headers.origin).toBeUndefined();
    expect(seen[0]!.headers.cookie).toBeUndefined();
  });

  it('passes the server’s errors and empty answers on unchanged', async () => {
    const forward = createApiForwarder({ serverOrigin: () => origin });
    expect((await forward(new Request('app://werkboard/api/missing'))).status).toBe(404);
    const empty = await forward(new Request('app://werkboard/api/empty', { method: 'DELETE' }));
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('answers like a network failure when the server is unreachable, slow or not configured', async () => {
    const warnings: string[] = [];
    // A port nobody listens on: take one from a server and close it again.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const unreachable = createApiForwarder({
      serverOrigin: () => `http://127.0.0.1:${closedPort}`,
      logWarning: (message) => warnings.push(message),
    });
    const refused = await unreachable(new Request('app://werkboard/api/projects/7', { method: 'PUT', body: '{}' }));
    expect(refused.type).toBe('error');
    expect(refused.status).toBe(0);

    const slow = createApiForwarder({
      serverOrigin: () => origin,
      timeoutMs: 300,
      logWarning: (m) => warnings.push(m),
    });
    expect((await slow(new Request('app://werkboard/api/slow'))).type).toBe('error');

    const none = createApiForwarder({ serverOrigin: () => null });
    expect((await none(new Request('app://werkboard/api/status'))).type).toBe('error');
    expect(warnings).toHaveLength(2);
  });
});
