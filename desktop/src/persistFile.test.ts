import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { openPersistFile, validatePersistRequest, writeFileAtomically } from './persistFile';
import { compileModules, runUntilKilled } from './testing/crashTest';

const KEY = 'persist:werkboard-auth';
const SESSION = JSON.stringify({
  token: '"eyJ.test"',
  user: '{"id":"u-1"}',
  _persist: '{"version":-1,"rehydrated":true}',
});

let dir: string;
let file: string;
const warnings: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'werkboard-persist-'));
  file = path.join(dir, 'werkboard-state.json');
  warnings.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the persisted store file', () => {
  it('keeps the signed-in session across a restart of the app', () => {
    const first = openPersistFile(file, (message) => warnings.push(message));
    expect(first.run({ op: 'get', key: KEY })).toBeNull();
    first.run({ op: 'set', key: KEY, value: SESSION });

    // A new process reading the same file: the session is there.
    const second = openPersistFile(file, (message) => warnings.push(message));
    expect(second.run({ op: 'get', key: KEY })).toBe(SESSION);
    second.run({ op: 'remove', key: KEY });
    expect(openPersistFile(file, (message) => warnings.push(message)).run({ op: 'get', key: KEY })).toBeNull();
    expect(warnings).toEqual([]);
    // No temp file is left behind.
    expect(readdirSync(dir)).toEqual(['werkboard-state.json']);
  });

  it('starts signed out, with a warning, when the file was damaged by hand', () => {
    writeFileSync(file, '{"persist:werkboard-auth": "{\\"tok');
    const store = openPersistFile(file, (message) => warnings.push(message));
    expect(store.run({ op: 'get', key: KEY })).toBeNull();
    expect(warnings[0]).toContain('is not valid and is ignored');
  });

  it('replaces the file in one step, never writing into it', () => {
    writeFileAtomically(file, 'old');
    writeFileAtomically(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });
});

describe('validatePersistRequest', () => {
  it('accepts get, set and remove with their fields only', () => {
    expect(validatePersistRequest({ op: 'get', key: KEY })).toEqual({ ok: true, value: { op: 'get', key: KEY } });
    expect(validatePersistRequest({ op: 'set', key: KEY, value: '' }).ok).toBe(true);
    for (const request of [
      null,
      { op: 'get' },
      { op: 'get', key: '' },
      { op: 'get', key: KEY, value: 'x' },
      { op: 'set', key: KEY },
      { op: 'set', key: KEY, value: { token: 'x' } },
      { op: 'set', key: 'x'.repeat(201), value: '' },
      { op: 'clear' },
    ])
      expect(validatePersistRequest(request).ok).toBe(false);
  });
});

describe('a crash between writes', () => {
  it('always leaves a whole file with the last acknowledged value or the one in flight', async () => {
    compileModules(dir, ['persistFile', 'validation']);
    const writer = path.join(dir, 'writer.js');
    writeFileSync(
      writer,
      `
      const { openPersistFile } = require('./persistFile.js');
      const store = openPersistFile(process.argv[2], () => {});
      for (let i = Number(process.argv[3]); ; i++) {
        store.run({ op: 'set', key: 'persist:werkboard-auth', value: JSON.stringify({ counter: i, padding: 'x'.repeat(50000) }) });
        require('node:fs').writeSync(1, 'ack ' + i + '\\n');
      }
    `,
    );
    for (const [round, killAfter] of [30, 55, 90].entries()) {
      const acked = await runUntilKilled(writer, [file, String(round * 1000)], killAfter);
      const last = Math.max(...acked);
      const value = openPersistFile(file, (message) => warnings.push(message)).run({ op: 'get', key: KEY });
      const { counter } = JSON.parse(value ?? '{}') as { counter?: number };
      expect([last, last + 1]).toContain(counter);
      expect(warnings).toEqual([]);
    }
  }, 60_000);
});
