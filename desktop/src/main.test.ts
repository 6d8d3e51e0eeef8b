import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DESKTOP_IPC } from '@werkboard/common';

import { SERVER_URL_ENV } from './config';

// main.ts is wiring around Electron, whose binary cannot run here. These tests load it
// against a recording fake of the 'electron' module and check that the wiring hands every
// decision to the tested modules.

type Listener = (...args: unknown[]) => unknown;

class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>();

  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }

  emit(name: string, ...args: unknown[]): unknown[] {
    return (this.listeners.get(name) ?? []).map((listener) => listener(...args));
  }
}

class FakeWebContents extends FakeEmitter {
  windowOpenHandler: ((details: { url: string }) => unknown) | null = null;

  setWindowOpenHandler(handler: (details: { url: string }) => unknown): void {
    this.windowOpenHandler = handler;
  }
}

class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = '') {}
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

function createFakeElectron(options: { userData: string; gotLock?: boolean }) {
  const windows: FakeWindow[] = [];
  const ipcHandlers = new Map<string, Listener>();
  const openedExternally: string[] = [];
  const appPaths: Record<string, string> = { appData: options.userData, documents: options.userData };
  let permissionRequestHandler: Listener | null = null;
  let permissionCheckHandler: Listener | null = null;
  const privilegedSchemes: unknown[] = [];
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();

  class FakeWindow extends FakeEmitter {
    readonly loadedUrls: string[] = [];
    readonly webContents = new FakeWebContents();
    constructor(readonly options: { webPreferences?: { preload?: string } }) {
      super();
      windows.push(this);
    }
    loadURL(url: string): Promise<void> {
      this.loadedUrls.push(url);
      return Promise.resolve();
    }
    static getAllWindows(): FakeWindow[] {
      return windows;
    }
    static fromWebContents(): FakeWindow | null {
      return windows[0] ?? null;
    }
  }

  const app = Object.assign(new FakeEmitter(), {
    name: '',
    isPackaged: false,
    sandboxEnabled: false,
    quitCalls: 0,
    setName(name: string) {
      app.name = name;
    },
    setPath(name: string, value: string) {
      appPaths[name] = value;
    },
    getPath(name: string) {
      const value = appPaths[name];
      if (value === undefined) throw new Error(`unexpected getPath(${name})`);
      return value;
    },
    getVersion: () => '0.1.0',
    enableSandbox() {
      app.sandboxEnabled = true;
    },
    requestSingleInstanceLock: () => options.gotLock ?? true,
    quit() {
      app.quitCalls += 1;
    },
    whenReady: () => Promise.resolve(),
  });

  const module = {
    app,
    BrowserWindow: FakeWindow,
    dialog: {
      showSaveDialog: () => Promise.resolve({ canceled: true, filePath: '' }),
      showMessageBox: () => Promise.resolve({ response: 1 }),
      /** The answers the next synchronous message boxes give (the button's index), and what they were asked. */
      syncAnswers: [] as number[],
      syncAsked: [] as unknown[],
      showMessageBoxSync(_window: unknown, options: unknown) {
        module.dialog.syncAsked.push(options);
        return module.dialog.syncAnswers.shift() ?? 0;
      },
    },
    protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => privilegedSchemes.push(...schemes) },
    ipcMain: { handle: (channel: string, listener: Listener) => ipcHandlers.set(channel, listener) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => (permissionRequestHandler = handler),
        setPermissionCheckHandler: (handler: Listener) => (permissionCheckHandler = handler),
        protocol: {
          handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
            protocolHandlers.set(scheme, handler),
        },
      },
    },
    shell: {
      openExternal: (url: string) => {
        openedExternally.push(url);
        return Promise.resolve();
      },
    },
  };

  return {
    module,
    app,
    appPaths,
    windows,
    ipcHandlers,
    openedExternally,
    privilegedSchemes,
    protocolHandlers,
    permissionRequestHandler: () => permissionRequestHandler,
    permissionCheckHandler: () => permissionCheckHandler,
  };
}

