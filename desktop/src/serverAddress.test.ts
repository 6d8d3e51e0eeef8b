import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { checkServerAddress, validateServerAddress } from './serverAddress';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/api/status') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          startCommandSent: true,
          backendStarted: true,
          databaseReachable: true,
          databaseInitialized: true,
        }),
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('checkServerAddress', () => {
  it('takes a Werkboard server and answers its origin, also typed without http://', async () => {
    await expect(checkServerAddress(`http://127.0.0.1:${port}/irgendwo`)).resolves.toEqual({
      ok: true,
      address: `http://127.0.0.1:${port}`,
    });
    await expect(checkServerAddress(` 127.0.0.1:${port} `)).resolves.toEqual({
      ok: true,
      address: `http://127.0.0.1:${port}`,
    });
  });

  it('tells an invalid address, an unreachable one and another kind of server apart', async () => {
    await expect(checkServerAddress('file:///etc/passwd')).resolves.toEqual({ ok: false, reason: 'invalid' });
    await expect(checkServerAddress('http://user:pw@127.0.0.1')).resolves.toEqual({ ok: false, reason: 'invalid' });
    await expect(checkServerAddress('http://127.0.0.1:1')).resolves.toEqual({ ok: false, reason: 'unreachable' });
    // A web server that is not Werkboard: /api/status is no JSON with the start flags.
    const other = http.createServer((_request, response) => response.end('<html>Router</html>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as AddressInfo).port;
    await expect(checkServerAddress(`http://127.0.0.1:${otherPort}`)).resolves.toEqual({
      ok: false,
      reason: 'notWerkboard',
    });
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  });

  it('validates what the page sends', () => {
    expect(validateServerAddress('http://a').ok).toBe(true);
    for (const payload of ['', 42, null, { url: 'x' }, 'x'.repeat(501)])
      expect(validateServerAddress(payload).ok).toBe(false);
  });
});
