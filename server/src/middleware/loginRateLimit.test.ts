import { LoginRateLimit } from './loginRateLimit';

describe('LoginRateLimit', () => {
  it('blocks a key after the allowed failures and frees it when the window has passed', () => {
    let now = 0;
    const limit = new LoginRateLimit(3, 1000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limit.isBlocked('ip|anna')).toBe(false);
      limit.recordFailure('ip|anna');
    }
    expect(limit.isBlocked('ip|anna')).toBe(true);
    expect(limit.isBlocked('ip|ben')).toBe(false);
    now = 1001;
    expect(limit.isBlocked('ip|anna')).toBe(false);
  });

  it('forgets the failures of a key after a successful login', () => {
    const limit = new LoginRateLimit(2, 1000, () => 0);
    limit.recordFailure('k');
    limit.recordFailure('k');
    expect(limit.isBlocked('k')).toBe(true);
    limit.reset('k');
    expect(limit.isBlocked('k')).toBe(false);
  });
});
