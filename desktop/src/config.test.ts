import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  CONFIG_FILE_NAME,
  isRestorableRoute,
  loadServerUrl,
  parseServerUrl,
  readConfigFileText,
  readShellSettings,
  resolveServerUrl,
  saveShellSettings,
  SERVER_URL_ENV,
  serverUrlFromConfigText,
} from './config';

describe('parseServerUrl', () => {
  it('accepts http and https and derives the origin', () => {
    expect(parseServerUrl('http://werkboard.local:3000')).toEqual({
      ok: true,
      url: 'http://werkboard.local:3000/',
      origin: 'http://werkboard.local:3000',
    });
    expect(parseServerUrl('  https://board.example.de/  ')).toEqual({
      ok: true,
      url: 'https://board.example.de/',
      origin: 'https://board.example.de',
    });
  });

  it('refuses other protocols, credentials and garbage', () => {
    for (const raw of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://server',
      'localhost:3000',
      'not a url',
      '',
    ]) {
      expect(parseServerUrl(raw).ok).toBe(false);
    }
    expect(parseServerUrl('https://admin:secret@board.example.de')).toEqual({
      ok: false,
      reason: 'credentials in the URL are not allowed',
    });
    expect(parseServerUrl('https://admin@board.example.de').ok).toBe(false);
  });
});

describe('serverUrlFromConfigText', () => {
  it('reads serverUrl from a JSON object and ignores other keys', () => {
    expect(serverUrlFromConfigText('{"serverUrl":"http://10.0.0.5:3000","theme":"dark"}')).toEqual({
      kind: 'value',
      value: 'http://10.0.0.5:3000',
    });
  });

  it('treats a missing file, empty text or missing key as absent', () => {
    expect(serverUrlFromConfigText(undefined)).toEqual({ kind: 'absent' });
    expect(serverUrlFromConfigText('  \n')).toEqual({ kind: 'absent' });
    expect(serverUrlFromConfigText('{}')).toEqual({ kind: 'absent' });
  });

  it('reports broken JSON and wrong shapes', () => {
    expect(serverUrlFromConfigText('{serverUrl: nope')).toEqual({
      kind: 'invalid',
      reason: 'config.json is not valid JSON',
    });
    expect(serverUrlFromConfigText('["http://x"]').kind).toBe('invalid');
    expect(serverUrlFromConfigText('null').kind).toBe('invalid');
    expect(serverUrlFromConfigText('{"serverUrl":3000}').kind).toBe('invalid');
  });
});

describe('resolveServerUrl', () => {
  const fileText = JSON.stringify({ serverUrl: 'http://192.168.1.20:3000' });

  it('prefers the environment over config.json', () => {
    const resolved = resolveServerUrl({
      env: { [SERVER_URL_ENV]: 'https://board.example.de' },
      configFileText: fileText,
    });
    expect(resolved).toEqual({
      url: 'https://board.example.de/',
      origin: 'https://board.example.de',
      source: 'env',
      warnings: [],
    });
  });

  it('uses config.json when the environment has nothing (or an empty value)', () => {
    for (const env of [{}, { [SERVER_URL_ENV]: '' }, { [SERVER_URL_ENV]: '   ' }]) {
      const resolved = resolveServerUrl({ env, configFileText: fileText });
      expect(resolved.source).toBe('config');
      expect(resolved.origin).toBe('http://192.168.1.20:3000');
      expect(resolved.warnings).toEqual([]);
    }
  });

  it('names no server without any configuration, so the first start asks', () => {
    const resolved = resolveServerUrl({ env: {}, configFileText: undefined });
    expect(resolved).toEqual({ url: null, origin: null, source: 'none', warnings: [] });
  });

  it('skips an invalid environment value with a warning and tries config.json next', () => {
    const resolved = resolveServerUrl({ env: { [SERVER_URL_ENV]: 'file:///tmp/app.html' }, configFileText: fileText });
    expect(resolved.source).toBe('config');
    expect(resolved.warnings).toEqual([
      `${SERVER_URL_ENV} ignored: protocol file: is not allowed (only http and https)`,
    ]);
  });

  it('names no server, with warnings, when every source is invalid', () => {
    const resolved = resolveServerUrl({
      env: { [SERVER_URL_ENV]: 'javascript:alert(1)' },
      configFileText: JSON.stringify({ serverUrl: 'http://user:pw@host:3000' }),
    });
    expect(resolved.source).toBe('none');
    expect(resolved.origin).toBeNull();
    expect(resolved.warnings).toHaveLength(2);
    expect(resolved.warnings[1]).toContain('credentials');
  });

  it('warns about an unreadable config.json', () => {
    const resolved = resolveServerUrl({ env: {}, configFileText: 'serverUrl=http://x' });
    expect(resolved.source).toBe('none');
    expect(resolved.warnings).toEqual([`${CONFIG_FILE_NAME} ignored: config.json is not valid JSON`]);
  });
});

