import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { SaveDialogOptions } from 'electron';
import { DESKTOP_IPC } from '@werkboard/common';

import { openSqliteLocalStore } from './localStore/sqliteStore';
import { openPersistFile } from './persistFile';

import type { IpcDependencies, IpcHandler, SaveDialogOutcome, SenderEvent } from './ipc';
import {
  isTrustedSender,
  MAX_FILE_BYTES,
  MAX_FILE_NAME_LENGTH,
  registerIpcHandlers,
  saveFileWithDialog,
  validateDefaultName,
  validateFileData,
  validateFileFilter,
  validateSaveFileRequest,
} from './ipc';

const APP = 'https://board.example.de';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.7 Werkboard test');

describe('validateDefaultName', () => {
  it('accepts ordinary German file names', () => {
    expect(validateDefaultName('Projektbericht - Neubau Müller.pdf')).toEqual({
      ok: true,
      value: 'Projektbericht - Neubau Müller.pdf',
    });
    expect(validateDefaultName('x'.repeat(MAX_FILE_NAME_LENGTH)).ok).toBe(true);
  });

  it('refuses empty, too long, path-like and control-character names', () => {
    for (const name of [
      '',
      '   ',
      'x'.repeat(MAX_FILE_NAME_LENGTH + 1),
      '../etc/passwd',
      'reports/a.pdf',
      '..\\..\\autoexec.bat',
      'C:evil.pdf',
      'bericht.pdf:stream',
      'a\u0000.pdf',
      'a\nb.pdf',
      '.',
      '..',
      42,
      null,
      undefined,
    ]) {
      expect(validateDefaultName(name).ok).toBe(false);
    }
  });
});

describe('validateFileData', () => {
  it('accepts Uint8Array and Buffer up to the limit', () => {
    expect(validateFileData(PDF_BYTES)).toEqual({ ok: true, value: PDF_BYTES });
    expect(validateFileData(Buffer.from('abc')).ok).toBe(true);
  });

  it('refuses other types, empty data and data over the limit', () => {
    expect(validateFileData('%PDF').ok).toBe(false);
    expect(validateFileData([37, 80, 68, 70]).ok).toBe(false);
    expect(validateFileData(new Uint16Array(4)).ok).toBe(false);
    expect(validateFileData(new ArrayBuffer(4)).ok).toBe(false);
    expect(validateFileData(new Uint8Array(0))).toEqual({ ok: false, error: 'data is empty' });
    expect(validateFileData(new Uint8Array(MAX_FILE_BYTES + 1)).ok).toBe(false);
    expect(validateFileData(new Uint8Array(MAX_FILE_BYTES)).ok).toBe(true);
  });
});

describe('validateFileFilter', () => {
  it('accepts a missing filter and a well-formed one', () => {
    expect(validateFileFilter(undefined)).toEqual({ ok: true, value: undefined });
    expect(validateFileFilter({ name: 'PDF', extensions: ['pdf'] })).toEqual({
      ok: true,
      value: { name: 'PDF', extensions: ['pdf'] },
    });
    expect(validateFileFilter({ name: 'Alle Dateien', extensions: ['*'] }).ok).toBe(true);
  });

  it('refuses malformed filters', () => {
    for (const filter of [
      null,
      'pdf',
      { name: '', extensions: ['pdf'] },
      { name: 'PDF', extensions: [] },
      { name: 'PDF', extensions: ['.pdf'] },
      { name: 'PDF', extensions: ['pdf/../x'] },
      { name: 'PDF', extensions: [1] },
      { name: 'PDF', extensions: 'pdf' },
      { name: 'PDF', extensions: Array.from({ length: 21 }, () => 'pdf') },
      { name: 'PDF', extensions: ['pdf'], extra: true },
    ]) {
      expect(validateFileFilter(filter).ok).toBe(false);
    }
  });
});

describe('validateSaveFileRequest', () => {
  it('returns a fresh request with only the known fields', () => {
    const result = validateSaveFileRequest({ defaultName: 'a.pdf', data: PDF_BYTES, filter: undefined });
    expect(result).toEqual({ ok: true, value: { defaultName: 'a.pdf', data: PDF_BYTES } });
  });

  it('refuses non-objects, unknown keys and invalid fields', () => {
    expect(validateSaveFileRequest(null).ok).toBe(false);
    expect(validateSaveFileRequest([]).ok).toBe(false);
    expect(validateSaveFileRequest(PDF_BYTES).ok).toBe(false);
    expect(validateSaveFileRequest({ defaultName: 'a.pdf', data: PDF_BYTES, directory: '/etc' })).toEqual({
      ok: false,
      error: 'request has unknown keys',
    });
    expect(validateSaveFileRequest({ defaultName: '/etc/cron.d/x', data: PDF_BYTES }).ok).toBe(false);
    expect(validateSaveFileRequest({ defaultName: 'a.pdf', data: 'text' }).ok).toBe(false);
    expect(validateSaveFileRequest({ defaultName: 'a.pdf', data: PDF_BYTES, filter: { name: 'PDF' } }).ok).toBe(false);
  });
});

