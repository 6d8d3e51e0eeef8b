import type { QRCode } from 'qrcode';
import { create } from 'qrcode';
import type { PdfDoc } from './pdfLayout';

/** Modules of white around the code, as scanners expect (the QR standard asks for four). */
const QUIET_ZONE = 4;

/** The last codes made: every page of a report carries the same one or few (choosing a mask is costly). */
const recent = new Map<string, QRCode['modules']>();

function qrModules(text: string): QRCode['modules'] {
  let modules = recent.get(text);
  if (!modules) {
    if (recent.size >= 32) recent.clear();
    modules = create(text, { errorCorrectionLevel: 'M' }).modules;
    recent.set(text, modules);
  }
  return modules;
}

/**
 * Draws `text` as a QR code into the square at (x, y): vector modules made locally by
 * `qrcode` (never an external service, architecture decision 6), so it is sharp at any zoom
 * and needs no canvas. Error correction M: a printed page may get a smudge.
 */
export function drawQrCode(doc: PdfDoc, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const cell = size / (modules.size + 2 * QUIET_ZONE);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    // Runs of dark modules as one rectangle each: fewer shapes and no seams inside a run.
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      doc.rect(x + (start + QUIET_ZONE) * cell, y + (row + QUIET_ZONE) * cell, (column - start) * cell, cell);
    }
  }
  // One fill for all modules: a single path keeps the page small and fast to draw.
  doc.fill('#000000');
  doc.restore();
}
