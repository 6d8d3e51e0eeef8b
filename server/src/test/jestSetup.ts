import http from 'node:http';
import https from 'node:https';

// The server's tests boot the real app on a fresh PostgreSQL database per file and hash
// passwords with argon2: on the shared two-core machines (load 8 to 11 while other suites
// run) a file's start-up alone passes jest's 5 s. Speed is measured by the benchmarks in
// test/benchmarks/, never by these limits.
jest.setTimeout(30_000);

// A jest worker runs many files in one process, and node's core modules are shared between
// them: a file that changes the global agents and does not put them back exactly changes the
// requests of the files after it (a `ca: undefined` key left on https.globalAgent failed the
// TLS tests in CI). Each file must leave them as it found them.
const agentOptions = () =>
  JSON.stringify(
    [(http.globalAgent as http.Agent & { options?: unknown }).options, https.globalAgent.options],
    (_key, value: unknown) => (value === undefined ? '(undefined)' : value),
  );
const agentsAtStart = agentOptions();
afterAll(() => {
  expect(agentOptions()).toBe(agentsAtStart);
});
