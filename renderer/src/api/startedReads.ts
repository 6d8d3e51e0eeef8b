import { FIRST_READ_FRESH_SECONDS } from './apiSlice';

/** When the start began a screen's first reads (issue 19, app/landingStart.ts), by screen. */
const startedAt = new Map<string, number>();

/** The start has begun `screen`'s first reads (before its chunk was there). */
export function noteStartedReads(screen: string, now = Date.now()): void {
  startedAt.set(screen, now);
}

/**
 * True once: for the first mount of `screen` within FIRST_READ_FRESH_SECONDS of the start's
 * reads, which that mount joins instead of reading again. Every other mount reads the server
 * again, as screens do (apiSlice's `refetchOnMountOrArgChange: true`): a dashboard opened after
 * an edit must show it.
 */
export function takeStartedReads(screen: string, now = Date.now()): boolean {
  const at = startedAt.get(screen);
  startedAt.delete(screen);
  return at !== undefined && now - at < FIRST_READ_FRESH_SECONDS * 1000;
}

/** The query option of a screen's first reads: join the start's reads, or read again. */
export function firstReadOptions(joinsStart: boolean): { refetchOnMountOrArgChange: number | true } {
  return { refetchOnMountOrArgChange: joinsStart ? FIRST_READ_FRESH_SECONDS : true };
}
