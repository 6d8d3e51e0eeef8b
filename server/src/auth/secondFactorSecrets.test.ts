import crypto from 'node:crypto';
import { newRecoveryCode } from './secondFactor';
import { base32Encode, newTotpSecret } from './totp';

/**
 * ASVS 6.5.3: TOTP seeds and recovery codes come from the platform's CSPRNG
 * (`crypto.randomBytes`) and from nothing else. The spies only watch; they are restored after
 * each test, so no other test file in this worker sees them.
 */
describe('where the second factor’s secrets come from (ASVS 6.5.3)', () => {
  let randomBytes: jest.SpiedFunction<typeof crypto.randomBytes>;
  let mathRandom: jest.SpiedFunction<typeof Math.random>;
  beforeEach(() => {
    randomBytes = jest.spyOn(crypto, 'randomBytes');
    mathRandom = jest.spyOn(Math, 'random');
  });
  afterEach(() => {
    randomBytes.mockRestore();
    mathRandom.mockRestore();
  });

  const returnedBytes = (): Buffer[] => randomBytes.mock.results.map((result) => result.value as Buffer);

  it('a TOTP seed is exactly 20 bytes of crypto.randomBytes, in base32', () => {
    const secret = newTotpSecret();
    expect(randomBytes.mock.calls).toEqual([[20]]);
    expect(secret).toBe(base32Encode(returnedBytes()[0]!));
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it('a recovery code is 24 bytes of crypto.randomBytes, five bits of each as one base32 character', () => {
    const code = newRecoveryCode();
    expect(randomBytes.mock.calls).toEqual([[24]]);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    const expected = [...returnedBytes()[0]!].map((byte) => alphabet[byte & 31]).join('');
    expect(code.replace(/-/g, '')).toBe(expected);
    expect(mathRandom).not.toHaveBeenCalled();
  });
});
