import path from 'node:path';
import { parseLicensePublicKey } from './license/licenseKey';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from './license/publicKey';
import { defaultRendererDir } from './paths';

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

/** Reads the configuration from environment variables (documented in the README). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const adminPassword = env.ADMIN_PASSWORD ?? '';
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
  };
}
