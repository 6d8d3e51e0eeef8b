import { FIRST_READ_FRESH_SECONDS } from './apiSlice';
import { firstReadOptions, forgetStartedReads, noteStartedReads, startedReadsFresh } from './startedReads';

describe('the start’s first reads, joined once', () => {
  it('lets the first mount after the start join its reads, and no later one', () => {
    noteStartedReads('dashboard', 1_000);
    expect(startedReadsFresh('dashboard', 1_500)).toBe(true);
    // A render thrown away and tried again still joins; the mount that commits forgets them.
    expect(startedReadsFresh('dashboard', 1_550)).toBe(true);
    forgetStartedReads('dashboard');
    expect(startedReadsFresh('dashboard', 1_600)).toBe(false);
  });

  it('does not join reads the start began too long ago, or for another screen', () => {
    noteStartedReads('users', 0);
    expect(startedReadsFresh('dashboard', 10)).toBe(false);
    expect(startedReadsFresh('users', FIRST_READ_FRESH_SECONDS * 1000)).toBe(false);
  });

  it('reads the server again on every mount that does not join', () => {
    expect(firstReadOptions(false)).toEqual({ refetchOnMountOrArgChange: true });
    expect(firstReadOptions(true)).toEqual({ refetchOnMountOrArgChange: FIRST_READ_FRESH_SECONDS });
  });
});
