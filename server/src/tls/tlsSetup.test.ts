import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { de } from '@werkboard/common';
import { ConfigError } from '../config';
import { createCertificateAuthority, issueServerCertificate } from './certificates';
import { prepareTls, SELF_SIGNED_FILES, tlsDir } from './tlsSetup';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOSTS = ['werkboard.firma.de', '192.168.178.20', 'localhost', '127.0.0.1', '::1'];

describe('the TLS certificate of the server', () => {
  let dataDir: string;
  const warnings: string[] = [];
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level === 40) warnings.push(entry.msg);
      },
    },
  );
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-tls-'));
    warnings.length = 0;
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  describe('from TLS_CERT and TLS_KEY', () => {
    const authority = createCertificateAuthority('Firmen-CA', HOSTS);
    const pair = issueServerCertificate(authority, HOSTS);
    const write = (name: string, text: string) => {
      const file = path.join(dataDir, name);
      fs.writeFileSync(file, text);
      return file;
    };

    it('uses a matching pair and reports its fingerprint', () => {
      const setup = prepareTls(
        {
          source: 'files',
          certificateFile: write('cert.pem', pair.certificatePem),
          keyFile: write('key.pem', pair.keyPem),
        },
        dataDir,
        logger,
      );
      expect(setup.cert).toBe(pair.certificatePem);
      expect(setup.fingerprint).toBe(new crypto.X509Certificate(pair.certificatePem).fingerprint256);
      expect(setup.authority).toBeNull();
      expect(fs.existsSync(tlsDir(dataDir))).toBe(false);
    });

    it('refuses with German messages what cannot serve', () => {
      const certificateFile = write('cert.pem', pair.certificatePem);
      const otherKey = write('other.pem', createCertificateAuthority('x', HOSTS).keyPem);
      const prepare = (cert: string, key: string) =>
        prepareTls({ source: 'files', certificateFile: cert, keyFile: key }, dataDir, logger);
      expect(() => prepare(certificateFile, otherKey)).toThrow(new ConfigError(de.server.tls.keyMismatch));
      expect(() => prepare(write('bad.pem', 'kein Zertifikat'), otherKey)).toThrow(
        new ConfigError(de.server.tls.certificateInvalid),
      );
      expect(() => prepare(certificateFile, write('badkey.pem', 'kein Schlüssel'))).toThrow(
        new ConfigError(de.server.tls.keyInvalid),
      );
      const missing = path.join(dataDir, 'fehlt.pem');
      expect(() => prepare(missing, otherKey)).toThrow(
        new ConfigError(de.server.tls.fileUnreadable('TLS_CERT', missing)),
      );
    });

    it('warns about an expired certificate', () => {
      const old = issueServerCertificate(authority, HOSTS, new Date(Date.now() - 900 * DAY_MS));
      prepareTls(
        { source: 'files', certificateFile: write('old.pem', old.certificatePem), keyFile: write('k.pem', old.keyPem) },
        dataDir,
        logger,
      );
      expect(warnings).toEqual([
        de.server.tls.certificateExpired(new crypto.X509Certificate(old.certificatePem).validTo),
      ]);
    });
  });

  describe('generated (TLS=self-signed)', () => {
    const selfSigned = { source: 'self-signed', hosts: HOSTS } as const;

    it('makes an authority and a server certificate for the hosts, private to the server', () => {
      const setup = prepareTls(selfSigned, dataDir, logger);
      const server = new crypto.X509Certificate(setup.cert);
      const authority = new crypto.X509Certificate(fs.readFileSync(setup.authority?.file ?? ''));
      expect(server.checkIssued(authority) && server.verify(authority.publicKey)).toBe(true);
      expect(server.checkHost('werkboard.firma.de')).toBe('werkboard.firma.de');
      expect(server.checkIP('192.168.178.20')).toBe('192.168.178.20');
      expect(setup.authority?.fingerprint).toBe(authority.fingerprint256);
      expect(setup.authority?.der.equals(authority.raw)).toBe(true);
      expect(fs.statSync(tlsDir(dataDir)).mode & 0o777).toBe(0o700);
      for (const file of Object.values(SELF_SIGNED_FILES)) {
        expect(fs.statSync(path.join(tlsDir(dataDir), file)).mode & 0o777).toBe(0o600);
      }
    });

    it('keeps both at the next start, so that devices need not install anything again', () => {
      const first = prepareTls(selfSigned, dataDir, logger);
      const second = prepareTls(selfSigned, dataDir, logger);
      expect(second.fingerprint).toBe(first.fingerprint);
      expect(second.authority?.fingerprint).toBe(first.authority?.fingerprint);
    });

    it('renews the server certificate before it runs out, under the same authority', () => {
      const first = prepareTls(selfSigned, dataDir, logger);
      const later = prepareTls(selfSigned, dataDir, logger, new Date(Date.now() + 780 * DAY_MS));
      expect(later.fingerprint).not.toBe(first.fingerprint);
      expect(later.authority?.fingerprint).toBe(first.authority?.fingerprint);
      expect(warnings).toEqual([]);
    });

    it('renews a server certificate that was lost, under the same authority', () => {
      const first = prepareTls(selfSigned, dataDir, logger);
      fs.writeFileSync(path.join(tlsDir(dataDir), SELF_SIGNED_FILES.serverKey), 'halb geschrieben');
      const again = prepareTls(selfSigned, dataDir, logger);
      expect(again.fingerprint).not.toBe(first.fingerprint);
      expect(again.authority?.fingerprint).toBe(first.authority?.fingerprint);
    });

    it('makes a new authority when a host is added, and says that devices must install it', () => {
      const first = prepareTls(selfSigned, dataDir, logger);
      const moved = prepareTls({ source: 'self-signed', hosts: [...HOSTS, '10.0.0.5'] }, dataDir, logger);
      expect(moved.authority?.fingerprint).not.toBe(first.authority?.fingerprint);
      expect(new crypto.X509Certificate(moved.cert).checkIP('10.0.0.5')).toBe('10.0.0.5');
      expect(warnings).toEqual([de.server.tls.newAuthority]);
    });
  });
});
