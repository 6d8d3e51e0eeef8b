import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import {
  AUTHORITY_VALIDITY_DAYS,
  createCertificateAuthority,
  ipAddressBytes,
  issueServerCertificate,
  type KeyAndCertificate,
  SERVER_VALIDITY_DAYS,
} from './certificates';

const HOSTS = ['werkboard.firma.de', 'localhost', '127.0.0.1', '192.168.178.20', '::1'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** Serves one https request with the given certificate and connects to it as a phone would. */
async function handshake(server: KeyAndCertificate, trusted: string, servername?: string): Promise<string> {
  const httpsServer = https.createServer({ key: server.keyPem, cert: server.certificatePem }, (_req, res) =>
    res.end('ok'),
  );
  await new Promise<void>((resolve) => httpsServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpsServer.address() as AddressInfo;
  try {
    return await new Promise<string>((resolve) => {
      const socket = tls.connect(
        { host: '127.0.0.1', port, ca: trusted, ...(servername ? { servername } : {}) },
        () => {
          socket.end();
          resolve('trusted');
        },
      );
      socket.on('error', (error: Error) => resolve(error.message));
    });
  } finally {
    httpsServer.close();
  }
}

describe('the self-signed certificates', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  let authority: KeyAndCertificate;
  let server: KeyAndCertificate;
  beforeAll(() => {
    authority = createCertificateAuthority('Werkboard CA test', HOSTS, now);
    server = issueServerCertificate(authority, HOSTS, now);
  });

  it('makes an authority that signed itself and may sign only server certificates', () => {
    const ca = new crypto.X509Certificate(authority.certificatePem);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toBe('O=Werkboard\nCN=Werkboard CA test');
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(crypto.createPrivateKey(authority.keyPem).asymmetricKeyType).toBe('ec');
    expect(new Date(ca.validTo).getTime() - now.getTime()).toBe(AUTHORITY_VALIDITY_DAYS * DAY_MS);
  });

  it('issues a server certificate for every host, within what phones accept', () => {
    const ca = new crypto.X509Certificate(authority.certificatePem);
    const leaf = new crypto.X509Certificate(server.certificatePem);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkPrivateKey(crypto.createPrivateKey(server.keyPem))).toBe(true);
    expect(leaf.checkHost('werkboard.firma.de')).toBe('werkboard.firma.de');
    expect(leaf.checkHost('localhost')).toBe('localhost');
    expect(leaf.checkIP('192.168.178.20')).toBe('192.168.178.20');
    expect(leaf.checkIP('::1')).toBe('::1');
    expect(leaf.checkHost('andere.firma.de')).toBeUndefined();
    expect(leaf.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    const days = (new Date(leaf.validTo).getTime() - new Date(leaf.validFrom).getTime()) / DAY_MS;
    expect(days).toBeLessThanOrEqual(825);
    expect(new Date(leaf.validTo).getTime() - now.getTime()).toBe(SERVER_VALIDITY_DAYS * DAY_MS);
  });

  it('gives a TLS connection that trusts the authority, by name and by address', async () => {
    expect(await handshake(server, authority.certificatePem, 'localhost')).toBe('trusted');
    expect(await handshake(server, authority.certificatePem)).toBe('trusted');
  });

  it('is refused by a client that has not installed the authority', async () => {
    const other = createCertificateAuthority('Andere CA', HOSTS, new Date());
    expect(await handshake(server, other.certificatePem, 'localhost')).toBe('unable to verify the first certificate');
  });

  it('holds the authority to its hosts: a certificate it signs for another name is refused', async () => {
    const current = createCertificateAuthority('Werkboard CA heute', HOSTS, new Date());
    const foreign = issueServerCertificate(current, ['bank.example', '10.0.0.1'], new Date());
    expect(await handshake(foreign, current.certificatePem, 'bank.example')).toBe('permitted subtree violation');
  });

  it('writes IP addresses as their bytes', () => {
    expect(ipAddressBytes('192.168.1.2').toString('hex')).toBe('c0a80102');
    expect(ipAddressBytes('::1').toString('hex')).toBe('00000000000000000000000000000001');
    expect(ipAddressBytes('fe80::1:2').toString('hex')).toBe('fe800000000000000000000000010002');
    expect(ipAddressBytes('::ffff:10.0.0.1').toString('hex')).toBe('00000000000000000000ffff0a000001');
    expect(() => ipAddressBytes('kein.host')).toThrow();
  });
});
