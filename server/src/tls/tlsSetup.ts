import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { de } from '@werkboard/common';
import { ConfigError, type TlsConfig } from '../config';
import type { Logger } from '../logger';
import {
  authorityPermits,
  createCertificateAuthority,
  issueServerCertificate,
  type KeyAndCertificate,
} from './certificates';

const t = de.server.tls;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A generated certificate is renewed at start when it has less than this left. */
const RENEW_BEFORE_DAYS = 30;

export interface TlsSetup {
  /** PEM key and certificate for https.createServer. */
  key: string;
  cert: string;
  /** SHA-256 fingerprint of the server's certificate, printed at start. */
  fingerprint: string;
  /** With TLS=self-signed: the local authority the devices install (DER for the download). */
  authority: { file: string; der: Buffer; fingerprint: string } | null;
}

export const tlsDir = (dataDir: string): string => path.join(dataDir, 'tls');

export const SELF_SIGNED_FILES = {
  authorityCertificate: 'werkboard-ca.crt',
  authorityKey: 'werkboard-ca.key',
  serverCertificate: 'server.crt',
  serverKey: 'server.key',
} as const;

function readPem(variable: string, file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(t.fileUnreadable(variable, file));
  }
}

/** TLS_CERT and TLS_KEY: a proper certificate (e.g. from the company's CA or Let's Encrypt), checked before use. */
function fromFiles(certificateFile: string, keyFile: string, logger: Logger, now: Date): TlsSetup {
  const cert = readPem('TLS_CERT', certificateFile);
  const key = readPem('TLS_KEY', keyFile);
  let certificate: crypto.X509Certificate;
  try {
    certificate = new crypto.X509Certificate(cert);
  } catch {
    throw new ConfigError(t.certificateInvalid);
  }
  let privateKey: crypto.KeyObject;
  try {
    privateKey = crypto.createPrivateKey(key);
  } catch {
    throw new ConfigError(t.keyInvalid);
  }
  if (!certificate.checkPrivateKey(privateKey)) throw new ConfigError(t.keyMismatch);
  if (new Date(certificate.validTo) < now) logger.warn(t.certificateExpired(certificate.validTo));
  return { key, cert, fingerprint: certificate.fingerprint256, authority: null };
}

function readPair(dir: string, keyFile: string, certificateFile: string): KeyAndCertificate | null {
  try {
    return {
      keyPem: fs.readFileSync(path.join(dir, keyFile), 'utf8'),
      certificatePem: fs.readFileSync(path.join(dir, certificateFile), 'utf8'),
    };
  } catch {
    return null;
  }
}

function writePair(dir: string, keyFile: string, certificateFile: string, pair: KeyAndCertificate): void {
  fs.writeFileSync(path.join(dir, keyFile), pair.keyPem, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, certificateFile), pair.certificatePem, { mode: 0o600 });
}

const daysLeft = (certificate: crypto.X509Certificate, now: Date) =>
  (new Date(certificate.validTo).getTime() - now.getTime()) / DAY_MS;

/** The stored authority, if it is readable, not about to run out and allowed to sign for these hosts. */
function usableAuthority(pair: KeyAndCertificate | null, hosts: string[], now: Date) {
  try {
    if (!pair) return null;
    const certificate = new crypto.X509Certificate(pair.certificatePem);
    const fits =
      certificate.checkPrivateKey(crypto.createPrivateKey(pair.keyPem)) &&
      authorityPermits(pair.certificatePem, hosts) &&
      daysLeft(certificate, now) >= RENEW_BEFORE_DAYS;
    return fits ? { pair, certificate } : null;
  } catch {
    return null;
  }
}

/** Whether the stored server certificate is signed by the authority, names every host, matches its key and lasts. */
function serverCertificateFits(
  server: KeyAndCertificate | null,
  authority: crypto.X509Certificate,
  hosts: string[],
  now: Date,
) {
  try {
    if (!server) return false;
    const certificate = new crypto.X509Certificate(server.certificatePem);
    return (
      certificate.checkIssued(authority) &&
      certificate.verify(authority.publicKey) &&
      certificate.checkPrivateKey(crypto.createPrivateKey(server.keyPem)) &&
      hosts.every(
        (host) => (net.isIP(host) === 0 ? certificate.checkHost(host) : certificate.checkIP(host)) !== undefined,
      ) &&
      daysLeft(certificate, now) >= RENEW_BEFORE_DAYS
    );
  } catch {
    return false;
  }
}

/**
 * TLS=self-signed: a local authority (made once, installed once on each device) signs the
 * server's certificate, which is renewed at start before it runs out. The authority is made
 * again only when it runs out or the hosts change (its name constraints list them).
 */
function selfSigned(dataDir: string, hosts: string[], logger: Logger, now: Date): TlsSetup {
  const dir = tlsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = SELF_SIGNED_FILES;
  const stored = readPair(dir, files.authorityKey, files.authorityCertificate);
  let authority = usableAuthority(stored, hosts, now);
  if (!authority) {
    if (stored) logger.warn(t.newAuthority);
    const pair = createCertificateAuthority(
      `Werkboard CA ${os.hostname()} ${now.toISOString().slice(0, 10)}`,
      hosts,
      now,
    );
    writePair(dir, files.authorityKey, files.authorityCertificate, pair);
    authority = { pair, certificate: new crypto.X509Certificate(pair.certificatePem) };
  }
  let server = readPair(dir, files.serverKey, files.serverCertificate);
  if (!server || !serverCertificateFits(server, authority.certificate, hosts, now)) {
    server = issueServerCertificate(authority.pair, hosts, now);
    writePair(dir, files.serverKey, files.serverCertificate, server);
    logger.info({ hosts }, 'TLS server certificate issued');
  }
  return {
    key: server.keyPem,
    cert: server.certificatePem,
    fingerprint: new crypto.X509Certificate(server.certificatePem).fingerprint256,
    authority: {
      file: path.join(dir, files.authorityCertificate),
      der: authority.certificate.raw,
      fingerprint: authority.certificate.fingerprint256,
    },
  };
}

/** The key and certificate the server listens with, from TLS_CERT/TLS_KEY or generated (TLS=self-signed). */
export function prepareTls(config: TlsConfig, dataDir: string, logger: Logger, now = new Date()): TlsSetup {
  return config.source === 'files'
    ? fromFiles(config.certificateFile, config.keyFile, logger, now)
    : selfSigned(dataDir, config.hosts, logger, now);
}
