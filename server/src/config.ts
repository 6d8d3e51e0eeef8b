import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { de } from '@werkboard/common';
import { parseTrustedProxies, TrustProxyError } from './http/clientAddress';
import { parseLicensePublicKey } from './license/licenseKey';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from './license/publicKey';
import { defaultRendererDir } from './paths';

/** Where the server's TLS certificate comes from. */
export type TlsConfig =
  | { source: 'files'; certificateFile: string; keyFile: string }
  /** Generated into DATA_DIR/tls for these host names and addresses (the first is the certificate's name). */
  | { source: 'self-signed'; hosts: string[] };

export interface Config {
  port: number;
  /** Listen address; all interfaces by default so phones on the company network reach it. */
  host: string;
  dataDir: string;
  /** Another PostgreSQL; when absent the embedded one under dataDir/pg is used. */
  databaseUrl: string | null;
  adminUsername: string;
  /** When absent on first start a password is generated and printed once. */
  adminPassword: string | null;
  rendererDir: string;
  logLevel: string;
  /** Seconds a login token stays valid. */
  tokenTtlSeconds: number;
  /** Whether log lines also go to the console (tests turn this off). */
  logToConsole: boolean;
  /** PEM of the Ed25519 key that license keys are verified with (the built-in one by default). */
  licensePublicKey: string;
  /** HTTPS on the server's own port; null serves plain HTTP (behind a TLS proxy, or only in the LAN). */
  tls: TlsConfig | null;
  /** A plain-HTTP port that redirects to HTTPS (and offers the local authority's certificate). */
  httpRedirectPort: number | null;
  /** Peers whose X-Forwarded-For names the client (TRUST_PROXY); null trusts no one. */
  trustedProxies: net.BlockList | null;
  /** Where users open the app (PUBLIC_URL), for links in e-mails; else the address a request came to. */
  publicUrl?: string;
  /** From which hour of the server's local day the daily message digest goes out (DIGEST_HOUR, 0-23; 7 by default). */
  digestHour?: number;
}

export const DEFAULT_DIGEST_HOUR = 7;

function parseHour(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_DIGEST_HOUR;
  const hour = Number(value);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23)
    throw new ConfigError(`DIGEST_HOUR must be a whole hour 0-23, got "${value}"`);
  return hour;
}

export class ConfigError extends Error {}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0-65535, got "${value}"`);
  return port;
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function parseLicenseKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return BUILT_IN_LICENSE_PUBLIC_KEY;
  try {
    parseLicensePublicKey(value);
  } catch {
    throw new ConfigError('LICENSE_PUBLIC_KEY must be an Ed25519 public key in PEM format');
  }
  return value;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** Always in the certificate, so that the server can be reached from its own machine. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '::1'];

/** Without TLS_HOSTS: the machine's name and its network addresses (link-local ones cannot be named in a URL). */
function machineHosts(): string[] {
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && !entry.address.startsWith('fe80:'))
    .map((entry) => entry?.address ?? '');
  return [os.hostname(), ...addresses].filter((host) => net.isIP(host) !== 0 || HOST_NAME.test(host));
}

function parseTlsHosts(value: string | undefined): string[] {
  const given = (value ?? '').split(/[\s,]+/).filter((host) => host !== '');
  for (const host of given) {
    if (net.isIP(host) === 0 && !HOST_NAME.test(host)) throw new ConfigError(de.server.tls.invalidHost(host));
  }
  const hosts = given.length > 0 ? given : machineHosts();
  return [...new Set([...hosts.map((host) => (net.isIP(host) === 0 ? host.toLowerCase() : host)), ...LOCAL_HOSTS])];
}

function parseTls(env: NodeJS.ProcessEnv, cwd: string): TlsConfig | null {
  const certificateFile = env.TLS_CERT ?? '';
  const keyFile = env.TLS_KEY ?? '';
  const mode = env.TLS ?? '';
  if (mode !== '' && mode !== 'self-signed') throw new ConfigError(de.server.tls.unknownMode(mode));
  if ((certificateFile === '') !== (keyFile === '')) throw new ConfigError(de.server.tls.certificateAndKey);
  if (certificateFile !== '') {
    if (mode !== '') throw new ConfigError(de.server.tls.twoSources);
    return {
      source: 'files',
      certificateFile: path.resolve(cwd, certificateFile),
      keyFile: path.resolve(cwd, keyFile),
    };
  }
  return mode === 'self-signed' ? { source: 'self-signed', hosts: parseTlsHosts(env.TLS_HOSTS) } : null;
}

function parseRedirectPort(value: string | undefined, tls: TlsConfig | null): number | null {
  if (value === undefined || value === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new ConfigError(de.server.tls.invalidRedirectPort(value));
  if (!tls) throw new ConfigError(de.server.tls.redirectWithoutTls);
  return port;
}

function parseTrustProxy(value: string | undefined): net.BlockList | null {
  try {
    return parseTrustedProxies(value);
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(de.server.invalidTrustProxy(error.message));
    throw error;
  }
}

/** Reads the configuration from environment variables (documented in the README). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  // The first Admin's password follows the default rule: checked when it is used (db/seed.ts).
  const adminPassword = env.ADMIN_PASSWORD ?? '';
  const tls = parseTls(env, cwd);
  return {
    port: parsePort(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    adminUsername: (env.ADMIN_USERNAME || 'admin').trim(),
    adminPassword: adminPassword === '' ? null : adminPassword,
    rendererDir: env.RENDERER_DIR ? path.resolve(cwd, env.RENDERER_DIR) : defaultRendererDir(),
    logLevel: env.LOG_LEVEL || 'info',
    tokenTtlSeconds: parsePositiveInt('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 12 * 60 * 60),
    logToConsole: env.LOG_TO_CONSOLE !== 'false',
    licensePublicKey: parseLicenseKey(env.LICENSE_PUBLIC_KEY),
    tls,
    httpRedirectPort: parseRedirectPort(env.HTTP_REDIRECT_PORT, tls),
    trustedProxies: parseTrustProxy(env.TRUST_PROXY),
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') } : {}),
    digestHour: parseHour(env.DIGEST_HOUR),
  };
}
