import { de } from '@werkboard/common';
import { ApiError } from '../errors';
import { LoginThrottle } from './loginThrottle';

/** The message of the 429 that `check` throws, or null when it lets the login through. */
function refusal(throttle: LoginThrottle, address: string, username: string): string | null {
  try {
    throttle.check(address, username);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 429) throw error;
    return error.message;
  }
}

describe('LoginThrottle (issue 13, finding 8)', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('locks an account after 20 failures from anywhere; the window or the Admin ends it', () => {
    const throttle = new LoginThrottle(clock);
    for (let i = 0; i < 20; i++) throttle.recordFailure(`10.0.${i}.1`, 'Anna');
    expect(refusal(throttle, '10.9.9.9', 'anna')).toBe(de.login.accountLocked);
    expect(throttle.isLocked('ANNA')).toBe(true);
    throttle.unlock('anna');
    expect(refusal(throttle, '10.9.9.9', 'anna')).toBeNull();
    for (let i = 0; i < 20; i++) throttle.recordFailure(`10.1.${i}.1`, 'anna');
    now += 15 * 60 * 1000 + 1;
    expect(refusal(throttle, '10.9.9.9', 'anna')).toBeNull();
  });

  it('stops an address after 10 failures on one name and after 50 over many names', () => {
    const throttle = new LoginThrottle(clock);
    for (let i = 0; i < 10; i++) throttle.recordFailure('10.0.0.1', 'bert');
    expect(refusal(throttle, '10.0.0.1', 'bert')).toBe(de.login.tooManyAttempts);
    expect(refusal(throttle, '10.0.0.2', 'bert')).toBeNull();
    for (let i = 0; i < 50; i++) throttle.recordFailure('10.0.0.3', `name-${i}`);
    expect(refusal(throttle, '10.0.0.3', 'someone-else')).toBe(de.login.tooManyAttempts);
  });

  it('holds every login for at most a minute after 100 failures in a minute over all', () => {
    const throttle = new LoginThrottle(clock);
    for (let i = 0; i < 99; i++) throttle.recordFailure(`10.2.${i}.1`, `spray-${i}`);
    expect(refusal(throttle, '10.3.0.1', 'admin')).toBeNull();
    throttle.recordFailure('10.2.200.1', 'spray-last');
    expect(refusal(throttle, '10.3.0.1', 'admin')).toBe(de.login.tooManyLogins);
    now += 60 * 1000 + 1;
    expect(refusal(throttle, '10.3.0.1', 'admin')).toBeNull();
  });

  it('clears only the address-and-name count on success: an attacker’s account count stays', () => {
    const throttle = new LoginThrottle(clock);
    for (let i = 0; i < 19; i++) throttle.recordFailure(`10.4.${i}.1`, 'carla');
    throttle.recordSuccess('10.5.0.1', 'carla');
    throttle.recordFailure('10.4.99.1', 'carla');
    expect(refusal(throttle, '10.5.0.1', 'carla')).toBe(de.login.accountLocked);
  });
});
