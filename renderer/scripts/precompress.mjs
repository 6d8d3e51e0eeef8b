#!/usr/bin/env node
// After `vite build`: a brotli (.br, best quality) and a gzip (.gz) copy next to every text
// file of renderer/dist worth compressing, which the server sends to browsers that accept
// them (server/src/middleware/serveRenderer.ts). Done once at build time, so the best (slow)
// brotli level costs nothing per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ttf|otf|xml|map)$/;
const MIN_BYTES = 1024;

export function precompress(dir) {
  const written = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy that saves nothing is left out; the server then sends the file itself.
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), bytes: bytes.length, br: br.length, gz: gz.length });
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const written = precompress(dir);
  const total = (key) => written.reduce((sum, item) => sum + item[key], 0);
  console.log(
    `precompress: ${written.length} files, ${(total('bytes') / 1024).toFixed(0)} KB -> brotli ${(total('br') / 1024).toFixed(0)} KB, gzip ${(total('gz') / 1024).toFixed(0)} KB`,
  );
}
