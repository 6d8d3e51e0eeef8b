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
      ...common,
      displayName: 'renderer',
      rootDir: 'renderer',
      testEnvironment: 'jsdom',
      transform: { '^.+\\.tsx?$': swc(true) },
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
      globals: { __APP_VERSION__: '0.0.0-test' },
    },
  ],
};
