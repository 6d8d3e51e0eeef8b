import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The app shows the product version of the ROOT package.json (architecture.md: `{ip}` is that version).
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export default defineConfig({
  // Relative asset paths: the same build is served at / by the server and loaded from disk by Electron.
  base: './',
  plugins: [react()],
  resolve: {
    // Bundle common from source; its dist is only a type-check artefact of `tsc -b`.
    alias: { '@werkboard/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) },
  },
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
