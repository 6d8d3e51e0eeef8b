import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, logFilePath, previousLogFilePath } from './logger';

/** The log's retention (ASVS 16.1.1): two files of at most the limit, private, newest lines kept. */
describe('the log file', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-log-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const linesOf = (file: string) =>
    fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { n: number }).n);
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  it('moves itself to server.log.1 when full and goes on in a new file; older lines are dropped', () => {
    const logger = createLogger(dataDir, 'info', false, 2_000);
    for (let n = 1; n <= 100; n++) logger.info({ n }, 'zeile');
    const current = linesOf(logFilePath(dataDir));
    const previous = linesOf(previousLogFilePath(dataDir));
    // Each file is under the limit plus one line; together they end with the newest line, in order.
    for (const file of [logFilePath(dataDir), previousLogFilePath(dataDir)])
      expect(fs.statSync(file).size).toBeLessThan(2_200);
    expect([...previous, ...current]).toEqual(
      Array.from(
        { length: previous.length + current.length },
        (_, index) => 101 - previous.length - current.length + index,
      ),
    );
    expect(current.at(-1)).toBe(100);
    expect(previous.length).toBeGreaterThan(5);
    expect(fs.readdirSync(path.dirname(logFilePath(dataDir))).sort()).toEqual(['server.log', 'server.log.1']);
    expect([mode(logFilePath(dataDir)), mode(previousLogFilePath(dataDir))]).toEqual([0o600, 0o600]);
  });

  it('moves a full file aside at start, so a restart never appends to an oversized log', () => {
    fs.mkdirSync(path.dirname(logFilePath(dataDir)), { recursive: true });
    fs.writeFileSync(logFilePath(dataDir), `${JSON.stringify({ n: 0 })}\n`.repeat(300));
    const logger = createLogger(dataDir, 'info', false, 2_000);
    logger.info({ n: 1 }, 'nach dem Start');
    expect(linesOf(logFilePath(dataDir))).toEqual([1]);
    expect(linesOf(previousLogFilePath(dataDir))).toHaveLength(300);
  });
});
