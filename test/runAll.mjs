#!/usr/bin/env node
// `npm test`: every check in order — typecheck, lint, build, unit and API tests on real
// PostgreSQL, end-to-end tests in Chromium — then one closing line "N passed, N failed".
// Each jest test counts as one; typecheck, lint and build count as one check each.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'reports');
fs.mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `=== ${label}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${seconds} s\n`,
  );
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function jest(label, args) {
  const report = path.join(reports, `${label}.json`);
  fs.rmSync(report, { force: true });
  const ok = run(label, 'npx', ['jest', ...args, '--json', `--outputFile=${report}`]);
  if (!fs.existsSync(report)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // A suite that fails to run (syntax error, setup failure) has no failed tests but is a failure.
  const brokenSuites = result.numRuntimeErrorTestSuites ?? 0;
  failed += brokenSuites;
  if (!ok || result.numFailedTests > 0 || brokenSuites > 0) failures.push(label);
  if (ok && result.numTotalTests === 0) {
    failed += 1;
    failures.push(`${label} (ran no test)`);
  }
}

check('typecheck', 'npx', ['tsc', '-b']);
check('lint', 'npx', ['eslint', '.']);
check('format', 'npx', ['prettier', '--check', '.']);
const built = run('build', 'npm', ['run', 'build']);
if (built) passed += 1;
else {
  failed += 1;
  failures.push('build');
}
jest('unit-and-api', ['--ci']);
if (built) jest('e2e', ['--ci', '--config', 'test/e2e/jest.config.js', '--runInBand']);
else {
  failed += 1;
  failures.push('e2e (skipped: build failed)');
}

if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
