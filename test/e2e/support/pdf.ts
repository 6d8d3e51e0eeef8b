import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Reading a PDF as a person would, with Debian's poppler-utils (pdftotext, pdftoppm,
 * pdfimages) and zbar-tools (zbarimg); .ci/run installs both.
 */

/** The text of the PDF, pages separated by form feeds. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** Renders page `page` (1-based) to a PNG at `dpi` and returns its path. */
export function renderPage(
  file: string,
  page: number,
  dpi = 150,
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-page-')),
): string {
  const prefix = path.join(outDir, `page-${page}`);
  execFileSync('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    String(dpi),
    '-png',
    '-singlefile',
    file,
    prefix,
  ]);
  return `${prefix}.png`;
}

/** The QR codes zbarimg finds on page `page`, as their texts. */
export function qrCodes(file: string, page: number): string[] {
  const png = renderPage(file, page);
  const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', png], { encoding: 'utf8' });
  return out.split('\n').filter(Boolean);
}

/** The number of raster images in the PDF (pdfimages -list: two header lines, then one per image). */
export function imageCount(file: string): number {
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return list.trim().split('\n').length - 2;
}
