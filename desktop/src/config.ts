import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { writeFileAtomically } from './persistFile';

export const SERVER_URL_ENV = 'WERKBOARD_SERVER_URL';

export const CONFIG_FILE_NAME = 'config.json';

/**
 * Folder name under the OS's app-data directory. Set explicitly because Electron would
 * otherwise derive it from the package name (`@werkboard/desktop`).
 */
export const USER_DATA_FOLDER_NAME = 'Werkboard';

/** 'none': nothing configured yet; the app then asks for the address (first start). */
export type ServerUrlSource = 'env' | 'config' | 'none';

export interface ResolvedServerUrl {
  /** The server's URL (normalised by the URL parser), null when none is configured. */
  url: string | null;
  /** scheme://host[:port]: where the shell forwards /api; null when none is configured. */
  origin: string | null;
  source: ServerUrlSource;
  /** Why a configured value was skipped; the caller logs them. */
  warnings: string[];
}

export type ParsedServerUrl = { ok: true; url: string; origin: string } | { ok: false; reason: string };

/**
 * Accepts only http(s) URLs without credentials: the shell loads whatever this names with
 * the bridge attached, so a file:, javascript: or credential-carrying URL is refused.
 */
export function parseServerUrl(raw: string): ParsedServerUrl {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `protocol ${url.protocol} is not allowed (only http and https)` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'credentials in the URL are not allowed' };
  }
  if (url.hostname === '') {
    return { ok: false, reason: 'the URL has no host' };
  }
  return { ok: true, url: url.href, origin: url.origin };
}

export type ConfigFileServerUrl =
  { kind: 'absent' } | { kind: 'value'; value: string } | { kind: 'invalid'; reason: string };

/** Reads `serverUrl` out of config.json's text; other keys are ignored for later settings. */
export function serverUrlFromConfigText(text: string | undefined): ConfigFileServerUrl {
  if (text === undefined || text.trim() === '') return { kind: 'absent' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'invalid', reason: 'config.json is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { kind: 'invalid', reason: 'config.json must contain a JSON object' };
  }
  if (!('serverUrl' in parsed) || parsed.serverUrl === undefined) return { kind: 'absent' };
  if (typeof parsed.serverUrl !== 'string') {
    return { kind: 'invalid', reason: 'serverUrl in config.json must be a string' };
  }
  return { kind: 'value', value: parsed.serverUrl };
}

export interface ServerUrlInputs {
  env: Readonly<Record<string, string | undefined>>;
  /** config.json's text, or undefined when the file does not exist. */
  configFileText: string | undefined;
}

/**
 * Environment first (for admins and tests), then config.json, else none (the first start
 * asks). An invalid value is skipped with a warning and the next source is tried, so one typo
 * does not leave the shell without a server when another source names a valid one.
 */
export function resolveServerUrl({ env, configFileText }: ServerUrlInputs): ResolvedServerUrl {
  const warnings: string[] = [];

  const fromEnv = env[SERVER_URL_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const parsed = parseServerUrl(fromEnv);
    if (parsed.ok) return { url: parsed.url, origin: parsed.origin, source: 'env', warnings };
    warnings.push(`${SERVER_URL_ENV} ignored: ${parsed.reason}`);
  }

  const fromFile = serverUrlFromConfigText(configFileText);
  if (fromFile.kind === 'invalid') {
    warnings.push(`${CONFIG_FILE_NAME} ignored: ${fromFile.reason}`);
  } else if (fromFile.kind === 'value') {
    const parsed = parseServerUrl(fromFile.value);
    if (parsed.ok) return { url: parsed.url, origin: parsed.origin, source: 'config', warnings };
    warnings.push(`serverUrl in ${CONFIG_FILE_NAME} ignored: ${parsed.reason}`);
  }

  return { url: null, origin: null, source: 'none', warnings };
}

/** config.json's text, undefined when it does not exist; other read errors become warnings. */
export function readConfigFileText(userDataDir: string): { text: string | undefined; warning?: string } {
  const file = path.join(userDataDir, CONFIG_FILE_NAME);
  try {
    return { text: readFileSync(file, 'utf8') };
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return { text: undefined };
    return { text: undefined, warning: `${file} could not be read: ${String(error)}` };
  }
}

/** The thin impure edge: reads config.json from userData and resolves, logging every warning. */
export function loadServerUrl(
  userDataDir: string,
  env: Readonly<Record<string, string | undefined>>,
  logWarning: (message: string) => void,
): ResolvedServerUrl {
  const file = readConfigFileText(userDataDir);
  if (file.warning !== undefined) logWarning(file.warning);
  const resolved = resolveServerUrl({ env, configFileText: file.text });
  for (const warning of resolved.warnings) logWarning(warning);
  return resolved;
}

// Not `instanceof Error`: errors from another realm (a VM context, jest) would fail it.
function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return typeof error === 'object' && error !== null && 'code' in error;
}

/** What the shell remembers besides the server: the open page and the last save folder. */
export interface ShellSettings {
  lastRoute: string | null;
  lastSaveDirectory: string | null;
}

/** A hash route of the app ('/project/…'); anything else is not restored. */
export function isRestorableRoute(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 300 && /^\/[A-Za-z0-9\-_/.~%?=&]*$/.test(value);
}

function readConfigObject(userDataDir: string): Record<string, unknown> {
  const file = readConfigFileText(userDataDir);
  if (file.text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(file.text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // An unreadable file counts as empty; resolveServerUrl warns about it.
  }
  return {};
}

export function readShellSettings(userDataDir: string): ShellSettings {
  const config = readConfigObject(userDataDir);
  const { lastRoute, lastSaveDirectory } = config;
  return {
    lastRoute: isRestorableRoute(lastRoute) ? lastRoute : null,
    lastSaveDirectory:
      typeof lastSaveDirectory === 'string' && path.isAbsolute(lastSaveDirectory) ? lastSaveDirectory : null,
  };
}

/**
 * Merges `patch` into config.json (the server chosen in the app's dialog, the open page, the
 * last save folder), keeping every other key; written atomically, like the persisted session.
 */
export function saveShellSettings(userDataDir: string, patch: Partial<ShellSettings> & { serverUrl?: string }): void {
  const config = { ...readConfigObject(userDataDir), ...patch };
  mkdirSync(userDataDir, { recursive: true });
  writeFileAtomically(path.join(userDataDir, CONFIG_FILE_NAME), `${JSON.stringify(config, null, 2)}\n`);
}
