import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Tests never reach production output (issue 14): each package compiles its build
 * (tsconfig.build.json, what lands in dist/ and the docker image) apart from its tests and
 * their harnesses under src/test/ (tsconfig.test.json), and `tsc -b` typechecks both. This
 * sits with the server's tests because jest has no project for the repository as a whole.
 */
const root = path.resolve(__dirname, '..', '..');
const PACKAGES = ['common', 'server', 'desktop'] as const;
const isTestFile = (file: string) => /\.test\.[cm]?[jt]sx?$|\.test\.d\.ts$/.test(file) || /(^|\/)test\//.test(file);

/** The repository's own files of a tsconfig's program, relative to the root. */
function programFiles(config: string): string[] {
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', config, '--listFilesOnly'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tsc --listFilesOnly ${config} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout
    .split('\n')
    .map((line) => path.relative(root, line.trim()))
    .filter((file) => file && !file.startsWith('..') && !file.includes('node_modules'));
}

function filesBelow(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file));
}

describe.each(PACKAGES)('%s', (pkg) => {
  it('builds without a single test file, and typechecks every test file apart', () => {
    const build = programFiles(`${pkg}/tsconfig.build.json`).filter((file) => file.startsWith(`${pkg}/`));
    const tests = programFiles(`${pkg}/tsconfig.test.json`).filter((file) => file.startsWith(`${pkg}/src/`));
    expect(build.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')).length).toBeGreaterThan(5);
    expect(build.filter(isTestFile)).toEqual([]);
    const testFiles = filesBelow(path.join(root, pkg, 'src'))
      .map((file) => path.relative(root, file))
      .filter((file) => /\.test\.ts$/.test(file));
    expect(testFiles.length).toBeGreaterThan(0);
    expect(testFiles.filter((file) => !tests.includes(file))).toEqual([]);
  }, 120_000);

  it('has no test output in dist/ (after a build; stale output of an older build: delete dist/ and build again)', () => {
    const found = filesBelow(path.join(root, pkg, 'dist'))
      .map((file) => path.relative(path.join(root, pkg, 'dist'), file))
      .filter(isTestFile);
    expect(found).toEqual([]);
  });
});
