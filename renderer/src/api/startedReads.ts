import { useEffect, useState } from 'react';
import { FIRST_READ_FRESH_SECONDS } from './apiSlice';

/** When the start began a screen's first reads (issue 19, app/landingStart.ts), by screen. */
const startedAt = new Map<string, number>();

/** The start has begun `screen`'s first reads (before its chunk was there). */
export function noteStartedReads(screen: string, now = Date.now()): void {
  startedAt.set(screen, now);
}

/** True while the reads the start began for `screen` are fresh and no mount has shown them yet. */
export function startedReadsFresh(screen: string, now = Date.now()): boolean {
  const at = startedAt.get(screen);
  return at !== undefined && now - at < FIRST_READ_FRESH_SECONDS * 1000;
}

/** A mount has shown the start's reads of `screen`: every later mount reads the server again. */
export function forgetStartedReads(screen: string): void {
  startedAt.delete(screen);
}

/**
 * True for the first mount of `screen` within FIRST_READ_FRESH_SECONDS of the start's reads,
 * which that mount joins instead of reading again. Every other mount reads the server again, as
 * screens do (apiSlice's `refetchOnMountOrArgChange: true`): a dashboard opened after an edit
 * must show it. Taken when the mount commits, not when it renders: a first render that React
 * throws away (a child still loading its chunk) and renders again joins too (CI's landing e2e
 * saw a second read of the project list).
 */
export function useJoinsStartedReads(screen: string): boolean {
  const [joins] = useState(() => startedReadsFresh(screen));
  useEffect(() => {
    if (joins) forgetStartedReads(screen);
  }, [screen, joins]);
  return joins;
}

/** The query option of a screen's first reads: join the start's reads, or read again. */
export function firstReadOptions(joinsStart: boolean): { refetchOnMountOrArgChange: number | true } {
  return { refetchOnMountOrArgChange: joinsStart ? FIRST_READ_FRESH_SECONDS : true };
}
