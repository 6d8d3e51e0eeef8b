import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups, type PlannedChunk } from './scripts/chunkGroups';
import { landingPreload } from './scripts/landingPreload';

// The app shows the product version of the ROOT package.json (architecture.md: `{ip}` is that version).
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** What the build and its first pass (chunkGroups) share: the sources as the app is built from them. */
const sources = (command: 'build' | 'serve'): UserConfig => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset paths: the same build is served at / by the server and loaded from disk by Electron.
  base: './',
  resolve: {
    // Bundle common from source; its dist is only a type-check artefact of `tsc -b`.
    alias: { '@werkboard/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    // Only a production build registers the service worker (none in `vite` dev, none in jest).
    __WERKBOARD_SERVICE_WORKER__: JSON.stringify(command === 'build'),
  },
});

/** The chunks of the app split by the bundler alone, built in memory (chunkGroups' first pass). */
async function chunksSplitByTheBundler(): Promise<PlannedChunk[]> {
  const output = await build({
    ...sources('build'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { write: false },
  });
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((result) =>
    'output' in result
      ? result.output.flatMap((item) =>
          item.type === 'chunk'
            ? [
                {
                  fileName: item.fileName,
                  moduleIds: item.moduleIds,
                  imports: item.imports,
                  dynamicImports: item.dynamicImports,
                  isEntry: item.isEntry,
                  size: item.code.length,
                },
              ]
            : [],
        )
      : [],
  );
}

export default defineConfig(({ command }) => ({
  ...sources(command),
  plugins: [
    react(),
    // Fewer, larger chunks for a signed-in start (issue 19): the first script, the frame, what pages share.
    chunkGroups(chunksSplitByTheBundler),
    // modulepreload links for the chunks of the route a signed-in visitor lands on (issue 19).
    landingPreload(),
    // The service worker (Workbox, generateSW) precaches the app shell so that a reload without
    // network opens the app. The manifest and icons are static files in public/, linked in
    // index.html; the page registers the worker itself (src/platform/serviceWorker).
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      manifest: false,
      injectRegister: false,
      workbox: {
        // ttf: the report fonts (a lazy chunk's assets), so that PDF reports work offline.
        globPatterns: ['**/*.{html,js,css,png,svg,webmanifest,ttf}'],
        // Loaded by importScripts, which the browser keeps with the worker script itself.
        globIgnores: ['sw-sync.js', 'sw-push.js'],
        // The whole bundle must be there offline (chart.js alone is close to Workbox's 2 MiB default).
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // A new version takes over at once but never reloads the page: the open page keeps
        // running its loaded code, the next start gets the new version (docs/decisions.md).
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Routing is hash based: every navigation gets the app shell, never an /api address.
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/\/api(\/|$)/],
        // No runtimeCaching: /api requests are not routed through any cache and fail offline
        // as they would without a worker, so the app's own offline logic sees the network error.
        runtimeCaching: [],
        // Background Sync hook (tag 'werkboard-sync') and web push (notification, click), hand-written
        // in public/sw-sync.js and public/sw-push.js.
        importScripts: ['sw-sync.js', 'sw-push.js'],
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
