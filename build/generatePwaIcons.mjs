// Draws Werkboard's app icon (a board with three columns of cards, in the app's dark theme
// with its amber accent) as SVG and renders the PWA icons into renderer/public/ with sharp.
// Run once after changing the drawing; the PNG files are committed:
//   node build/generatePwaIcons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'renderer', 'public');
const BACKGROUND = '#111214';
const ACCENT = '#f5a524';
const CARD = '#3a3f45';

/** Three columns (x of the left edge, number of cards) inside the box 96..416. */
const COLUMNS = [
  { x: 96, cards: 3 },
  { x: 212, cards: 2 },
  { x: 328, cards: 1 },
];

function board() {
  const parts = [];
  for (const column of COLUMNS) {
    parts.push(`<rect x="${column.x}" y="112" width="88" height="288" rx="14" fill="#1d2024"/>`);
    parts.push(`<rect x="${column.x + 10}" y="124" width="68" height="22" rx="8" fill="${ACCENT}"/>`);
    for (let index = 0; index < column.cards; index += 1) {
      parts.push(`<rect x="${column.x + 10}" y="${160 + index * 62}" width="68" height="50" rx="8" fill="${CARD}"/>`);
    }
  }
  return parts.join('');
}

/**
 * `rounded`: transparent corners (the plain icon); otherwise the background fills the square
 * and the board shrinks by `scale` so that it stays inside a maskable icon's safe zone.
 */
function svg({ rounded, scale }) {
  const background = rounded
    ? `<rect width="512" height="512" rx="104" fill="${BACKGROUND}"/>`
    : `<rect width="512" height="512" fill="${BACKGROUND}"/>`;
  const transform = scale === 1 ? '' : ` transform="translate(256 256) scale(${scale}) translate(-256 -256)"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${background}<g${transform}>${board()}</g></svg>`;
}

const outputs = [
  { file: 'icons/icon-192.png', size: 192, drawing: { rounded: true, scale: 1 } },
  { file: 'icons/icon-512.png', size: 512, drawing: { rounded: true, scale: 1 } },
  // Safe zone of a maskable icon: a circle of 40 % of the size around the centre.
  { file: 'icons/icon-maskable-512.png', size: 512, drawing: { rounded: false, scale: 0.78 } },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'icons/apple-touch-icon.png', size: 180, drawing: { rounded: false, scale: 0.9 } },
];

fs.mkdirSync(path.join(PUBLIC_DIR, 'icons'), { recursive: true });
fs.writeFileSync(path.join(PUBLIC_DIR, 'icons', 'icon.svg'), `${svg({ rounded: true, scale: 1 })}\n`);
for (const output of outputs) {
  await sharp(Buffer.from(svg(output.drawing)))
    .resize(output.size, output.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(PUBLIC_DIR, output.file));
  console.log(`${output.file} (${output.size}×${output.size})`);
}
