import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CancellationToken, HttpExecutor } from 'builder-util-runtime';
import type { UpdateInfo } from 'builder-util-runtime';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';
import { testServer, type TestServer } from '../test/testServer';
import { isUpdateFileName } from './updates';

/**
 * electron-updater's own generic provider, reading the feed from the real server. Electron's
 * `net` cannot run here, so its requests go through Node's http (what electron-builder's
 * NodeHttpExecutor does); parsing, file resolution and the URLs are the library's.
 */
class NodeHttpExecutor extends HttpExecutor<http.ClientRequest> {
  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
    return http.request(options, callback);
  }
}

function providerFor(baseUrl: string): GenericProvider {
  const runtimeOptions = {
    isUseMultipleRangeRequest: false,
    platform: 'win32',
    executor: new NodeHttpExecutor() as unknown as ProviderRuntimeOptions['executor'],
  } satisfies ProviderRuntimeOptions;
  // The updater only lends the provider its channel and the no-cache query switch.
  const updater = { channel: null, isAddNoCacheQuery: true } as unknown as ConstructorParameters<
    typeof GenericProvider
  >[1];
  return new GenericProvider({ provider: 'generic', url: baseUrl }, updater, runtimeOptions);
}

/** latest.yml as electron-builder writes it for an NSIS installer (sha512 in base64). */
function latestYml(version: string, fileName: string, bytes: Buffer): string {
  const sha512 = crypto.createHash('sha512').update(bytes).digest('base64');
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${fileName}`,
    `    sha512: ${sha512}`,
    `    size: ${bytes.length}`,
    `path: ${fileName}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-23T10:00:00.000Z'",
    '',
  ].join('\n');
}

let t: TestServer;
let updatesDir: string;
const installer = crypto.randomBytes(256 * 1024);
const INSTALLER_NAME = 'Werkboard-Setup-0.2.0.exe';

beforeAll(async () => {
  t = await testServer();
  updatesDir = path.join(t.server.services.config.dataDir, 'updates');
  fs.mkdirSync(updatesDir, { recursive: true });
  fs.writeFileSync(path.join(updatesDir, INSTALLER_NAME), installer);
  fs.writeFileSync(path.join(updatesDir, 'latest.yml'), latestYml('0.2.0', INSTALLER_NAME, installer));
  // Must never be served: not a release file, and one level up.
  fs.writeFileSync(path.join(updatesDir, 'notes.txt'), 'intern');
  fs.writeFileSync(path.join(t.server.services.config.dataDir, 'secrets-copy.yml'), 'jwtSecret: geheim');
});
afterAll(() => t.close());

describe('GET /updates/ for electron-updater', () => {
  it('gives the generic provider the version, file names and sha512 it expects', async () => {
    const provider = providerFor(`${t.url}/updates/`);
    const info: UpdateInfo = await provider.getLatestVersion();
    expect(info.version).toBe('0.2.0');
    const files = provider.resolveFiles(info);
    expect(files.map((file) => file.url.href)).toEqual([`${t.url}/updates/${INSTALLER_NAME}`]);

    // The download the updater then makes.
    const downloaded = await new NodeHttpExecutor().downloadToBuffer(files[0]!.url, {
      cancellationToken: new CancellationToken(),
      onProgress: undefined,
    });
    expect(downloaded.equals(installer)).toBe(true);
    // electron-updater checks a download against the feed's sha512, in base64 (DigestTransform).
    expect(crypto.createHash('sha512').update(downloaded).digest('base64')).toBe(files[0]!.info.sha512);
  });

  it('serves the feed uncached as YAML and the installer as a download', async () => {
    const feed = await fetch(`${t.url}/updates/latest.yml?noCache=1k2j3`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-cache');
    expect(await feed.text()).toContain('version: 0.2.0');

    const file = await fetch(`${t.url}/updates/${INSTALLER_NAME}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-length')).toBe(String(installer.length));
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${INSTALLER_NAME}"`);
    expect(Buffer.from(await file.arrayBuffer()).equals(installer)).toBe(true);
  });

  it('refuses path traversal, other files and other methods', async () => {
    for (const attempt of [
      '/updates/../secrets-copy.yml',
      '/updates/%2e%2e/secrets-copy.yml',
      '/updates/..%2fsecrets-copy.yml',
      '/updates/..%5csecrets-copy.yml',
      '/updates/notes.txt',
      '/updates/.latest.yml',
      '/updates/',
      '/updates/missing-0.9.9.exe',
    ]) {
      const response = await fetch(`${t.url}${attempt}`);
      expect({ attempt, status: response.status }).toEqual({ attempt, status: 404 });
      expect(await response.text()).not.toContain('geheim');
    }
    const post = await fetch(`${t.url}/updates/latest.yml`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('answers 404 while no release was dropped there', async () => {
    fs.renameSync(path.join(updatesDir, 'latest.yml'), path.join(updatesDir, 'latest.yml.bak'));
    try {
      await expect(providerFor(`${t.url}/updates/`).getLatestVersion()).rejects.toMatchObject({
        code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
      });
    } finally {
      fs.renameSync(path.join(updatesDir, 'latest.yml.bak'), path.join(updatesDir, 'latest.yml'));
    }
  });
});

describe('isUpdateFileName', () => {
  it('accepts the installer names the desktop build produces (build/electron-builder.json)', () => {
    const builder = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'build', 'electron-builder.json'), 'utf8'),
    ) as { nsis: { artifactName: string }; linux: { artifactName: string } };
    for (const [pattern, ext] of [
      [builder.nsis.artifactName, 'exe'],
      [builder.linux.artifactName, 'AppImage'],
    ] as const) {
      const name = pattern.replace('${version}', '1.2.3').replace('${ext}', ext);
      expect(isUpdateFileName(name)).toBe(true);
      if (ext === 'exe') expect(isUpdateFileName(`${name}.blockmap`)).toBe(true);
    }
  });

  it('accepts what electron-builder publishes and nothing with a folder in it', () => {
    for (const name of [
      'latest.yml',
      'latest-linux.yml',
      INSTALLER_NAME,
      `${INSTALLER_NAME}.blockmap`,
      'Werkboard-0.2.0.AppImage',
    ])
      expect(isUpdateFileName(name)).toBe(true);
    for (const name of [
      '',
      '../latest.yml',
      'a/latest.yml',
      'a\\latest.yml',
      '.hidden.yml',
      'x..yml',
      'notes.txt',
      'a b.exe',
    ])
      expect(isUpdateFileName(name)).toBe(false);
  });
});