type FakeElectron = ReturnType<typeof createFakeElectron>;

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('main wiring', () => {
  /** The company server (from the environment here); the window itself shows app://werkboard. */
  const SERVER_URL = 'https://board.example.de/';
  const SERVER = 'https://board.example.de';
  const APP = 'app://werkboard';
  let userData: string;
  let savedEnv: string | undefined;

  beforeEach(async () => {
    userData = await mkdtemp(path.join(tmpdir(), 'werkboard-main-'));
    savedEnv = process.env[SERVER_URL_ENV];
    process.env[SERVER_URL_ENV] = SERVER_URL;
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    if (savedEnv === undefined) delete process.env[SERVER_URL_ENV];
    else process.env[SERVER_URL_ENV] = savedEnv;
    jest.restoreAllMocks();
    await rm(userData, { recursive: true, force: true });
  });

  async function startMain(gotLock = true): Promise<FakeElectron> {
    const fake = createFakeElectron({ userData, gotLock });
    jest.resetModules();
    jest.doMock('electron', () => fake.module);
    // requireActual re-runs main.ts (the registry was reset) while its 'electron' is the fake.
    jest.requireActual('./main');
    await flush();
    return fake;
  }

  it('moves userData to a Werkboard folder and enables the sandbox before ready', async () => {
    const fake = await startMain();
    expect(fake.app.name).toBe('Werkboard');
    expect(fake.appPaths.userData).toBe(path.join(userData, 'Werkboard'));
    expect(fake.app.sandboxEnabled).toBe(true);
  });

  it('creates one secure window with the preload next to main and opens the packaged app', async () => {
    const fake = await startMain();
    expect(fake.windows).toHaveLength(1);
    const window = fake.windows[0]!;
    expect(window.options).toMatchObject({
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false },
    });
    expect(window.options.webPreferences?.preload).toBe(path.join(__dirname, 'preload.js'));
    expect(window.loadedUrls).toEqual([`${APP}/`]);
  });

  it('asks before the window closes while the page still saves a change, and closes only when told to', async () => {
    const fake = await startMain();
    const contents = fake.windows[0]!.webContents;
    fake.module.dialog.syncAnswers.push(0, 1);

    const waits = new FakeEvent();
    contents.emit('will-prevent-unload', waits);
    expect(waits.defaultPrevented).toBe(false);
    expect(fake.module.dialog.syncAsked[0]).toMatchObject({ buttons: ['Warten', 'Trotzdem schließen'] });

    // preventDefault() on Electron's event overrides the page's refusal: the window closes.
    const closes = new FakeEvent();
    contents.emit('will-prevent-unload', closes);
    expect(closes.defaultPrevented).toBe(true);
  });

  it('guards every web contents: navigation, new windows and webviews', async () => {
    const fake = await startMain();
    const contents = new FakeWebContents();
    fake.app.emit('web-contents-created', new FakeEvent(), contents);

    const inApp = new FakeEvent(`${APP}/#/projects/3`);
    contents.emit('will-navigate', inApp);
    expect(inApp.defaultPrevented).toBe(false);

    const away = new FakeEvent('https://evil.example/phish');
    contents.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);

    // The company server's own pages are not the app either: the window stays on app://.
    const toServer = new FakeEvent(`${SERVER}/`);
    contents.emit('will-navigate', toServer);
    expect(toServer.defaultPrevented).toBe(true);

    const toFile = new FakeEvent('file:///etc/passwd');
    contents.emit('will-navigate', toFile);
    expect(toFile.defaultPrevented).toBe(true);

    const redirect = new FakeEvent('https://evil.example/');
    contents.emit('will-redirect', redirect);
    expect(redirect.defaultPrevented).toBe(true);

    expect(contents.windowOpenHandler?.({ url: 'https://www.openstreetmap.org/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: `${APP}/#/x` })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });

    const webview = new FakeEvent();
    contents.emit('will-attach-webview', webview);
    expect(webview.defaultPrevented).toBe(true);

    // Only the foreign http(s) targets went to the system browser, never file: or javascript:.
    expect(fake.openedExternally).toEqual([
      'https://evil.example/phish',
      `${SERVER}/`,
      'https://www.openstreetmap.org/',
    ]);
  });

  it('grants only the allowed permissions, only to the app origin', async () => {
    const fake = await startMain();
    const request = fake.permissionRequestHandler();
    const check = fake.permissionCheckHandler();
    if (request === null || check === null) throw new Error('permission handlers not installed');

    const answers: boolean[] = [];
    const callback = (granted: boolean) => answers.push(granted);
    request(null, 'notifications', callback, { requestingUrl: `${APP}/`, isMainFrame: true });
    request(null, 'media', callback, { requestingUrl: `${APP}/`, isMainFrame: true });
    request(null, 'notifications', callback, { requestingUrl: 'https://evil.example/', isMainFrame: false });
    request(null, 'notifications', callback, { requestingUrl: `${SERVER}/`, isMainFrame: true });
    expect(answers).toEqual([true, false, false, false]);

    expect(check(null, 'clipboard-sanitized-write', APP, { isMainFrame: true })).toBe(true);
    expect(check(null, 'geolocation', APP, { isMainFrame: true })).toBe(false);
  });

  it('registers the bridge handlers, bound to the app origin', async () => {
    const fake = await startMain();
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(Object.values(DESKTOP_IPC).sort());
    const getVersion = fake.ipcHandlers.get(DESKTOP_IPC.getVersion)!;
    await expect(getVersion({ senderFrame: { url: `${APP}/` } })).resolves.toBe('0.1.0');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(getVersion({ senderFrame: { url: `${SERVER}/` } })).rejects.toThrow('Sender not allowed');
  });

  it('registers app:// as a privileged scheme before ready and serves it from the renderer build', async () => {
    const fake = await startMain();
    expect(fake.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    const handler = fake.protocolHandlers.get('app');
    if (!handler) throw new Error('app:// not handled');
    // board.example.de does not exist: the forwarder answers like a network failure.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const offline = await handler(new Request(`${APP}/api/status`));
    expect(offline.type).toBe('error');
    const missing = await handler(new Request(`${APP}/nicht-da.js`));
    expect(missing.status).toBe(404);
  });

  it('opens the page that was open last time, and remembers the next one', async () => {
    const configDir = path.join(userData, 'Werkboard');
    await mkdir(configDir, { recursive: true });
    await writeFile(path.join(configDir, 'config.json'), JSON.stringify({ lastRoute: '/project/42' }));
    const fake = await startMain();
    expect(fake.windows[0]!.loadedUrls).toEqual([`${APP}/#/project/42`]);

    const contents = new FakeWebContents();
    fake.app.emit('web-contents-created', new FakeEvent(), contents);
    contents.emit('did-navigate-in-page', new FakeEvent(), `${APP}/#/templates`);
    const saved = JSON.parse(await readFile(path.join(configDir, 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(saved).toEqual({ lastRoute: '/templates' });
  });

  it('quits at once when another instance holds the lock', async () => {
    const fake = await startMain(false);
    expect(fake.app.quitCalls).toBe(1);
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcHandlers.size).toBe(0);
  });

  it('focuses the existing window on a second start', async () => {
    const fake = await startMain();
    const window = fake.windows[0]! as unknown as { isMinimized(): boolean; restore(): void; focus(): void };
    const calls: string[] = [];
    Object.assign(window, {
      isMinimized: () => true,
      restore: () => calls.push('restore'),
      focus: () => calls.push('focus'),
    });
    fake.app.emit('second-instance');
    expect(calls).toEqual(['restore', 'focus']);
    expect(fake.windows).toHaveLength(1);
  });

  it('quits when all windows are closed, except on macOS', async () => {
    const fake = await startMain();
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    try {
      Object.defineProperty(process, 'platform', { value: 'darwin' });
      fake.app.emit('window-all-closed');
      expect(fake.app.quitCalls).toBe(0);
      Object.defineProperty(process, 'platform', { value: 'win32' });
      fake.app.emit('window-all-closed');
      expect(fake.app.quitCalls).toBe(1);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});
