import {
  type ConversationDto,
  de,
  type MessageDto,
  type OwnMessageKeyAnswer,
  type OwnMessageKeyDto,
  type PublicMessageKeyDto,
  type UnreadCountDto,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { signedIn, type Person } from '../test/factories';
import { openEventStream } from '../test/eventStream';
import { envelope, giveMessageKey, messageKeyRequest, sealedBox } from '../test/sealedMessages';
import { TEST_ADMIN, testServer, type ErrorBody, type TestServer } from '../test/testServer';

const m = de.directMessages;

interface Keyed extends Person {
  keyId: string;
  password: string;
}

let t: TestServer;
let admin: Keyed;
let chef: Keyed;
let anna: Keyed;
let bernd: Keyed;
/** A Monteur who does not accept direct messages. */
let closed: Keyed;
/** A user who never logged in since messages exist: no key. */
let keyless: Person;

async function person(role: 'Firmenleiter' | 'Monteur', withKey = true): Promise<Keyed> {
  const { user, token, password } = await signedIn(t, role);
  const keyId = withKey ? await giveMessageKey(t, token) : '';
  return { id: user.id, username: user.username, token, keyId, password };
}

const send = (from: Keyed, to: Keyed, text = 'Hallo', extra: Record<string, unknown> = {}) =>
  t.request<MessageDto & ErrorBody>('POST', '/api/messages', {
    token: from.token,
    body: { recipientId: to.id, content: envelope(to.keyId, from.keyId, text), ...extra },
  });

const countRows = async () =>
  (
    await User.sequelize!.query<{ count: number }>('SELECT count(*)::int AS count FROM messages', {
      type: QueryTypes.SELECT,
    })
  )[0]!.count;

beforeAll(async () => {
  t = await testServer();
  await grantLifetimeLicense();
  const login = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
  admin = {
    id: login.user.id,
    username: login.user.username,
    token: login.token,
    password: TEST_ADMIN.password,
    keyId: await giveMessageKey(t, login.token),
  };
  chef = await person('Firmenleiter');
  anna = await person('Monteur');
  bernd = await person('Monteur');
  closed = await person('Monteur');
  await User.update({ directMessagesEnabled: false }, { where: { id: closed.id } });
  keyless = await person('Monteur', false);
}, 60_000);
afterAll(() => t.close());

describe('without a session', () => {
  it.each([
    ['GET', '/api/messages/unread-count'],
    ['GET', '/api/messages/conversations'],
    ['GET', '/api/messages/conversation/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/messages/read/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/messages'],
    ['GET', '/api/messages/keys/me'],
    ['PUT', '/api/messages/keys/me'],
    ['GET', '/api/messages/keys/00000000-0000-4000-8000-000000000000'],
  ])('%s %s answers 401', async (method, path) => {
    expect((await t.request(method, path)).status).toBe(401);
  });
});

describe('a conversation between two users', () => {
  it('stores a message, counts it unread for the recipient and marks it read when the thread is opened', async () => {
    const sent = await send(anna, bernd, 'Material ist da', { messageType: 'Materialbeschaffung' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      senderId: anna.id,
      recipientId: bernd.id,
      read: false,
      messageType: 'Materialbeschaffung',
    });
    expect(sent.body.content.forRecipient.keyId).toBe(bernd.keyId);

    const unread = await t.request<UnreadCountDto>('GET', '/api/messages/unread-count', { token: bernd.token });
    expect(unread.body.count).toBe(1);
    expect(
      (await t.request<UnreadCountDto>('GET', '/api/messages/unread-count', { token: anna.token })).body.count,
    ).toBe(0);

    const berndsList = await t.request<ConversationDto[]>('GET', '/api/messages/conversations', { token: bernd.token });
    expect(berndsList.body).toEqual([
      {
        otherUser: { id: anna.id, username: anna.username, directMessagesEnabled: true },
        lastMessage: sent.body,
        unreadCount: 1,
      },
    ]);
    const annasList = await t.request<ConversationDto[]>('GET', '/api/messages/conversations', { token: anna.token });
    expect(annasList.body).toHaveLength(1);
    expect(annasList.body[0]).toMatchObject({ otherUser: { id: bernd.id }, unreadCount: 0 });

    const thread = await t.request<MessageDto[]>('GET', `/api/messages/conversation/${anna.id}`, {
      token: bernd.token,
    });
    expect(thread.body.map((message) => message.id)).toEqual([sent.body.id]);

    const read = await t.request<UnreadCountDto>('POST', `/api/messages/read/${anna.id}`, { token: bernd.token });
    expect(read.status).toBe(200);
    expect(read.body.count).toBe(0);
    const after = await t.request<MessageDto[]>('GET', `/api/messages/conversation/${bernd.id}`, { token: anna.token });
    expect(after.body[0]!.read).toBe(true);
  });

  it("announces the recipient's unread count on the live stream, and the read count to the reader's tabs", async () => {
    const [berndsTab, annasTab] = [await openEventStream(t.url, bernd.token), await openEventStream(t.url, anna.token)];
    try {
      const isUnread = (event: { type: string }) => event.type === 'unread-messages';
      expect((await send(chef, bernd, 'Termin morgen 7 Uhr')).status).toBe(201);
      const unread = await t.request<UnreadCountDto>('GET', '/api/messages/unread-count', { token: bernd.token });
      expect(await berndsTab.next(isUnread)).toEqual({ type: 'unread-messages', count: unread.body.count });
      expect(unread.body.count).toBeGreaterThan(0);

      await t.request('POST', `/api/messages/read/${chef.id}`, { token: bernd.token });
      const left = await t.request<UnreadCountDto>('GET', '/api/messages/unread-count', { token: bernd.token });
      expect(await berndsTab.next(isUnread)).toEqual({ type: 'unread-messages', count: left.body.count });

      // Nobody else hears of it: Anna's first event is her own test event.
      await t.api('POST', '/api/events/test', anna.token);
      expect((await annasTab.next()).type).toBe('test');
    } finally {
      berndsTab.close();
      annasTab.close();
    }
  });

  it('lists the thread oldest first and the conversation by its newest message', async () => {
    const first = await send(chef, anna, 'eins');
    const second = await send(anna, chef, 'zwei');
    const thread = await t.request<MessageDto[]>('GET', `/api/messages/conversation/${chef.id}`, { token: anna.token });
    expect(thread.body.map((message) => message.id)).toEqual([first.body.id, second.body.id]);
    const list = await t.request<ConversationDto[]>('GET', '/api/messages/conversations', { token: anna.token });
    expect(list.body[0]!.otherUser.id).toBe(chef.id);
    expect(list.body[0]!.lastMessage.id).toBe(second.body.id);
  });

  it('shows nobody a conversation they are not part of', async () => {
    const outsider = await person('Monteur');
    const list = await t.request<ConversationDto[]>('GET', '/api/messages/conversations', { token: outsider.token });
    expect(list.body).toEqual([]);
    // The path names only the other side; the caller is always the first.
    const thread = await t.request<MessageDto[]>('GET', `/api/messages/conversation/${anna.id}`, {
      token: outsider.token,
    });
    expect(thread.body).toEqual([]);
    // Marking "read" as an outsider touches nobody else's messages.
    await send(anna, bernd, 'nur für Bernd');
    await t.request('POST', `/api/messages/read/${anna.id}`, { token: outsider.token });
    expect(
      (await t.request<UnreadCountDto>('GET', '/api/messages/unread-count', { token: bernd.token })).body.count,
    ).toBe(1);
  });

  it('answers 404 for a thread with a user that does not exist', async () => {
    const missing = await t.request<ErrorBody>(
      'GET',
      '/api/messages/conversation/00000000-0000-4000-8000-000000000000',
      {
        token: anna.token,
      },
    );
    expect(missing.status).toBe(404);
    expect((await t.request('GET', '/api/messages/conversation/nicht-da', { token: anna.token })).status).toBe(404);
  });
});

describe('what a message may be', () => {
  it('takes unknown types as Diverses and no type as Private Nachricht', async () => {
    expect((await send(anna, bernd, 'x', { messageType: 'Geheim' })).body.messageType).toBe('Diverses');
    expect((await send(anna, bernd, 'x')).body.messageType).toBe('Private Nachricht');
  });

  const box = () => sealedBox('00000000-0000-4000-8000-000000000000', 'Hallo');
  it.each([
    ['no content', undefined],
    ['plain text', 'Hallo Bernd'],
    ['another version', { ...envelope('x', 'y'), v: 2 }],
    ['a missing box', { v: 1, forRecipient: box() }],
    ['an extra field', { v: 1, forRecipient: box(), forSender: box(), text: 'Hallo' }],
    ['broken base64', { v: 1, forRecipient: { ...box(), ct: 'nicht base64!' }, forSender: box() }],
    ['a short nonce', { v: 1, forRecipient: { ...box(), iv: 'AAAA' }, forSender: box() }],
    [
      'no curve point',
      { v: 1, forRecipient: { ...box(), epk: Buffer.alloc(65, 2).toString('base64') }, forSender: box() },
    ],
    // Only the GCM tag: an empty text (spec section 5: empty messages are not sent).
    ['an empty text', { v: 1, forRecipient: { ...box(), ct: Buffer.alloc(16).toString('base64') }, forSender: box() }],
    [
      'an overlong text',
      { v: 1, forRecipient: { ...box(), ct: Buffer.alloc(20_100).toString('base64') }, forSender: box() },
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, content) => {
    const before = await countRows();
    const answer = await t.request<ErrorBody>('POST', '/api/messages', {
      token: anna.token,
      body: { recipientId: bernd.id, content },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(m.contentInvalid);
    expect(await countRows()).toBe(before);
  });

  it('refuses a message to oneself, to nobody and to a user that does not exist', async () => {
    const self = await t.request<ErrorBody>('POST', '/api/messages', {
      token: anna.token,
      body: { recipientId: anna.id, content: envelope(anna.keyId, anna.keyId) },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(m.recipientSelf);
    const nobody = await t.request<ErrorBody>('POST', '/api/messages', {
      token: anna.token,
      body: { content: envelope(anna.keyId, anna.keyId) },
    });
    expect(nobody.status).toBe(400);
    const unknown = await t.request<ErrorBody>('POST', '/api/messages', {
      token: anna.token,
      body: { recipientId: '00000000-0000-4000-8000-000000000000', content: envelope(anna.keyId, anna.keyId) },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(m.recipientUnknown);
  });

  it('refuses boxes sealed for keys that are not the current ones, and recipients without a key', async () => {
    const stale = await t.request<ErrorBody>('POST', '/api/messages', {
      token: anna.token,
      body: { recipientId: bernd.id, content: envelope(anna.keyId, anna.keyId) },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(m.staleKey);
    const noKey = await t.request<ErrorBody>('POST', '/api/messages', {
      token: anna.token,
      body: { recipientId: keyless.id, content: envelope(anna.keyId, anna.keyId) },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe(m.recipientHasNoKey);
  });

  it('sends a message with the same Idempotency-Key once', async () => {
    const before = await countRows();
    const request = {
      token: anna.token,
      body: { recipientId: bernd.id, content: envelope(bernd.keyId, anna.keyId) },
      headers: { 'Idempotency-Key': 'nachricht-offline-1' },
    };
    const first = await t.request<MessageDto>('POST', '/api/messages', request);
    const replay = await t.request<MessageDto>('POST', '/api/messages', request);
    expect(first.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(await countRows()).toBe(before + 1);
  });
});

describe('a recipient who does not accept direct messages (spec section 6)', () => {
  it('refuses a Monteur with the text the client looks for', async () => {
    const answer = await send(anna, closed);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toContain('This user does not accept direct messages');
  });

  it('lets Admin and Firmenleiter write', async () => {
    expect((await send(admin, closed)).status).toBe(201);
    expect((await send(chef, closed)).status).toBe(201);
  });
});

describe('the stored messages', () => {
  it('hold no plaintext: the table has only ciphertext and metadata', async () => {
    const secret = 'Schlüssel liegt unter der Fußmatte, Baustelle Müllerstraße 12';
    expect((await send(anna, bernd, secret)).status).toBe(201);
    const rows = await User.sequelize!.query<{ row: string }>(
      'SELECT row_to_json(messages)::text AS row FROM messages',
      {
        type: QueryTypes.SELECT,
      },
    );
    expect(rows.length).toBeGreaterThan(0);
    const table = rows.map((row) => row.row).join('\n');
    for (const needle of ['Fußmatte', 'Müllerstraße', Buffer.from(secret).toString('base64').slice(0, 20)])
      expect(table).not.toContain(needle);
    const columns = await User.sequelize!.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages' ORDER BY column_name",
      { type: QueryTypes.SELECT },
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'content',
      'created_at',
      'id',
      'message_type',
      'pair_high',
      'pair_low',
      'read_at',
      'recipient_id',
      'sender_id',
    ]);
  });
});

describe('message keys', () => {
  it('starts without a key and keeps the one the browser made', async () => {
    const fresh = await person('Monteur', false);
    const none = await t.request<OwnMessageKeyAnswer>('GET', '/api/messages/keys/me', { token: fresh.token });
    expect(none.body).toEqual({ key: null });
    const request = messageKeyRequest();
    const put = await t.request<OwnMessageKeyDto>('PUT', '/api/messages/keys/me', {
      token: fresh.token,
      body: request,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ userId: fresh.id, ...request });
    const own = await t.request<OwnMessageKeyAnswer>('GET', '/api/messages/keys/me', { token: fresh.token });
    expect(own.body.key).toEqual(put.body);
  });

  it('shows others only the public key, never the wrapped private key', async () => {
    const other = await t.request<PublicMessageKeyDto>('GET', `/api/messages/keys/${bernd.id}`, { token: anna.token });
    expect(Object.keys(other.body).sort()).toEqual(['keyId', 'publicKey', 'userId']);
    expect(other.body.keyId).toBe(bernd.keyId);
    const none = await t.request<ErrorBody>('GET', `/api/messages/keys/${keyless.id}`, { token: anna.token });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(m.recipientHasNoKey);
  });

  it.each([
    ['a weak iteration count', { iterations: 1000 }],
    ['no curve point', { publicKey: Buffer.alloc(65, 2).toString('base64') }],
    ['a missing salt', { salt: undefined }],
  ])('refuses %s', async (_name, change) => {
    const answer = await t.request<ErrorBody>('PUT', '/api/messages/keys/me', {
      token: anna.token,
      body: { ...messageKeyRequest(), ...change },
    });
    expect(answer.status).toBe(400);
    const own = await t.request<OwnMessageKeyAnswer>('GET', '/api/messages/keys/me', { token: anna.token });
    expect(own.body.key?.keyId).toBe(anna.keyId);
  });

  it('re-wraps the key with a password change, and refuses a re-wrap of another key without changing the password', async () => {
    const user = await person('Monteur');
    const rewrap = { ...messageKeyRequest(), keyId: user.keyId };
    delete (rewrap as Partial<typeof rewrap>).publicKey;
    const wrong = await t.request<ErrorBody>('POST', '/api/users/change-password', {
      token: user.token,
      body: {
        currentPassword: user.password,
        newPassword: 'neues-passwort-1',
        messageKey: { ...rewrap, keyId: bernd.keyId },
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(m.staleKey);
    await expect(t.login(user.username, user.password)).resolves.toBeDefined();

    const changed = await t.request<{ token: string }>('POST', '/api/users/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'neues-passwort-1', messageKey: rewrap },
    });
    expect(changed.status).toBe(200);
    const own = await t.request<OwnMessageKeyAnswer>('GET', '/api/messages/keys/me', { token: changed.body.token });
    expect(own.body.key).toMatchObject({
      keyId: user.keyId,
      wrappedPrivateKey: rewrap.wrappedPrivateKey,
      salt: rewrap.salt,
    });
  });

  it('drops the key when an Admin resets the password: old messages stay sealed for the old key', async () => {
    const user = await person('Monteur');
    await send(anna, user, 'vor dem Zurücksetzen');
    const reset = await t.request('PUT', `/api/users/${user.id}`, {
      token: admin.token,
      body: { username: user.username, role: 'Monteur', password: 'zurueckgesetzt-1' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('GET', `/api/messages/keys/${user.id}`, { token: anna.token })).status).toBe(404);
    // Senders wait for the new key; the user makes it at the next login.
    expect((await send(anna, user)).status).toBe(400);
  });
});
