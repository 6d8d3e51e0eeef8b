import path from 'node:path';

import { createWindowOptions, MIN_WINDOW_HEIGHT, MIN_WINDOW_WIDTH, rendererDirectory, startUrl } from './windowOptions';

describe('createWindowOptions', () => {
  const options = createWindowOptions('/opt/werkboard/dist/preload.js');

  it('uses the secure webPreferences and the given preload', () => {
    expect(options.webPreferences).toMatchObject({
      preload: '/opt/werkboard/dist/preload.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      navigateOnDragDrop: false,
    });
  });

  it('does not enable anything that weakens isolation', () => {
    const preferences = options.webPreferences ?? {};
    expect(preferences.experimentalFeatures).toBeUndefined();
    expect(preferences.enableBlinkFeatures).toBeUndefined();
    expect(preferences.additionalArguments).toBeUndefined();
  });

  it('has the title, a black background and a usable minimum size', () => {
    expect(options.title).toBe('Werkboard');
    expect(options.backgroundColor).toBe('#000000');
    expect(options.minWidth).toBe(MIN_WINDOW_WIDTH);
    expect(options.minHeight).toBe(MIN_WINDOW_HEIGHT);
    expect(MIN_WINDOW_WIDTH).toBeGreaterThanOrEqual(1024);
    expect(MIN_WINDOW_HEIGHT).toBeGreaterThanOrEqual(700);
    expect(options.width).toBeGreaterThanOrEqual(MIN_WINDOW_WIDTH);
    expect(options.height).toBeGreaterThanOrEqual(MIN_WINDOW_HEIGHT);
  });
});

describe('what the window opens', () => {
  it('starts on the app, on the last page when there is a valid one', () => {
    expect(startUrl(null)).toBe('app://werkboard/');
    expect(startUrl('/project/42')).toBe('app://werkboard/#/project/42');
    expect(startUrl('https://evil.example')).toBe('app://werkboard/');
  });

  it('serves the packaged renderer from resources, the workspace build in development', () => {
    expect(rendererDirectory(true, '/opt/Werkboard/resources', '/x')).toBe(
      path.join('/opt/Werkboard/resources', 'renderer'),
    );
    expect(rendererDirectory(false, '/unused', '/repo/desktop/dist')).toBe(path.join('/repo', 'renderer', 'dist'));
  });
});
