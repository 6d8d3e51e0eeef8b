// Thin wiring of Electron's main process; every decision lives in a tested module.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';

import { loadServerUrl, USER_DATA_FOLDER_NAME } from './config';
import { registerIpcHandlers } from './ipc';
import { externalLinkDecision, isAllowedNavigation } from './navigationGuard';
import { isPermissionAllowed } from './permissions';
import { createWindowOptions } from './windowOptions';

const logWarning = (message: string): void => console.warn(`[werkboard] ${message}`);

// Before anything reads userData, so config.json lives in .../Werkboard and not in a
// folder named after the npm package.
app.setName(USER_DATA_FOLDER_NAME);
app.setPath('userData', path.join(app.getPath('appData'), USER_DATA_FOLDER_NAME));

// Renderers are sandboxed even if some window were created without the options below.
app.enableSandbox();

const server = loadServerUrl(app.getPath('userData'), process.env, logWarning);

let mainWindow: BrowserWindow | null = null;

function openExternally(url: string, appOrigin: string): void {
  const decision = externalLinkDecision(url, appOrigin);
  if (decision.action === 'open-external') {
    shell.openExternal(decision.url).catch((error: unknown) => logWarning(`openExternal failed: ${String(error)}`));
  }
}

function guardWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    if (isAllowedNavigation(event.url, server.origin)) return;
    event.preventDefault();
    // A plain link to another site still works for the user, just in their browser.
    openExternally(event.url, server.origin);
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, server.origin)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url, server.origin);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function installPermissionHandlers(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, server.origin));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, server.origin),
  );
}

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow(createWindowOptions(path.join(__dirname, 'preload.js')));
  window.on('closed', () => {
    mainWindow = null;
  });
  // loadURL rejects when the server is unreachable and nothing is cached; Chromium then
  // shows its own error page, so logging is all that is left to do here.
  window.loadURL(server.url).catch((error: unknown) => logWarning(`Could not load ${server.url}: ${String(error)}`));
  return window;
}

if (!app.requestSingleInstanceLock()) {
  // A second start only focuses the first window (see 'second-instance').
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));

  app.on('window-all-closed', () => {
    // macOS apps stay active without windows until the user quits them.
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(() => {
      console.info(`[werkboard] Loading ${server.url} (from ${server.source})`);
      installPermissionHandlers();
      registerIpcHandlers<IpcMainInvokeEvent>(ipcMain, {
        appOrigin: server.origin,
        appVersion: app.getVersion(),
        showSaveDialog: (event, options) => {
          const owner = BrowserWindow.fromWebContents(event.sender);
          return owner === null ? dialog.showSaveDialog(options) : dialog.showSaveDialog(owner, options);
        },
        writeFile: (filePath, data) => writeFile(filePath, data),
        defaultDirectory: () => app.getPath('documents'),
        logWarning,
      });
      mainWindow = createMainWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
      });
    })
    .catch((error: unknown) => {
      console.error('[werkboard] Start failed', error);
      app.quit();
    });
}
