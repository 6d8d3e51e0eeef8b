/**
 * @jest-environment node
 */
// Node's WebCrypto is the same API as the browser's (jsdom has none); the e2e test runs it in Chromium.
import { messageEnvelopeSchema, validate } from '@werkboard/common';
import {
  createMessageKey,
  messageCryptoAvailable,
  openMessage,
  rewrapMessageKey,
  sealMessage,
  type UnlockedKey,
  unwrapPrivateKey,
} from './messageCrypto';

async function person(password: string, keyId: string) {
  const { request, privateKey } = await createMessageKey(password);
  const stored = { userId: 'u', keyId, ...request };
  const unlocked: UnlockedKey = { keyId, publicKey: request.publicKey, privateKey };
  return { stored, unlocked };
}

const ANNA_KEY = '11111111-1111-4111-8111-111111111111';
const BERND_KEY = '22222222-2222-4222-8222-222222222222';

describe('message crypto', () => {
  jest.setTimeout(60_000);
  let anna: Awaited<ReturnType<typeof person>>;
  let bernd: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    anna = await person('annas-passwort', ANNA_KEY);
    bernd = await person('bernds-passwort', BERND_KEY);
  });

  it('is available under Node and in a secure context', () => {
    expect(messageCryptoAvailable()).toBe(true);
  });

  it('seals a message that recipient and sender can open, in the shape the server accepts', async () => {
    const text = 'Termin morgen 7:30, Zählerschrank prüfen ✓';
    const envelope = await sealMessage(text, bernd.unlocked, anna.unlocked);
    expect(validate(messageEnvelopeSchema, envelope).ok).toBe(true);
    expect(JSON.stringify(envelope)).not.toContain('Zählerschrank');
    expect(await openMessage(envelope, bernd.unlocked, false)).toBe(text);
    expect(await openMessage(envelope, anna.unlocked, true)).toBe(text);
  });

  it('answers null, never throws, for another key, tampered bytes or a malformed box', async () => {
    const envelope = await sealMessage('geheim', bernd.unlocked, anna.unlocked);
    // Anna's key on the recipient's box (under Bernd's key id): the tag does not match.
    expect(await openMessage(envelope, { ...anna.unlocked, keyId: BERND_KEY }, false)).toBeNull();
    // A box for an older key of the same user (after an Admin reset).
    expect(await openMessage(envelope, { ...bernd.unlocked, keyId: ANNA_KEY }, false)).toBeNull();
    const ct = Buffer.from(envelope.forRecipient.ct, 'base64');
    ct[0] = ct[0]! ^ 1;
    const tampered = { ...envelope, forRecipient: { ...envelope.forRecipient, ct: ct.toString('base64') } };
    expect(await openMessage(tampered, bernd.unlocked, false)).toBeNull();
    const broken = { ...envelope, forRecipient: { ...envelope.forRecipient, epk: 'kaputt' } };
    expect(await openMessage(broken, bernd.unlocked, false)).toBeNull();
  });

  it('opens the wrapped private key only with the password, and keeps it after a re-wrap', async () => {
    expect(await unwrapPrivateKey('falsch', anna.stored)).toBeNull();
    const opened = await unwrapPrivateKey('annas-passwort', anna.stored);
    expect(opened).not.toBeNull();
    expect(opened!.extractable).toBe(false);

    expect(await rewrapMessageKey('falsch', 'neu', anna.stored)).toBeNull();
    const rewrapped = await rewrapMessageKey('annas-passwort', 'annas-neues-passwort', anna.stored);
    expect(rewrapped?.keyId).toBe(ANNA_KEY);
    expect(await unwrapPrivateKey('annas-passwort', rewrapped!)).toBeNull();
    const reopened = await unwrapPrivateKey('annas-neues-passwort', rewrapped!);
    const envelope = await sealMessage('nach dem Passwortwechsel', bernd.unlocked, anna.unlocked);
    expect(await openMessage(envelope, { ...anna.unlocked, privateKey: reopened! }, true)).toBe(
      'nach dem Passwortwechsel',
    );
  });
});
