import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { de } from '@werkboard/common';
import { AUTHORITY_DOWNLOAD_PATH, createRedirectServer } from './httpRedirect';

/** A raw request, so that the Host header can be anything. */
function get(port: number, urlPath: string, host: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path: urlPath, headers: { Host: host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the plain-HTTP port next to HTTPS', () => {
  const der = Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]);
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = createRedirectServer(8443, { file: '/data/tls/werkboard-ca.crt', der, fingerprint: 'AA:BB' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends every page request on to HTTPS, same host and path', async () => {
    const answer = await get(port, '/#/project/1?x=1', 'werkboard.firma.de:8080');
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('https://werkboard.firma.de:8443/#/project/1?x=1');
    expect((await get(port, '/manifest.webmanifest', '[fd00::5]:80')).headers.location).toBe(
      'https://[fd00::5]:8443/manifest.webmanifest',
    );
    expect((await get(port, '/', '192.168.178.20')).headers.location).toBe('https://192.168.178.20:8443/');
    expect((await get(port, '/apidoc', '192.168.178.20')).status).toBe(308);
  });

  it.each(['/api', '/api/status', '/api/auth/login', '/api?x=1'])(
    'refuses %s in German instead of redirecting it (ASVS 4.1.2)',
    async (apiPath) => {
      const answer = await get(port, apiPath, 'werkboard.firma.de:8080');
      expect(answer.status).toBe(403);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body.toString())).toEqual({
        message: de.server.tls.apiNeedsHttps,
        code: 'https_required',
      });
    },
  );

  it('refuses a Host header that is no host', async () => {
    const answer = await get(port, '/', 'evil.example/@x');
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body.toString()).toBe('Ungültige Anfrage.');
  });

  it('hands out the local authority for devices to install', async () => {
    const answer = await get(port, AUTHORITY_DOWNLOAD_PATH, 'werkboard.firma.de');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(answer.body.equals(der)).toBe(true);
  });

  it('has no download when the certificate is not generated', async () => {
    const plain = createRedirectServer(443, null);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await get((plain.address() as AddressInfo).port, AUTHORITY_DOWNLOAD_PATH, 'werkboard.firma.de');
      expect(answer.status).toBe(308);
    } finally {
      plain.close();
    }
  });
});
