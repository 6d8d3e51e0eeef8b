import path from 'node:path';

import type { BrowserWindowConstructorOptions } from 'electron';

import { isRestorableRoute } from './config';
import { APP_ORIGIN } from './navigationGuard';

export const MIN_WINDOW_WIDTH = 1024;
export const MIN_WINDOW_HEIGHT = 700;

/**
 * The main window. The page is remote content (served by the company's server), so it gets
 * Electron's strictest settings: no Node, an isolated and sandboxed preload that exposes
 * only the typed bridge, no <webview>, and Chromium's web security untouched.
 */
export function createWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: MIN_WINDOW_WIDTH,
    minHeight: MIN_WINDOW_HEIGHT,
    title: 'Werkboard',
    // The spec's app background is black; matching it avoids a white flash while loading.
    backgroundColor: '#000000',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      // A file dropped onto the window would otherwise navigate to file://.
      navigateOnDragDrop: false,
      // Lets the user stop a page that opens alert() after alert().
      safeDialogs: true,
    },
  };
}

/**
 * The renderer build the app:// protocol serves: packaged as resources/renderer by
 * electron-builder (build/electron-builder.json), or the workspace's renderer/dist in
 * development (this file runs from desktop/dist).
 */
export function rendererDirectory(isPackaged: boolean, resourcesPath: string, mainDir: string): string {
  return isPackaged ? path.join(resourcesPath, 'renderer') : path.join(mainDir, '..', '..', 'renderer', 'dist');
}

/** The page the window opens: the app, on the page that was open when it was closed. */
export function startUrl(lastRoute: string | null): string {
  return isRestorableRoute(lastRoute) ? `${APP_ORIGIN}/#${lastRoute}` : `${APP_ORIGIN}/`;
}
