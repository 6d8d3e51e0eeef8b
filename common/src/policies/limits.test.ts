import { FREE_LIMITS } from '../domain/constants';
import { isLimitReached, limitFor } from './limits';

describe('license limits', () => {
  it('gives the Free limits of spec section 9 and none with Lifetime', () => {
    expect(limitFor('Free', 'users')).toBe(6);
    expect(limitFor('Free', 'externalUsers')).toBe(10);
    expect(limitFor('Free', 'activeProjects')).toBe(FREE_LIMITS.activeProjects);
    expect(limitFor('Lifetime', 'users')).toBeNull();
  });

  it('is reached at the limit, not before', () => {
    expect(isLimitReached('Free', 'users', 5)).toBe(false);
    expect(isLimitReached('Free', 'users', 6)).toBe(true);
    expect(isLimitReached('Free', 'users', 9)).toBe(true);
    expect(isLimitReached('Lifetime', 'users', 1000)).toBe(false);
  });
});
