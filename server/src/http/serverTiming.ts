import { AsyncLocalStorage } from 'node:async_hooks';
import type { Sequelize } from 'sequelize';
import type { AppMiddleware } from '../appTypes';

/** Whether answers carry `Server-Timing` entries (off by default; the benchmarks turn it on). */
export const SERVER_TIMING = process.env.SERVER_TIMING === '1';

/**
 * The steps of making an answer and their milliseconds, as a `Server-Timing` header value:
 * sent only when the server runs with SERVER_TIMING=1 (the benchmarks print them,
 * docs/performance.md "The first read after a save").
 */
export class Timing {
  private readonly laps: string[] = [];
  private last = performance.now();

  lap(step: string): void {
    const now = performance.now();
    this.laps.push(`${step};dur=${(now - this.last).toFixed(1)}`);
    this.last = now;
  }

  header(): string {
    return this.laps.join(', ');
  }
}

/** The SQL statements of one request, counted while it runs (`countStatements`). */
interface RequestStatements {
  count: number;
  /** Milliseconds from each statement's start to its result, summed (statements that wait in pg's queue overlap). */
  ms: number;
}

const statementsOfRequest = new AsyncLocalStorage<RequestStatements>();

/**
 * With SERVER_TIMING=1: every API answer gets the time the server spent on it and the SQL
 * statements it ran as `Server-Timing` entries, `app;dur=…` (from this middleware to the answer
 * being ready to send, compression of a prepared answer included) and
 * `sql;desc="N statements";dur=…` (issue 17, branch server17c: where a one-card save's time
 * goes; `projectBoard.mjs` prints them). Without it, nothing is measured.
 */
export function serverTiming(): AppMiddleware {
  return async (ctx, next) => {
    if (!SERVER_TIMING) {
      await next();
      return;
    }
    const started = performance.now();
    const statements: RequestStatements = { count: 0, ms: 0 };
    try {
      await statementsOfRequest.run(statements, next);
    } finally {
      ctx.append('Server-Timing', [
        `app;dur=${(performance.now() - started).toFixed(1)}`,
        `sql;desc="${statements.count} statements";dur=${statements.ms.toFixed(1)}`,
      ]);
    }
  };
}

/** With SERVER_TIMING=1, counts each statement of `sequelize` for the request that runs it. */
export function countStatements(sequelize: Sequelize): void {
  if (!SERVER_TIMING) return;
  const startedAt = new WeakMap<object, number>();
  sequelize.addHook('beforeQuery', 'serverTiming', (_options, query) => {
    startedAt.set(query, performance.now());
  });
  sequelize.addHook('afterQuery', 'serverTiming', (_options, query) => {
    const statements = statementsOfRequest.getStore();
    const started = startedAt.get(query);
    if (!statements || started === undefined) return;
    statements.count += 1;
    statements.ms += performance.now() - started;
  });
}
