import { webcrypto } from 'node:crypto';
import type { MessageKeyRequest, OwnMessageKeyDto } from '@werkboard/common';
import { loggedOut } from '../session/authSlice';
import { createFakeFetch, type FakeRequest } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { createTestStore } from '../../test/renderApp';
import { forgetKey, keptKey } from './keyVault';
import { unlockMessageKey } from './messageKeys';

const user = buildUser('Monteur');
const KEY_ID = '44444444-4444-4444-8444-444444444444';

beforeAll(() => {
  // jsdom has no WebCrypto; Node's is the browser's API.
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
});
afterEach(() => forgetKey());

/** GET /messages/keys/me fails with no answer `failures` times, then answers "no key yet"; PUT keeps what was sent. */
function server(failures: number) {
  let left = failures;
  return createFakeFetch({
    'GET /api/messages/keys/me': () => {
      if (left-- > 0) throw new TypeError('Failed to fetch');
      return { body: { key: null } };
    },
    'PUT /api/messages/keys/me': (request: FakeRequest) => ({
      body: { ...(request.body as MessageKeyRequest), keyId: KEY_ID, userId: user.id } satisfies OwnMessageKeyDto,
    }),
  });
}

jest.spyOn(console, 'warn').mockImplementation(() => undefined);

describe('unlockMessageKey', () => {
  it('tries again after a failed try and keeps the new key: the password is not asked again', async () => {
    const fake = server(2);
    const { store } = createTestStore({ fake, user });
    await store.dispatch(unlockMessageKey(user.id, 'geheim-2026', [0, 0, 0]));
    expect(fake.calls('GET /api/messages/keys/me')).toHaveLength(3);
    expect(fake.calls('PUT /api/messages/keys/me')).toHaveLength(1);
    expect((await keptKey(user.id))?.keyId).toBe(KEY_ID);
  }, 30_000);

  it('gives up after the last wait and leaves the key locked', async () => {
    const fake = server(10);
    const { store } = createTestStore({ fake, user });
    await store.dispatch(unlockMessageKey(user.id, 'geheim-2026', [0, 0]));
    expect(fake.calls('GET /api/messages/keys/me')).toHaveLength(3);
    expect(await keptKey(user.id)).toBeNull();
  });

  it('stops trying once the user has signed out', async () => {
    const fake = server(10);
    const { store } = createTestStore({ fake, user });
    const unlocking = store.dispatch(unlockMessageKey(user.id, 'geheim-2026', [20, 20, 20]));
    store.dispatch(loggedOut());
    await unlocking;
    expect(fake.calls('GET /api/messages/keys/me')).toHaveLength(1);
    expect(await keptKey(user.id)).toBeNull();
  });
});
