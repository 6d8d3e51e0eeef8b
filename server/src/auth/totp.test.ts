import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, totpCode, TOTP_STEP_SECONDS } from './totp';

// RFC 6238 appendix B (SHA-1): the seed is the ASCII text '12345678901234567890'; the
// 8-digit codes there end in the 6-digit codes an app shows.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code8: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1)', () => {
  it.each(RFC_VECTORS)('gives the RFC test vector at %i s', (seconds, code8) => {
    expect(hotp(SEED, Math.floor(seconds / TOTP_STEP_SECONDS), 8)).toBe(code8);
    expect(totpCode(base32Encode(SEED), seconds * 1000)).toBe(code8.slice(2));
  });

  it('base32 round-trips and accepts the spaced lower-case form apps show', () => {
    const secret = base32Encode(SEED);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(secret.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(SEED);
    expect(base32Decode('GEZ1')).toBeNull();
  });

  it('accepts a code of one step before and after, not two', () => {
    const secret = base32Encode(SEED);
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 1000 / TOTP_STEP_SECONDS);
    const at = (offset: number) => totpCode(secret, now + offset * TOTP_STEP_SECONDS * 1000);
    expect(matchingStep(secret, at(0), now)).toBe(step);
    expect(matchingStep(secret, at(-1), now)).toBe(step - 1);
    expect(matchingStep(secret, at(1), now)).toBe(step + 1);
    expect(matchingStep(secret, at(-2), now)).toBeNull();
    expect(matchingStep(secret, at(2), now)).toBeNull();
    expect(matchingStep(secret, 'abcdef', now)).toBeNull();
  });

  it('names the user and the issuer in the otpauth URI', () => {
    expect(otpauthUri('anna müller', 'ABC')).toBe(
      'otpauth://totp/Werkboard:anna%20m%C3%BCller?secret=ABC&issuer=Werkboard&algorithm=SHA1&digits=6&period=30',
    );
  });
});
