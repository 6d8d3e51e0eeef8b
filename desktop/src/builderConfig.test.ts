import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Configuration } from 'app-builder-lib';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';

const ROOT = path.resolve(__dirname, '..', '..');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const config = readJson<Configuration>('build/electron-builder.json');

/**
 * build/electron-builder.json, checked by electron-builder's own validation (its JSON schema
 * and its extra rules), since packaging itself cannot run here (no Electron download, no
 * Windows): what the Windows installer and the update feed depend on is asserted as well.
 */
describe('the electron-builder configuration', () => {
  it('passes electron-builder’s own validation', async () => {
    await expect(validateConfiguration(structuredClone(config), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is refused by that validation when a key is misspelt (the check is real)', async () => {
    const misspelt = { ...structuredClone(config), nsis: { ...config.nsis, perMachin: false } } as Configuration;
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(
      /does not match the API schema/,
    );
  });

  it('builds a per-user x64 NSIS installer in German with the icons from build/, named by version', () => {
    expect(config.win?.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      installerLanguages: ['de_DE'],
      language: '1031',
    });
    expect(config.nsis?.artifactName).toBe('Werkboard-Setup-${version}.${ext}');
    expect(config.linux?.target).toEqual([{ target: 'AppImage', arch: ['x64'] }]);
    for (const icon of [config.win?.icon, config.nsis?.installerIcon, config.linux?.icon]) {
      const file = path.resolve(ROOT, 'desktop', icon as string);
      expect(file.startsWith(path.join(ROOT, 'build'))).toBe(true);
      expect(readFileSync(file).length).toBeGreaterThan(0);
    }
    // An ICO file whose largest image is 256 pixels (written as 0), as the NSIS installer needs.
    const ico = readFileSync(path.join(ROOT, 'build', 'icon.ico'));
    expect(ico.readUInt16LE(2)).toBe(1);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => ico.readUInt8(6 + index * 16) || 256);
    expect(sizes).toContain(256);
  });

  it('packs the renderer build (without the compressed copies the server sends) and the compiled shell without its tests', () => {
    // (server/src/routes/updates.test.ts checks that the installer's name is one the update route serves.)
    expect(config.extraResources).toEqual([
      { from: '../renderer/dist', to: 'renderer', filter: ['**/*', '!**/*.br', '!**/*.gz'] },
    ]);
    expect(config.files).toEqual(expect.arrayContaining(['dist/**/*.js', '!dist/**/*.test.js']));
  });

  it('turns off the Electron fuses the app does not need (security checklist item 19)', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('gives the app the product version of the root package.json', () => {
    expect(readJson<{ version: string }>('desktop/package.json').version).toBe(
      readJson<{ version: string }>('package.json').version,
    );
  });
});
