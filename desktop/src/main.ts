// Thin wiring of Electron's main process; every decision lives in a tested module.
import { existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { autoUpdater } from 'electron-updater';
import { de } from '@werkboard/common';

import { createApiForwarder } from './apiForwarder';
import { createAppProtocolHandler } from './appProtocol';
import {
  isRestorableRoute,
  loadServerUrl,
  readShellSettings,
  saveShellSettings,
  USER_DATA_FOLDER_NAME,
} from './config';
import { registerIpcHandlers } from './ipc';
import { LOCAL_STORE_FILE_NAME, openSqliteLocalStore } from './localStore/sqliteStore';
import { APP_ORIGIN, APP_SCHEME, externalLinkDecision, isAllowedNavigation } from './navigationGuard';
import { isPermissionAllowed } from './permissions';
import { openPersistFile, PERSIST_FILE_NAME } from './persistFile';
import { checkServerAddress } from './serverAddress';
import { answerPreventedUnload } from './unloadPrompt';
import { startUpdateChecks } from './updater';
import { createWindowOptions, rendererDirectory, startUrl } from './windowOptions';

const logWarning = (message: string): void => console.warn(`[werkboard] ${message}`);

// Before anything reads userData, so config.json lives in .../Werkboard and not in a
// folder named after the npm package.
app.setName(USER_DATA_FOLDER_NAME);
app.setPath('userData', path.join(app.getPath('appData'), USER_DATA_FOLDER_NAME));

// Renderers are sandboxed even if some window were created without the options below.
app.enableSandbox();

// app:// behaves like https for the page: its own origin, fetch, storage, a secure context.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

const userData = app.getPath('userData');
const server = loadServerUrl(userData, process.env, logWarning);
/** Where /api goes; null until the first start's dialog has stored an address. */
let serverOrigin: string | null = server.origin;
const settings = readShellSettings(userData);

let mainWindow: BrowserWindow | null = null;

function openExternally(url: string): void {
  const decision = externalLinkDecision(url, APP_ORIGIN);
  if (decision.action === 'open-external') {
    shell.openExternal(decision.url).catch((error: unknown) => logWarning(`openExternal failed: ${String(error)}`));
  }
}

function guardWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    if (isAllowedNavigation(event.url, APP_ORIGIN)) return;
    event.preventDefault();
    // A plain link to another site still works for the user, just in their browser.
    openExternally(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url, APP_ORIGIN)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // The open page (hash route) is where the next start opens.
  contents.on('did-navigate-in-page', (_event, url) => {
    const route = new URL(url).hash.replace(/^#/, '');
    if (route === settings.lastRoute || !isRestorableRoute(route)) return;
    settings.lastRoute = route;
    saveShellSettings(userData, { lastRoute: route });
  });
}

function installPermissionHandlers(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, APP_ORIGIN));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, APP_ORIGIN),
  );
}

function installAppProtocol(): void {
  const forwardApi = createApiForwarder({ serverOrigin: () => serverOrigin, logWarning });
  const rendererDir = rendererDirectory(app.isPackaged, process.resourcesPath, __dirname);
  session.defaultSession.protocol.handle(APP_SCHEME, createAppProtocolHandler({ rendererDir, forwardApi }));
}

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow(createWindowOptions(path.join(__dirname, 'preload.js')));
  // The page refuses to close while a change is only in the page: the user decides (unloadPrompt.ts).
  window.webContents.on('will-prevent-unload', (event) =>
    answerPreventedUnload(event, (options) => dialog.showMessageBoxSync(window, options)),
  );
  window.on('closed', () => {
    mainWindow = null;
  });
  const url = startUrl(settings.lastRoute);
  window.loadURL(url).catch((error: unknown) => logWarning(`Could not load ${url}: ${String(error)}`));
  return window;
}

async function announceUpdate(version: string): Promise<'restart' | 'later'> {
  const options = {
    type: 'info' as const,
    title: de.desktop.updateAvailableTitle,
    message: de.desktop.updateAvailableTitle,
    detail: de.desktop.updateAvailableText(version),
    buttons: [de.desktop.updateRestartNow, de.desktop.updateLater],
    defaultId: 1,
    cancelId: 1,
  };
  const answer =
    mainWindow === null ? await dialog.showMessageBox(options) : await dialog.showMessageBox(mainWindow, options);
  return answer.response === 0 ? 'restart' : 'later';
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
      console.info(`[werkboard] Server: ${server.origin ?? 'noch keiner'} (from ${server.source})`);
      installPermissionHandlers();
      installAppProtocol();
      // Electron makes userData on demand; the stores below open files in it right away.
      mkdirSync(userData, { recursive: true });
      const localStore = openSqliteLocalStore(path.join(userData, LOCAL_STORE_FILE_NAME));
      app.on('will-quit', () => localStore.close());
      registerIpcHandlers<IpcMainInvokeEvent>(ipcMain, {
        appOrigin: APP_ORIGIN,
        appVersion: app.getVersion(),
        showSaveDialog: (event, options) => {
          const owner = BrowserWindow.fromWebContents(event.sender);
          return owner === null ? dialog.showSaveDialog(options) : dialog.showSaveDialog(owner, options);
        },
        writeFile: (filePath, data) => writeFile(filePath, data),
        defaultDirectory: () =>
          settings.lastSaveDirectory !== null && existsSync(settings.lastSaveDirectory)
            ? settings.lastSaveDirectory
            : app.getPath('documents'),
        rememberDirectory: (directory) => {
          settings.lastSaveDirectory = directory;
          saveShellSettings(userData, { lastSaveDirectory: directory });
        },
        serverAddress: () => serverOrigin,
        changeServerAddress: async (address) => {
          const result = await checkServerAddress(address);
          if (result.ok) {
            serverOrigin = result.address;
            saveShellSettings(userData, { serverUrl: result.address });
          }
          return result;
        },
        localStore,
        persist: openPersistFile(path.join(userData, PERSIST_FILE_NAME), logWarning),
        logWarning,
      });
      mainWindow = createMainWindow();
      if (app.isPackaged) {
        startUpdateChecks({
          updater: autoUpdater,
          serverOrigin: () => serverOrigin,
          announce: announceUpdate,
          logWarning,
        });
      }
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
      });
    })
    .catch((error: unknown) => {
      console.error('[werkboard] Start failed', error);
      app.quit();
    });
}
