import { readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopBridge } from '@werkboard/common';
import { DESKTOP_IPC } from '@werkboard/common';

import { createBridge, PRELOAD_IPC_CHANNELS } from './preload';

// The real 'electron' module only locates the binary; in the preload it is Electron's own.
jest.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: jest.fn() },
  ipcRenderer: { invoke: jest.fn() },
}));

const PDF_BYTES = new Uint8Array([37, 80, 68, 70]);

describe('preload channel names', () => {
  it('equal DESKTOP_IPC exactly, so the inlined copy cannot drift', () => {
    expect(PRELOAD_IPC_CHANNELS).toEqual(DESKTOP_IPC);
  });
});

describe('preload compiled for a sandbox', () => {
  // Compiled the way tsc compiles the package (CommonJS), then every require() is listed.
  const source = readFileSync(path.join(__dirname, 'preload.ts'), 'utf8');
  const output = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      removeComments: true,
    },
  }).outputText;
  const required = [...output.matchAll(/\brequire\s*\(\s*(['"`])(.*?)\1\s*\)/g)].map((match) => match[2]);

  it("requires nothing but 'electron' at runtime", () => {
    expect(required).toEqual(['electron']);
    // Catches a require that the pattern above would not recognise.
    expect(output.match(/\brequire\s*\(/g)).toHaveLength(1);
    expect(output).not.toContain('@werkboard/common');
  });
});

describe('exposed bridge', () => {
  const invoke = jest.mocked(ipcRenderer.invoke);
  const exposeInMainWorld = jest.mocked(contextBridge.exposeInMainWorld);

  function exposedBridge(): DesktopBridge {
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    const call = exposeInMainWorld.mock.calls[0]!;
    expect(call[0]).toBe('werkboard');
    return call[1] as DesktopBridge;
  }

  beforeEach(() => invoke.mockReset());

  it("is exposed once as window.werkboard with platform 'desktop'", () => {
    const bridge = exposedBridge();
    expect(bridge.platform).toBe('desktop');
    expect(Object.keys(bridge).sort()).toEqual([
      'getServerAddress',
      'getVersion',
      'localStore',
      'persist',
      'platform',
      'saveFile',
      'setServerAddress',
    ]);
  });

  it('gets the version over the getVersion channel', async () => {
    invoke.mockResolvedValue('0.1.0');
    await expect(exposedBridge().getVersion()).resolves.toBe('0.1.0');
    expect(invoke).toHaveBeenCalledWith(DESKTOP_IPC.getVersion);
  });

  it('saves over the saveFile channel and passes the result back', async () => {
    invoke.mockResolvedValue({ saved: true, path: '/home/a/Bericht.pdf' });
    const filter = { name: 'PDF', extensions: ['pdf'] };
    await expect(exposedBridge().saveFile({ defaultName: 'Bericht.pdf', data: PDF_BYTES, filter })).resolves.toEqual({
      saved: true,
      path: '/home/a/Bericht.pdf',
    });
    expect(invoke).toHaveBeenCalledWith(DESKTOP_IPC.saveFile, { defaultName: 'Bericht.pdf', data: PDF_BYTES, filter });
  });
});

describe('the offline and server channels', () => {
  it('send their one argument on their own channel and nothing else', async () => {
    const calls: unknown[][] = [];
    const bridge = createBridge((...args) => {
      calls.push(args);
      return Promise.resolve(null);
    });
    await bridge.localStore({ op: 'loadQueue' });
    await bridge.persist({ op: 'get', key: 'persist:werkboard-auth' });
    await bridge.getServerAddress();
    await bridge.setServerAddress('http://192.168.1.20:3000');
    expect(calls).toEqual([
      [DESKTOP_IPC.localStore, { op: 'loadQueue' }],
      [DESKTOP_IPC.persist, { op: 'get', key: 'persist:werkboard-auth' }],
      [DESKTOP_IPC.getServerAddress],
      [DESKTOP_IPC.setServerAddress, 'http://192.168.1.20:3000'],
    ]);
  });
});

describe('createBridge', () => {
  it('sends only the known request fields and no filter key when there is none', async () => {
    const calls: unknown[][] = [];
    const bridge = createBridge((...args) => {
      calls.push(args);
      return Promise.resolve({ saved: false });
    });
    const request = { defaultName: 'a.pdf', data: PDF_BYTES, directory: '/etc', toString: 'x' };
    await expect(bridge.saveFile(request)).resolves.toEqual({ saved: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe(DESKTOP_IPC.saveFile);
    expect(Object.keys(calls[0]![1] as object)).toEqual(['defaultName', 'data']);
  });

  it('passes a rejection from the main process on to the page', async () => {
    const bridge = createBridge(() => Promise.reject(new Error('Sender not allowed')));
    await expect(bridge.getVersion()).rejects.toThrow('Sender not allowed');
  });
});
