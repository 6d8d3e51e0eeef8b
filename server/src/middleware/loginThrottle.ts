import { de } from '@werkboard/common';
import { tooManyAttempts } from '../errors';
import { LoginRateLimit } from './loginRateLimit';

const MINUTE_MS = 60 * 1000;

/**
 * The limits on failed logins (issue 13, finding 8), all in memory (one server process per
 * company, architecture.md), all over a sliding window:
 * - per address and name: 10 in 15 minutes (a typo-prone user is not locked out for others);
 * - per address: 50 in 15 minutes (one machine spraying a password over many names);
 * - per account: 20 in 15 minutes from anywhere locks the account (rotating addresses does
 *   not help); the lock ends with the window or when the Admin lifts it;
 * - globally: 100 in one minute over all (spraying from many addresses); then every login
 *   waits for at most a minute.
 * A success clears the address-and-name count only: the attacker's counts stay.
 */
export class LoginThrottle {
  private readonly perAddressAndName: LoginRateLimit;
  private readonly perAddress: LoginRateLimit;
  private readonly perAccount: LoginRateLimit;
  private readonly global: LoginRateLimit;

  constructor(now: () => number = Date.now) {
    this.perAddressAndName = new LoginRateLimit(10, undefined, now);
    this.perAddress = new LoginRateLimit(50, undefined, now);
    this.perAccount = new LoginRateLimit(20, undefined, now);
    this.global = new LoginRateLimit(100, MINUTE_MS, now);
  }

  /** 429 with Retry-After before the password is even checked, when any limit is reached. */
  check(address: string, username: string): void {
    const name = username.toLowerCase();
    this.perAddressAndName.check(`${address}|${name}`, de.login.tooManyAttempts);
    this.perAddress.check(address, de.login.tooManyAttempts);
    const locked = this.perAccount.retryAfterSeconds(name);
    if (locked > 0) throw tooManyAttempts(de.login.accountLocked, locked);
    this.global.check('all', de.login.tooManyLogins);
  }

  recordFailure(address: string, username: string): void {
    const name = username.toLowerCase();
    this.perAddressAndName.recordFailure(`${address}|${name}`);
    this.perAddress.recordFailure(address);
    this.perAccount.recordFailure(name);
    this.global.recordFailure('all');
  }

  recordSuccess(address: string, username: string): void {
    this.perAddressAndName.reset(`${address}|${username.toLowerCase()}`);
  }

  isLocked(username: string): boolean {
    return this.perAccount.isBlocked(username.toLowerCase());
  }

  /** The Admin lifts an account's lock: its failures from every address are forgotten. */
  unlock(username: string): void {
    this.perAccount.reset(username.toLowerCase());
  }
}
