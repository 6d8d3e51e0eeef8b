import { FIRST_READ_FRESH_SECONDS } from './apiSlice';
import { firstReadOptions, noteStartedReads, takeStartedReads } from './startedReads';

describe('the start’s first reads, joined once', () => {
  it('lets the first mount after the start join its reads, and no later one', () => {
    noteStartedReads('dashboard', 1_000);
    expect(takeStartedReads('dashboard', 1_500)).toBe(true);
    expect(takeStartedReads('dashboard', 1_600)).toBe(false);
  });

  it('does not join reads the start began too long ago, or for another screen', () => {
    noteStartedReads('users', 0);
    expect(takeStartedReads('dashboard', 10)).toBe(false);
    expect(takeStartedReads('users', FIRST_READ_FRESH_SECONDS * 1000)).toBe(false);
    expect(takeStartedReads('users', 10)).toBe(false);
  });

  it('reads the server again on every mount that does not join', () => {
    expect(firstReadOptions(false)).toEqual({ refetchOnMountOrArgChange: true });
    expect(firstReadOptions(true)).toEqual({ refetchOnMountOrArgChange: FIRST_READ_FRESH_SECONDS });
  });
});
