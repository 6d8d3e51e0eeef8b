// End-to-end tests: the built app (npm run build) started as a real server process on its
// own embedded PostgreSQL, driven in Debian's Chromium through playwright-core.
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  roots: ['<rootDir>/test/e2e'],
  testMatch: ['**/*.e2e.test.ts'],
  // Node's environment, plus a report of what the open pages showed when a test failed.
  testEnvironment: '<rootDir>/test/e2e/support/failureEnvironment.js',
  testTimeout: 120000,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: { '^@werkboard/common$': '<rootDir>/common/src/index.ts' },
};
