// One jest run, three projects: common and server under Node, renderer under jsdom.
// API tests in server/ use the real PostgreSQL started by test/support/globalSetup.mjs.
const swc = (jsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: jsx },
      ...(jsx ? { transform: { react: { runtime: 'automatic' } } } : {}),
    },
    module: { type: 'commonjs' },
  },
];

// react-dnd and its packages (dnd-core, @react-dnd/*) ship only ES modules, and jest runs
// CommonJS: the renderer's tests pass them through swc as well (transformIgnorePatterns).
const swcJs = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } },
];

const common = {
  moduleNameMapper: { '^@werkboard/common$': '<rootDir>/../common/src/index.ts' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** @type {import('jest').Config} */
module.exports = {
  globalSetup: '<rootDir>/test/support/globalSetup.mjs',
  globalTeardown: '<rootDir>/test/support/globalTeardown.mjs',
  projects: [
    {
      ...common,
      displayName: 'common',
      rootDir: 'common',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
    },
    {
      ...common,
      displayName: 'server',
      rootDir: 'server',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
    },
    {
      ...common,
      displayName: 'desktop',
      rootDir: 'desktop',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
    },
    {
      // The Docker image's steps performed without an engine (docker/image.test.ts): slow, one file.
      ...common,
      displayName: 'docker',
      rootDir: 'docker',
      testEnvironment: 'node',
      transform: { '^.+\\.ts$': swc(false) },
    },
    {
      ...common,
      displayName: 'renderer',
      rootDir: 'renderer',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': swc(true), '^.+\\.m?js$': swcJs },
      transformIgnorePatterns: [
        '/node_modules/(?!(react-dnd|react-dnd-html5-backend|react-dnd-touch-backend|dnd-core|@react-dnd)/)',
      ],
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      globals: { __APP_VERSION__: '0.0.0-test' },
    },
  ],
};
