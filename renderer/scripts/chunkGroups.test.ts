import { chunkPlan, codeSplitting, type PlannedChunk, SHARED_CHUNK_LIMIT } from './chunkGroups';

/** A chunk of the first build: its modules are named after it (`<file>:a`, `<file>:b`). */
const chunk = (fileName: string, imports: string[] = [], options: Partial<PlannedChunk> = {}): PlannedChunk => ({
  fileName,
  moduleIds: [`${fileName}:a`, `${fileName}:b`],
  imports,
  dynamicImports: [],
  isEntry: false,
  size: 1_000,
  ...options,
});

// The entry with its shared pieces, the frame (shell and data cache), three pages.
const chunks = [
  chunk('index', ['react', 'catalogue'], {
    isEntry: true,
    moduleIds: ['main', 'login'],
    dynamicImports: ['shell', 'cache', 'dashboard', 'users', 'board', 'templates', 'diagnostics', 'checks'],
  }),
  chunk('diagnostics', ['catalogue', 'serverForm']),
  chunk('serverForm'),
  chunk('checks', ['schemas']),
  chunk('schemas'),
  chunk('react'),
  chunk('catalogue'),
  chunk('shell', ['react', 'dialog', 'frameShared', 'schemas']),
  chunk('cache', ['frameShared']),
  chunk('dialog'),
  chunk('frameShared', ['catalogue']),
  chunk('dashboard', ['shell', 'form', 'tiny']),
  chunk('users', ['form', 'tiny', 'usersOnly']),
  chunk('board', ['screen', 'form']),
  chunk('templates', ['screen']),
  chunk('form', ['dialog']),
  chunk('tiny'),
  chunk('usersOnly'),
  chunk('screen', [], { size: SHARED_CHUNK_LIMIT }),
  chunk('report', ['form']),
];
const modules = {
  entryModules: ['main'],
  frameModules: ['shell:a', 'cache:a'],
  signedInModules: ['shell:a'],
  pageModulesList: ['dashboard:a', 'users:a', 'board:a', 'templates:a'],
};
const plan = chunkPlan(chunks, modules);
const groupOf = (file: string) => plan.get(`${file}:a`);

describe('chunkPlan', () => {
  it('puts the first script into one group, except the entry module itself', () => {
    expect(plan.get('login')).toBe('start');
    expect(groupOf('react')).toBe('start');
    expect(groupOf('catalogue')).toBe('start');
    expect(plan.has('main')).toBe(false);
  });

  it('puts what the logged-in frame loads beyond the first script into the frame', () => {
    for (const file of ['shell', 'dialog']) expect(groupOf(file)).toBe('frame');
  });

  it('leaves what the login screen may load on demand out of the frame, in one file with the frame where both need it', () => {
    // In the frame's file, the login's checks or diagnostics would load the whole frame.
    for (const file of ['checks', 'diagnostics', 'serverForm']) expect(plan.has(`${file}:a`)).toBe(false);
    // The schemas (the login's checks) and the data cache (the login's dialogs) the frame needs too.
    for (const file of ['schemas', 'cache', 'frameShared']) expect(groupOf(file)).toBe('common');
  });

  it('puts small chunks that several pages load into one shared chunk, and leaves a page its own', () => {
    expect(groupOf('form')).toBe('pages');
    expect(groupOf('tiny')).toBe('pages');
    for (const file of ['dashboard', 'users', 'board', 'usersOnly']) expect(plan.has(`${file}:a`)).toBe(false);
  });

  it('leaves a large shared chunk and what a page loads on demand to the bundler', () => {
    // The board's screen would make every page that loads the shared chunk load it.
    expect(plan.has('screen:a')).toBe(false);
    // A report loaded by a dynamic import is nobody's static import.
    expect(plan.has('report:a')).toBe(false);
  });

  it('keeps a small shared chunk that imports a large one out of the shared chunk', () => {
    const withImport = chunkPlan(
      [
        chunk('index', [], { isEntry: true, moduleIds: ['main'] }),
        chunk('shell'),
        chunk('a', ['bridge']),
        chunk('b', ['bridge']),
        chunk('bridge', ['screen']),
        chunk('screen', [], { size: SHARED_CHUNK_LIMIT }),
      ],
      {
        entryModules: ['main'],
        frameModules: ['shell:a'],
        signedInModules: ['shell:a'],
        pageModulesList: ['a:a', 'b:a'],
      },
    );
    expect(withImport.has('bridge:a')).toBe(false);
    expect(withImport.has('screen:a')).toBe(false);
  });

  it("keeps out a small shared chunk that imports a large one the login may load (the schemas: the pages' forms)", () => {
    const withSchemas = chunkPlan(
      [
        chunk('index', [], { isEntry: true, moduleIds: ['main'], dynamicImports: ['checks', 'shell', 'a', 'b'] }),
        chunk('shell'),
        chunk('checks', ['schemas']),
        chunk('schemas', [], { size: SHARED_CHUNK_LIMIT }),
        chunk('a', ['form', 'list']),
        chunk('b', ['form', 'list']),
        chunk('form', ['schemas']),
        chunk('list'),
      ],
      {
        entryModules: ['main'],
        frameModules: ['shell:a'],
        signedInModules: ['shell:a'],
        pageModulesList: ['a:a', 'b:a'],
      },
    );
    expect(withSchemas.has('form:a')).toBe(false);
    expect(withSchemas.has('schemas:a')).toBe(false);
    expect(withSchemas.get('list:a')).toBe('pages');
  });

  it('keeps out a small chunk that only pages loading the same large chunk share (the board and the template editor)', () => {
    const withScreen = chunkPlan(
      [
        chunk('index', [], { isEntry: true, moduleIds: ['main'] }),
        chunk('shell'),
        chunk('board', ['screen', 'images', 'list']),
        chunk('editor', ['screen', 'images']),
        chunk('users', ['list']),
        chunk('screen', [], { size: SHARED_CHUNK_LIMIT }),
        chunk('images'),
        chunk('list'),
      ],
      {
        entryModules: ['main'],
        frameModules: ['shell:a'],
        signedInModules: ['shell:a'],
        pageModulesList: ['board:a', 'editor:a', 'users:a'],
      },
    );
    // Every page loading `images` loads `screen`, which stays out: `images` travels with it,
    // not with every page.
    expect(withScreen.has('images:a')).toBe(false);
    expect(withScreen.get('list:a')).toBe('pages');
  });

  it('names a module the first build did not put into a chunk as an error', () => {
    expect(() => chunkPlan(chunks, { ...modules, frameModules: ['missing'] })).toThrow(
      'chunkGroups: no chunk holds missing',
    );
  });
});

describe('codeSplitting', () => {
  it('gives the bundler the groups in loading order, each capturing its planned modules', () => {
    const { groups } = codeSplitting(plan);
    expect(groups.map((group) => [group.name, group.priority])).toEqual([
      ['start', 4],
      ['common', 3],
      ['frame', 2],
      ['pages', 1],
    ]);
    const [start, , frame] = groups;
    expect(start?.test('react:b')).toBe(true);
    expect(start?.test('shell:a')).toBe(false);
    expect(frame?.test('shell:a')).toBe(true);
  });
});
