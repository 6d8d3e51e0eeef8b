import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { DEVICE_ID_HEADER } from '../../common/src/domain/constants';
import { DEVICE_ID_STORAGE_KEY } from '../src/api/deviceId';
import { earlyReads } from '../src/app/earlyReads';
import { pageRoutes } from '../src/app/pageRoutes';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type Chunk = NonNullable<IndexHtmlTransformContext['chunk']>;

/** What public/landing.js reads from index.html: the chunks to preload per landing route. */
export interface LandingTable {
  /** The logged-in frame's chunks (shell, server data cache, first reads), for every route. */
  frame: string[];
  /** Per page (pages.ts), its chunks beyond the frame's and the first script's. */
  pages: Record<string, string[]>;
  /** Route patterns (react-router's, `:param` for one segment) and their page. */
  routes: [string, string][];
  /** Per page, the GETs landing.js sends at once (app/earlyReads.ts), relative to /api. */
  reads: Partial<Record<string, readonly string[]>>;
  /** The device id's localStorage key and the header it is sent in (api/deviceId.ts). */
  device: [string, string];
}

/** The start of a signed-in visit (first reads, the other pages later). */
export const LANDING_START = 'src/app/landingStart';

/** The modules of the logged-in frame, besides the shell page: loaded at start with a session. */
export const FRAME_MODULES = ['src/store/apiCache', LANDING_START];

/** pages.ts's `name: lazyPage(() => import('module')` pairs, module relative to src/app. */
export function pageModules(pagesSource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const match of pagesSource.matchAll(/(\w+): lazyPage\(\(\) => import\('([^']+)'\)/g)) {
    modules.set(match[1] as string, path.posix.join('src/app', match[2] as string));
  }
  return modules;
}

/**
 * Issue 19: a signed-in visit loaded the first script, then the shell and the data cache, then
 * the page's chunk, each a round trip. From the route table and the bundle, the build lists per
 * route every chunk its landing page needs (with their static imports, minus what index.html
 * preloads already); public/landing.js adds modulepreload links for the route in the address
 * while the first script still downloads.
 */
export function landingTable(bundle: Bundle, pagesSource: string, root: string): LandingTable {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: Chunk, into = new Set<string>()): Set<string> => {
    if (into.has(start.fileName)) return into;
    into.add(start.fileName);
    for (const imported of start.imports) {
      const chunk = byFile.get(imported);
      if (chunk) closure(chunk, into);
    }
    return into;
  };
  const initial = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry, initial);
  // A page's module may share a chunk with others (a module another chunk imports too).
  const chunkOf = (module: string): Chunk => {
    const ids = ['.ts', '.tsx'].map((extension) => path.join(root, module) + extension);
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => ids.includes(id)));
    if (!chunk) throw new Error(`landingPreload: no chunk holds ${module} (a lazy page or the data cache)`);
    return chunk;
  };
  const filesOf = (modules: string[], known: Set<string>): string[] => {
    const files = new Set<string>();
    for (const module of modules) closure(chunkOf(module), files);
    return [...files].filter((file) => !known.has(file)).map((file) => `./${file}`);
  };

  const modules = pageModules(pagesSource);
  const shell = modules.get('shell');
  if (!shell) throw new Error('landingPreload: pages.ts has no shell page');
  const frame = filesOf([shell, ...FRAME_MODULES], initial);
  const loadedWithFrame = new Set([...initial, ...frame.map((file) => file.slice(2))]);
  const pages: Record<string, string[]> = {};
  for (const { page } of pageRoutes) {
    const module = modules.get(page);
    if (!module) throw new Error(`landingPreload: pages.ts has no page '${page}' (pageRoutes.ts)`);
    pages[page] = filesOf([module], loadedWithFrame);
  }
  return {
    frame,
    pages,
    routes: pageRoutes.map(({ path: route, page }) => [route, page]),
    reads: earlyReads,
    device: [DEVICE_ID_STORAGE_KEY, DEVICE_ID_HEADER],
  };
}

/** The table as a data block (not run, so the server's CSP allows it) and the script reading it. */
export function landingPreload(): Plugin {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'werkboard-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const source = readFileSync(path.join(root, 'src/app/pages.ts'), 'utf8');
        const table = JSON.stringify(landingTable(bundle, source, root));
        return html.replace(
          /<script type="module"/,
          `<script type="application/json" id="landing-chunks">${table}</script>\n    <script async src="./landing.js"></script>\n    $&`,
        );
      },
    },
  };
}
