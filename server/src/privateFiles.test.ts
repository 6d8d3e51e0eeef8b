import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { securePrivateFiles } from './privateFiles';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the files under DATA_DIR', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-modes-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('become private at start when an older version left them readable, PostgreSQL’s folder excepted', () => {
    // What older versions left: the umask's 0755 folders and 0644 files.
    fs.chmodSync(dataDir, 0o755);
    const image = path.join(dataDir, 'images', 'p1', 'bild.png');
    fs.mkdirSync(path.dirname(image), { recursive: true, mode: 0o755 });
    fs.writeFileSync(image, 'png', { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, 'logs'), { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'logs', 'server.log'), '{}', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), '{}', { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, 'pg'), { mode: 0o750 });
    fs.writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18', { mode: 0o640 });
    // A link points elsewhere: what it points to is not ours to change.
    const elsewhere = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-elsewhere-')), 'datei');
    fs.writeFileSync(elsewhere, 'x', { mode: 0o644 });
    fs.symlinkSync(elsewhere, path.join(dataDir, 'images', 'link'));

    securePrivateFiles(dataDir, pino({ level: 'silent' }));

    // No reading or writing for others; the search bit stays for the database's 'postgres' user.
    expect(modeOf(dataDir)).toBe(0o711);
    for (const folder of ['images', 'images/p1', 'logs']) expect(modeOf(path.join(dataDir, folder))).toBe(0o700);
    for (const file of ['images/p1/bild.png', 'logs/server.log', 'secrets.json']) {
      expect(modeOf(path.join(dataDir, file))).toBe(0o600);
    }
    expect(modeOf(path.join(dataDir, 'pg'))).toBe(0o750);
    expect(modeOf(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(0o640);
    expect(modeOf(elsewhere)).toBe(0o644);
    fs.rmSync(path.dirname(elsewhere), { recursive: true });
  });

  it('makes a new DATA_DIR for the server alone', () => {
    const fresh = path.join(dataDir, 'neu', 'data');
    securePrivateFiles(fresh, pino({ level: 'silent' }));
    expect(modeOf(fresh)).toBe(0o700);
  });
});
