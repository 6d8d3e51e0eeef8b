/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MANUAL_FILE } from './manualDownload';

/**
 * The build step that makes the user manual (renderer/scripts/buildManual.mjs, run by
 * `npm run build`), read back as a user's PDF viewer and printer would: poppler's pdftotext,
 * pdfinfo and pdftoppm.
 */
const root = path.resolve(__dirname, '..', '..', '..', '..');
let dir: string;
let pdf: string;
let pages: number;

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
const textOf = (first?: number, last?: number) =>
  run('pdftotext', [...(first ? ['-f', `${first}`, '-l', `${last ?? first}`] : []), '-layout', pdf, '-']);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-manual-'));
  run(process.execPath, [path.join(root, 'renderer', 'scripts', 'buildManual.mjs'), dir]);
  pdf = path.join(dir, MANUAL_FILE);
  pages = Number(/^Pages:\s+(\d+)$/m.exec(run('pdfinfo', [pdf]))?.[1]);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the PDF user manual', () => {
  it('is a PDF of many pages with its title, numbered in every footer', () => {
    expect(pages).toBeGreaterThanOrEqual(10);
    expect(run('pdfinfo', [pdf])).toMatch(/^Title:\s+Werkboard – Benutzerhandbuch$/m);
    expect(textOf(2)).toContain(`Seite 2 von ${pages}`);
    expect(textOf(pages)).toContain(`Seite ${pages} von ${pages}`);
    // The title page carries no footer.
    expect(textOf(1)).not.toContain('Seite 1 von');
  });

  it("has the chapters, the app's own labels and the sentences of the manual", () => {
    const text = textOf().replace(/\s+/g, ' ');
    for (const heading of [
      'Anmelden und erster Start',
      'Das Board eines Projekts',
      'Arbeiten ohne Netz auf dem Telefon',
      'Exporte und Berichte',
      'Verwaltung',
    ])
      expect(text).toContain(heading);
    expect(text).toContain('Offline · 3 ausstehend');
    expect(text).toContain('Verbindung zum Server fehlgeschlagen. Bitte überprüfen Sie die Verbindungsdiagnose.');
    expect(text).toContain('Keine Änderung geht still verloren.');
  });

  it('lists every chapter in the table of contents with the page it starts on', () => {
    const contents = textOf(2);
    expect(contents).toContain('Inhalt');
    for (const chapter of ['Das Dashboard', 'Arbeiten ohne Netz auf dem Telefon', 'Nachrichten']) {
      const line = new RegExp(`^\\s*\\d+\\s+${chapter}[ .]*?(\\d+)\\s*$`, 'm').exec(contents);
      expect(line).not.toBeNull();
      const page = Number(line![1]);
      expect(textOf(page).trimStart().startsWith(chapter)).toBe(true);
    }
  });

  it('renders its pages with the screenshots in them', () => {
    // Page 3 holds the login page's screenshot: a dark picture on a white page. pdftoppm's
    // grey map (PGM: 'P5', width, height, 255, then one byte a pixel) needs no decoder.
    run('pdftoppm', ['-f', '3', '-l', '3', '-r', '40', '-gray', pdf, path.join(dir, 'page')]);
    const file = fs.readdirSync(dir).find((name) => name.startsWith('page') && name.endsWith('.pgm'))!;
    const bytes = fs.readFileSync(path.join(dir, file));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
    const pixels = bytes.subarray(header[0].length);
    expect(pixels.length).toBe(Number(header[1]) * Number(header[2]));
    const dark = pixels.filter((grey) => grey < 50).length;
    expect(dark / pixels.length).toBeGreaterThan(0.1);
  });
});
