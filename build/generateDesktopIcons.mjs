// Renders the desktop app's icons from the PWA's drawing (renderer/public/icons/icon.svg,
// made by generatePwaIcons.mjs) for electron-builder: build/icon.png (512, Linux) and
// build/icon.ico (Windows: PNG images of 16 to 256 pixels in one ICO file). The files are
// committed; run again after changing the drawing:
//   node build/generateDesktopIcons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BUILD_DIR = path.dirname(fileURLToPath(import.meta.url));
const SVG = fs.readFileSync(path.join(BUILD_DIR, '..', 'renderer', 'public', 'icons', 'icon.svg'));
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];

const png = (size) => sharp(SVG).resize(size, size).png({ compressionLevel: 9 }).toBuffer();

/** An ICO file holding PNG images (Windows Vista and later read them; 256 is written as 0). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += data.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

fs.writeFileSync(path.join(BUILD_DIR, 'icon.png'), await png(512));
const images = [];
for (const size of ICO_SIZES) images.push({ size, data: await png(size) });
fs.writeFileSync(path.join(BUILD_DIR, 'icon.ico'), ico(images));
console.log(`build/icon.png (512×512), build/icon.ico (${ICO_SIZES.join(', ')})`);
