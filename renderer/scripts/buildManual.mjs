#!/usr/bin/env node
// After `vite build`: the user manual docs/manual/handbuch.md (and its screenshots in
// docs/manual/bilder/) as renderer/dist/Werkboard-Handbuch.pdf. The server serves it with the
// app, without login; the desktop app carries it in its package; the 'Hilfe/Impressum' dialog
// downloads it. `node scripts/buildManual.mjs [out-dir]` (default: dist).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildManualPdf } from './manual/manualPdf.mjs';

/** The file name the dialog asks for (renderer/src/features/help/manualDownload.ts). */
export const MANUAL_FILE = 'Werkboard-Handbuch.pdf';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const manualDir = path.join(root, 'docs', 'manual');
const fontDir = path.join(root, 'renderer', 'src', 'features', 'reports', 'pdf', 'fonts');

const outDir = path.resolve(process.argv[2] ?? path.join(here, '..', 'dist'));
const started = Date.now();
const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const pdf = await buildManualPdf({
  source: fs.readFileSync(path.join(manualDir, 'handbuch.md'), 'utf8'),
  imageDir: manualDir,
  fonts: {
    regular: fs.readFileSync(path.join(fontDir, 'Inter-Report-Regular.ttf')),
    bold: fs.readFileSync(path.join(fontDir, 'Inter-Report-Bold.ttf')),
  },
  version,
});
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, MANUAL_FILE), pdf);
console.log(`manual: ${MANUAL_FILE}, ${(pdf.length / 1024).toFixed(0)} KB in ${Date.now() - started} ms`);
