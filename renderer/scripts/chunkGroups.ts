import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { FRAME_MODULES, LANDING_START, pageModules } from './landingPreload';

/** A chunk of a build split by the bundler alone, as the plan reads it. */
export interface PlannedChunk {
  fileName: string;
  moduleIds: string[];
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  /** Bytes of its code as the first build wrote it (minified). */
  size: number;
}

/** The modules the plan starts from (ids as in the chunks' `moduleIds`). */
export interface PlanModules {
  /** The entry modules (index.html's script). */
  entryModules: string[];
  /** The logged-in frame: the shell, the data cache, the start of a signed-in visit. */
  frameModules: string[];
  /** Of those, what only a signed-in visit loads (not the data cache, which the login's dialogs use). */
  signedInModules: string[];
  /** The pages' modules (pages.ts, without the shell). */
  pageModulesList: string[];
}

/** A chunk shared by pages stays on its own from this size (the board's screen: a page loading the shared chunk would load it too). */
export const SHARED_CHUNK_LIMIT = 20_000;

/**
 * Issue 19: split by the bundler alone, a signed-in start on a phone fetched about 70 files
 * (the shell and the data cache came as 55 chunks of 1-2 KB, each a set of modules that some
 * pages share), and over HTTP/1.1 a browser opens six connections per server, so each file
 * waited its turn of a round trip (150 ms on Lighthouse's slow 4G). From the chunks of a first
 * build without groups, each module is put into one of four groups:
 * - `start`: the entry's static imports (the first script: the login), less the entry itself;
 * - `common`: what the login screen may load on demand and the logged-in frame needs too;
 * - `frame`: the chunks the logged-in frame (shell, data cache, first reads) loads beyond those;
 * - `pages`: the chunks two or more pages load beyond those (shared forms, dialogs, hooks).
 * A page's own modules stay in its chunk, what is loaded on demand (reports, dialogs) in the
 * bundler's chunks. Each group is a union of whole chunks closed under static imports (a chunk's
 * imports are in the same or an earlier group), so no group imports a later one. What is loaded
 * more than in the split build: the `common` chunk, which the login screen loads whole with its
 * checks, and the `pages` chunk, which a page loads whole.
 */
export function chunkPlan(chunks: PlannedChunk[], modules: PlanModules): Map<string, string> {
  const { entryModules, frameModules, signedInModules, pageModulesList } = modules;
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** The chunks `starts` load with them; with `dynamic`, also those they may load later, except `beyond`. */
  const closure = (starts: PlannedChunk[], dynamic = false, beyond = new Set<string>()): Set<string> => {
    const seen = new Set<string>();
    const stack = starts.map((chunk) => chunk.fileName);
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file) || beyond.has(file)) continue;
      seen.add(file);
      const chunk = byFile.get(file);
      stack.push(...(chunk?.imports ?? []), ...(dynamic ? (chunk?.dynamicImports ?? []) : []));
    }
    return seen;
  };
  const chunkOf = (module: string): PlannedChunk => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
    if (!chunk) throw new Error(`chunkGroups: no chunk holds ${module}`);
    return chunk;
  };
  const groupOfChunk = new Map<string, string>();
  const assign = (files: Iterable<string>, name: string): void => {
    for (const file of files) if (!groupOfChunk.has(file)) groupOfChunk.set(file, name);
  };
  const entries = chunks.filter((chunk) => chunk.isEntry);
  assign(closure(entries), 'start');
  // What the login screen may load on demand (its checks, diagnostics, the server form) without
  // the frame: the part the frame needs as well (the catalogue, the schemas, the data cache's
  // base) is one file both load; the rest stays the bundler's, so that the login's checks do
  // not bring the whole frame.
  // The login's dialogs use the data cache, so only the shell, the start of a signed-in visit and
  // the pages are beyond what it may load.
  const signedIn = [...signedInModules, ...pageModulesList];
  const loginMayLoad = closure(entries, true, new Set(signedIn.map((module) => chunkOf(module).fileName)));
  const frame = closure(frameModules.map(chunkOf));
  assign(
    [...loginMayLoad].filter((file) => frame.has(file)),
    'common',
  );
  assign(loginMayLoad, '');
  assign(frame, 'frame');
  /** The pages (their index) that load each chunk. */
  const usedBy = new Map<string, Set<number>>();
  pageModulesList.forEach((page, index) => {
    for (const file of closure([chunkOf(page)])) usedBy.set(file, (usedBy.get(file) ?? new Set()).add(index));
  });
  const shared = [...usedBy]
    .filter(([file, pages]) => pages.size >= 2 && !groupOfChunk.has(file))
    .map(([file]) => file);
  // Large: what a page would not load otherwise (the frame's groups it loads anyway).
  const loadedAnyway = new Set(['start', 'common', 'frame']);
  const large = new Set(
    [...usedBy.keys()].filter(
      (file) => !loadedAnyway.has(groupOfChunk.get(file) ?? '') && (byFile.get(file)?.size ?? 0) >= SHARED_CHUNK_LIMIT,
    ),
  );
  // A small chunk that imports a large one stays out too: the group would import it at once.
  // So does one that only pages loading the same large chunk share (the board and the template
  // editor share the board's screen): it is loaded with that chunk, never by the other pages.
  const travelsWithLarge = (file: string): boolean => {
    const pages = [...(usedBy.get(file) ?? [])];
    // Loaded by every page, it costs none of them anything in the group.
    if (pages.length === pageModulesList.length) return false;
    return [...large].some((big) => big !== file && pages.every((page) => usedBy.get(big)?.has(page)));
  };
  assign(
    shared.filter(
      (file) =>
        ![...closure([byFile.get(file) as PlannedChunk])].some((inner) => large.has(inner)) && !travelsWithLarge(file),
    ),
    'pages',
  );
  const plan = new Map<string, string>();
  for (const [file, name] of groupOfChunk) {
    if (!name) continue;
    for (const module of byFile.get(file)?.moduleIds ?? []) plan.set(module, name);
  }
  // The entry module itself stays in the entry chunk (index.html's script), which imports the start.
  for (const entry of entryModules) plan.delete(entry);
  return plan;
}