describe('isTrustedSender', () => {
  it('trusts only frames of the app origin', () => {
    expect(isTrustedSender({ senderFrame: { url: `${APP}/#/projects` } }, APP)).toBe(true);
    expect(isTrustedSender({ senderFrame: { url: 'https://evil.example/' } }, APP)).toBe(false);
    expect(isTrustedSender({ senderFrame: { url: 'file:///tmp/x.html' } }, APP)).toBe(false);
    expect(isTrustedSender({ senderFrame: null }, APP)).toBe(false);
  });
});

/** A stand-in for Electron's dialog, which cannot run here; it records what it was asked. */
function fakeDialog(outcome: (options: SaveDialogOptions) => SaveDialogOutcome) {
  const calls: SaveDialogOptions[] = [];
  return {
    calls,
    showSaveDialog: (options: SaveDialogOptions): Promise<SaveDialogOutcome> => {
      calls.push(options);
      return Promise.resolve(outcome(options));
    },
  };
}

describe('saving with real files', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'werkboard-save-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const fsWriter = (filePath: string, data: Uint8Array): Promise<void> => writeFile(filePath, data);

  describe('saveFileWithDialog', () => {
    it('writes the bytes where the user chose and reports the path', async () => {
      const target = path.join(dir, 'Bericht.pdf');
      const dialog = fakeDialog(() => ({ canceled: false, filePath: target }));
      const result = await saveFileWithDialog(
        { defaultName: 'Projektbericht.pdf', data: PDF_BYTES, filter: { name: 'PDF', extensions: ['pdf'] } },
        { showSaveDialog: dialog.showSaveDialog, writeFile: fsWriter, defaultDirectory: '/home/monteur/Dokumente' },
      );
      expect(result).toEqual({ saved: true, path: target });
      expect(new Uint8Array(await readFile(target))).toEqual(PDF_BYTES);
      expect(dialog.calls).toEqual([
        {
          defaultPath: path.join('/home/monteur/Dokumente', 'Projektbericht.pdf'),
          filters: [{ name: 'PDF', extensions: ['pdf'] }],
          properties: ['createDirectory', 'showOverwriteConfirmation'],
        },
      ]);
    });

    it('overwrites an existing file the user confirmed in the dialog', async () => {
      const target = path.join(dir, 'alt.pdf');
      await writeFile(target, 'old content that is longer than the new one');
      const dialog = fakeDialog(() => ({ canceled: false, filePath: target }));
      await saveFileWithDialog(
        { defaultName: 'alt.pdf', data: PDF_BYTES },
        { showSaveDialog: dialog.showSaveDialog, writeFile: fsWriter, defaultDirectory: dir },
      );
      expect(new Uint8Array(await readFile(target))).toEqual(PDF_BYTES);
    });

    it('writes nothing when the user cancels', async () => {
      const dialog = fakeDialog(() => ({ canceled: true, filePath: '' }));
      const result = await saveFileWithDialog(
        { defaultName: 'a.pdf', data: PDF_BYTES },
        { showSaveDialog: dialog.showSaveDialog, writeFile: fsWriter, defaultDirectory: dir },
      );
      expect(result).toEqual({ saved: false });
      expect(await readdir(dir)).toEqual([]);
      expect(dialog.calls[0]?.filters).toBeUndefined();
    });

    it('writes nothing when the dialog returns a relative path', async () => {
      const writes: string[] = [];
      const dialog = fakeDialog(() => ({ canceled: false, filePath: 'relative.pdf' }));
      const result = await saveFileWithDialog(
        { defaultName: 'a.pdf', data: PDF_BYTES },
        {
          showSaveDialog: dialog.showSaveDialog,
          writeFile: (filePath) => {
            writes.push(filePath);
            return Promise.resolve();
          },
          defaultDirectory: dir,
        },
      );
      expect(result).toEqual({ saved: false });
      expect(writes).toEqual([]);
    });

    it('rejects when the file cannot be written', async () => {
      const dialog = fakeDialog(() => ({ canceled: false, filePath: path.join(dir, 'missing-folder', 'a.pdf') }));
      await expect(
        saveFileWithDialog(
          { defaultName: 'a.pdf', data: PDF_BYTES },
          { showSaveDialog: dialog.showSaveDialog, writeFile: fsWriter, defaultDirectory: dir },
        ),
      ).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });

  describe('registered IPC handlers', () => {
    interface FakeEvent extends SenderEvent {
      windowId: number;
    }

    const stores: { close(): void }[] = [];
    afterEach(() => {
      for (const store of stores.splice(0)) store.close();
    });

    function setUp(outcome: SaveDialogOutcome) {
      const handlers = new Map<string, IpcHandler<FakeEvent>>();
      const warnings: string[] = [];
      const dialogEvents: FakeEvent[] = [];
      const dialog = fakeDialog(() => outcome);
      const remembered: string[] = [];
      const addresses: string[] = [];
      // Outside `dir`, which the save tests expect to hold only what was saved.
      const storeDir = mkdtempSync(path.join(tmpdir(), 'werkboard-ipc-store-'));
      const localStore = openSqliteLocalStore(path.join(storeDir, 'local.sqlite'));
      stores.push({ close: () => (localStore.close(), rmSync(storeDir, { recursive: true, force: true })) });
      const deps: IpcDependencies<FakeEvent> = {
        appOrigin: APP,
        appVersion: '0.1.0',
        showSaveDialog: (event, options) => {
          dialogEvents.push(event);
          return dialog.showSaveDialog(options);
        },
        writeFile: fsWriter,
        defaultDirectory: () => dir,
        rememberDirectory: (directory) => remembered.push(directory),
        serverAddress: () => 'http://192.168.1.20:3000',
        changeServerAddress: (address) => {
          addresses.push(address);
          return Promise.resolve({ ok: false, reason: 'unreachable' });
        },
        localStore,
        persist: openPersistFile(path.join(storeDir, 'state.json'), (message) => warnings.push(message)),
        logWarning: (message) => warnings.push(message),
      };
      registerIpcHandlers<FakeEvent>({ handle: (channel, listener) => handlers.set(channel, listener) }, deps);
      const invoke = (channel: string, event: FakeEvent, ...args: unknown[]): Promise<unknown> => {
        const handler = handlers.get(channel);
        if (handler === undefined) throw new Error(`no handler for ${channel}`);
        return handler(event, ...args);
      };
      return { handlers, warnings, dialog, dialogEvents, invoke, remembered, addresses };
    }

    const fromApp: FakeEvent = { senderFrame: { url: `${APP}/#/projects/7` }, windowId: 1 };
    const fromElsewhere: FakeEvent = { senderFrame: { url: 'https://evil.example/' }, windowId: 1 };

    it('registers exactly the DESKTOP_IPC channels', () => {
      const { handlers } = setUp({ canceled: true, filePath: '' });
      expect([...handlers.keys()].sort()).toEqual(Object.values(DESKTOP_IPC).sort());
    });

    it('answers getVersion for the app and refuses other senders', async () => {
      const { invoke, warnings } = setUp({ canceled: true, filePath: '' });
      await expect(invoke(DESKTOP_IPC.getVersion, fromApp)).resolves.toBe('0.1.0');
      await expect(invoke(DESKTOP_IPC.getVersion, fromElsewhere)).rejects.toThrow('Sender not allowed');
      await expect(invoke(DESKTOP_IPC.getVersion, { senderFrame: null, windowId: 1 })).rejects.toThrow(
        'Sender not allowed',
      );
      expect(warnings).toHaveLength(2);
    });

    it('saves a valid request from the app, passing the event on for a modal dialog', async () => {
      const target = path.join(dir, 'Bericht.pdf');
      const { invoke, dialog, dialogEvents, remembered } = setUp({ canceled: false, filePath: target });
      await expect(
        invoke(DESKTOP_IPC.saveFile, fromApp, { defaultName: 'Bericht.pdf', data: PDF_BYTES }),
      ).resolves.toEqual({ saved: true, path: target });
      expect(new Uint8Array(await readFile(target))).toEqual(PDF_BYTES);
      expect(dialogEvents).toEqual([fromApp]);
      expect(dialog.calls[0]?.defaultPath).toBe(path.join(dir, 'Bericht.pdf'));
      // The next dialog starts in this folder.
      expect(remembered).toEqual([dir]);
    });

    it('refuses a foreign sender before showing any dialog', async () => {
      const { invoke, dialog } = setUp({ canceled: false, filePath: path.join(dir, 'x.pdf') });
      await expect(
        invoke(DESKTOP_IPC.saveFile, fromElsewhere, { defaultName: 'x.pdf', data: PDF_BYTES }),
      ).rejects.toThrow('Sender not allowed');
      expect(dialog.calls).toEqual([]);
      expect(await readdir(dir)).toEqual([]);
    });

    it('refuses an invalid payload before showing any dialog', async () => {
      const { invoke, dialog, warnings } = setUp({ canceled: false, filePath: path.join(dir, 'x.pdf') });
      await expect(invoke(DESKTOP_IPC.saveFile, fromApp, { defaultName: '../x.pdf', data: PDF_BYTES })).rejects.toThrow(
        'Invalid request: defaultName must not contain path separators',
      );
      await expect(invoke(DESKTOP_IPC.saveFile, fromApp)).rejects.toThrow('Invalid request');
      expect(dialog.calls).toEqual([]);
      expect(warnings).toHaveLength(2);
      expect(await readdir(dir)).toEqual([]);
    });
    it('keeps reads and the queue in SQLite for the app, and refuses every other sender', async () => {
      const { invoke } = setUp({ canceled: true, filePath: '' });
      const value = JSON.stringify({ id: 'p1', name: 'Bad Müller' });
      await expect(
        invoke(DESKTOP_IPC.localStore, fromApp, { op: 'putRead', table: 'projects', key: 'p1', value }),
      ).resolves.toEqual({ done: true });
      await expect(
        invoke(DESKTOP_IPC.localStore, fromApp, { op: 'getRead', table: 'projects', key: 'p1' }),
      ).resolves.toEqual({ value });
      const row = { key: 'k1', position: 0, list: 'pending', write: '{"key":"k1"}' };
      await expect(
        invoke(DESKTOP_IPC.localStore, fromApp, { op: 'applyQueue', baseVersion: 0, puts: [row], deletes: [] }),
      ).resolves.toEqual({ applied: true, version: 1 });
      await expect(invoke(DESKTOP_IPC.localStore, fromApp, { op: 'loadQueue' })).resolves.toEqual({
        version: 1,
        rows: [row],
      });

      await expect(invoke(DESKTOP_IPC.localStore, fromElsewhere, { op: 'loadQueue' })).rejects.toThrow(
        'Sender not allowed',
      );
      await expect(invoke(DESKTOP_IPC.localStore, fromElsewhere, { op: 'clearAll' })).rejects.toThrow(
        'Sender not allowed',
      );
      expect(await invoke(DESKTOP_IPC.localStore, fromApp, { op: 'loadQueue' })).toEqual({ version: 1, rows: [row] });
    });

    it('refuses malformed local store requests and changes nothing', async () => {
      const { invoke } = setUp({ canceled: true, filePath: '' });
      for (const request of [
        null,
        { op: 'dropTable' },
        { op: 'getRead', table: 'users', key: 'x' },
        { op: 'putRead', table: 'projects', key: 'x', value: { not: 'text' } },
        { op: 'putRead', table: 'projects', key: '', value: '{}' },
        {
          op: 'applyQueue',
          baseVersion: 0,
          puts: [{ key: 'a', position: -1, list: 'pending', write: '{}' }],
          deletes: [],
        },
        { op: 'applyQueue', baseVersion: 0, puts: [{ key: 'a', position: 0, list: 'done', write: '{}' }], deletes: [] },
        { op: 'applyQueue', baseVersion: 0, puts: [], deletes: [7] },
        { op: 'clearAll', also: 'reads' },
      ]) {
        await expect(invoke(DESKTOP_IPC.localStore, fromApp, request)).rejects.toThrow('Invalid request');
      }
      expect(await invoke(DESKTOP_IPC.localStore, fromApp, { op: 'loadQueue' })).toEqual({ version: 0, rows: [] });
    });

    it('keeps the persisted session for the app only', async () => {
      const { invoke } = setUp({ canceled: true, filePath: '' });
      await invoke(DESKTOP_IPC.persist, fromApp, { op: 'set', key: 'persist:werkboard-auth', value: '{"token":"t"}' });
      await expect(invoke(DESKTOP_IPC.persist, fromApp, { op: 'get', key: 'persist:werkboard-auth' })).resolves.toBe(
        '{"token":"t"}',
      );
      await expect(
        invoke(DESKTOP_IPC.persist, fromElsewhere, { op: 'get', key: 'persist:werkboard-auth' }),
      ).rejects.toThrow('Sender not allowed');
      await expect(invoke(DESKTOP_IPC.persist, fromApp, { op: 'set', key: 'k', value: 42 })).rejects.toThrow(
        'Invalid request',
      );
    });

    it('answers the server address and hands a checked string on for a change', async () => {
      const { invoke, addresses } = setUp({ canceled: true, filePath: '' });
      await expect(invoke(DESKTOP_IPC.getServerAddress, fromApp)).resolves.toBe('http://192.168.1.20:3000');
      await expect(invoke(DESKTOP_IPC.setServerAddress, fromApp, 'http://10.0.0.5:3000')).resolves.toEqual({
        ok: false,
        reason: 'unreachable',
      });
      await expect(invoke(DESKTOP_IPC.setServerAddress, fromApp, { url: 'x' })).rejects.toThrow('Invalid request');
      await expect(invoke(DESKTOP_IPC.setServerAddress, fromElsewhere, 'http://evil.example')).rejects.toThrow(
        'Sender not allowed',
      );
      expect(addresses).toEqual(['http://10.0.0.5:3000']);
    });
  });
});