describe('reading config.json from userData', () => {
  let userData: string;

  beforeEach(async () => {
    userData = await mkdtemp(path.join(tmpdir(), 'werkboard-config-'));
  });

  afterEach(async () => {
    await rm(userData, { recursive: true, force: true });
  });

  it('returns no text and no warning when the file does not exist', () => {
    expect(readConfigFileText(userData)).toEqual({ text: undefined });
  });

  it('reads the file when it exists', async () => {
    await writeFile(path.join(userData, CONFIG_FILE_NAME), '{"serverUrl":"https://a.example"}');
    expect(readConfigFileText(userData)).toEqual({ text: '{"serverUrl":"https://a.example"}' });
  });

  it('turns other read errors into a warning', async () => {
    // A directory where the file should be: reading fails with EISDIR, not ENOENT.
    await mkdir(path.join(userData, CONFIG_FILE_NAME));
    const result = readConfigFileText(userData);
    expect(result.text).toBeUndefined();
    expect(result.warning).toContain('could not be read');
  });

  it('loadServerUrl resolves from the file and logs every warning', async () => {
    await writeFile(
      path.join(userData, CONFIG_FILE_NAME),
      JSON.stringify({ serverUrl: 'https://board.example.de:8443' }),
    );
    const logged: string[] = [];
    const resolved = loadServerUrl(userData, { [SERVER_URL_ENV]: 'ftp://nope' }, (message) => logged.push(message));
    expect(resolved.source).toBe('config');
    expect(resolved.origin).toBe('https://board.example.de:8443');
    expect(logged).toEqual([`${SERVER_URL_ENV} ignored: protocol ftp: is not allowed (only http and https)`]);
  });
});

describe('the shell settings in config.json', () => {
  let userData: string;

  beforeEach(async () => {
    userData = await mkdtemp(path.join(tmpdir(), 'werkboard-settings-'));
  });

  afterEach(async () => {
    await rm(userData, { recursive: true, force: true });
  });

  it('stores the chosen server, the open page and the save folder, keeping other keys', async () => {
    await writeFile(
      path.join(userData, CONFIG_FILE_NAME),
      JSON.stringify({ serverUrl: 'http://alt:3000', theme: 'x' }),
    );
    saveShellSettings(userData, { serverUrl: 'http://192.168.1.20:3000' });
    saveShellSettings(userData, { lastRoute: '/project/7', lastSaveDirectory: path.join(userData, 'Berichte') });
    const saved = JSON.parse(await readFile(path.join(userData, CONFIG_FILE_NAME), 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({
      serverUrl: 'http://192.168.1.20:3000',
      theme: 'x',
      lastRoute: '/project/7',
      lastSaveDirectory: path.join(userData, 'Berichte'),
    });
    expect(loadServerUrl(userData, {}, () => undefined).origin).toBe('http://192.168.1.20:3000');
    expect(readShellSettings(userData)).toEqual({
      lastRoute: '/project/7',
      lastSaveDirectory: path.join(userData, 'Berichte'),
    });
  });

  it('ignores a route or folder that is not one', async () => {
    await writeFile(
      path.join(userData, CONFIG_FILE_NAME),
      JSON.stringify({ lastRoute: 'javascript:alert(1)', lastSaveDirectory: 'relativ/ordner' }),
    );
    expect(readShellSettings(userData)).toEqual({ lastRoute: null, lastSaveDirectory: null });
    expect(isRestorableRoute('/project/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10')).toBe(true);
    for (const route of ['', 'project/1', '/a b', '/<script>', `/${'x'.repeat(300)}`, 42])
      expect(isRestorableRoute(route)).toBe(false);
  });
});