/** A module path relative to the renderer (no extension) as the bundler's id. */
function moduleIds(root: string, module: string): string[] {
  return ['.tsx', '.ts'].map((extension) => path.join(root, module) + extension);
}

/** The frame's and the pages' module ids as they appear in `chunks`. */
export function planFor(chunks: PlannedChunk[]): Map<string, string> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const pages = pageModules(readFileSync(path.join(root, 'src/app/pages.ts'), 'utf8'));
  const shell = pages.get('shell');
  if (!shell) throw new Error('chunkGroups: pages.ts has no shell page');
  const known = new Set(chunks.flatMap((chunk) => chunk.moduleIds));
  const idOf = (module: string): string => {
    const id = moduleIds(root, module).find((candidate) => known.has(candidate));
    if (!id) throw new Error(`chunkGroups: no module ${module}`);
    return id;
  };
  return chunkPlan(chunks, {
    entryModules: [idOf('src/main')],
    frameModules: [shell, ...FRAME_MODULES].map(idOf),
    signedInModules: [shell, LANDING_START].map(idOf),
    pageModulesList: [...pages].filter(([name]) => name !== 'shell').map(([, module]) => idOf(module)),
  });
}

/** The `output.codeSplitting` option of the build: the plan's groups, the earlier ones first. */
export function codeSplitting(plan: Map<string, string>) {
  // Exactly the planned modules: left to itself the bundler adds a captured module's imports to
  // its group, and the frame would take what the login screen loads on demand. The plan's groups
  // import only earlier groups and chunks of their own, so no chunk cycle arises.
  const group = (name: string, priority: number) => ({
    name,
    priority,
    test: (id: string) => plan.get(id) === name,
    includeDependenciesRecursively: false,
  });
  return { groups: [group('start', 4), group('common', 3), group('frame', 2), group('pages', 1)] };
}

/**
 * The plugin: before the build, a first build in memory (`firstBuild`: the same sources, split by
 * the bundler alone, nothing written) gives the chunks the plan is made from; the build then puts
 * the modules into the plan's groups.
 */
export function chunkGroups(firstBuild: () => Promise<PlannedChunk[]>): Plugin {
  return {
    name: 'werkboard-chunk-groups',
    apply: 'build',
    async config() {
      const plan = planFor(await firstBuild());
      return { build: { rolldownOptions: { output: { codeSplitting: codeSplitting(plan) } } } };
    },
  };
}
