import { webcrypto } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConversationDto, MessageDto, UserDirectoryEntryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { keepKey, forgetKey } from '../../entities/messaging/keyVault';
import { createMessageKey, openMessage, sealMessage, type UnlockedKey } from '../../entities/messaging/messageCrypto';
import { createFakeFetch, type FakeRoute } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const m = de.directMessages;
const monteur = buildUser('Monteur');
const OTHER_ID = '22222222-2222-4222-8222-222222222222';

/** jsdom has no WebCrypto; Node's is the browser's API. Without it the page must say why. */
function withWebCrypto(on: boolean) {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: on ? webcrypto.subtle : undefined, configurable: true });
}

async function keyOf(keyId: string): Promise<UnlockedKey> {
  const { request, privateKey } = await createMessageKey('passwort');
  return { keyId, publicKey: request.publicKey, privateKey };
}

let mine: UnlockedKey;
let theirs: UnlockedKey;

beforeAll(async () => {
  withWebCrypto(true);
  mine = await keyOf('11111111-1111-4111-8111-111111111111');
  theirs = await keyOf('33333333-3333-4333-8333-333333333333');
}, 60_000);
afterEach(() => forgetKey());

async function message(text: string, fromMe: boolean, overrides: Partial<MessageDto> = {}): Promise<MessageDto> {
  return {
    id: `m-${text}`,
    content: await sealMessage(text, fromMe ? theirs : mine, fromMe ? mine : theirs),
    senderId: fromMe ? monteur.id : OTHER_ID,
    recipientId: fromMe ? OTHER_ID : monteur.id,
    timestamp: '2026-11-20T08:00:00.000Z',
    read: false,
    messageType: 'Private Nachricht',
    ...overrides,
  };
}

const other: UserDirectoryEntryDto = {
  id: OTHER_ID,
  username: 'bernd',
  role: 'Monteur',
  usernameColor: '#FFFFFF',
  directMessagesEnabled: true,
};

function routes(
  conversations: ConversationDto[],
  thread: MessageDto[],
  directory = [other],
  extra: Record<string, FakeRoute> = {},
) {
  return createFakeFetch({
    ...extra,
    'GET /api/messages/conversations': { body: conversations },
    [`GET /api/messages/conversation/${OTHER_ID}`]: { body: thread },
    'GET /api/messages/unread-count': { body: { count: conversations.reduce((sum, c) => sum + c.unreadCount, 0) } },
    'GET /api/users/directory': { body: [{ ...monteur, directMessagesEnabled: true }, ...directory] },
    [`GET /api/messages/keys/${OTHER_ID}`]: {
      body: { userId: OTHER_ID, keyId: theirs.keyId, publicKey: theirs.publicKey },
    },
    [`POST /api/messages/read/${OTHER_ID}`]: { body: { count: 0 } },
  });
}

describe('the messages screen', () => {
  it('says why it cannot work on plain http and never offers to send unencrypted', () => {
    withWebCrypto(false);
    try {
      renderApp('/messages', { user: monteur, fake: routes([], []) });
      expect(screen.getByRole('alert').textContent).toBe(m.insecureContext);
      expect(screen.queryByRole('button', { name: m.send })).toBeNull();
    } finally {
      withWebCrypto(true);
    }
  });

  it('shows the empty list, the welcome text and a notice when the key is not unlocked on this device', async () => {
    renderApp('/messages', { user: monteur, fake: routes([], []) });
    expect(await screen.findByText(m.noConversations)).toBeTruthy();
    expect(screen.getByText(m.welcome)).toBeTruthy();
    expect(await screen.findByText(m.keyLocked)).toBeTruthy();
  });

  it('lists conversations with the opened last message, "Ich: " for one\'s own and the unread dot', async () => {
    await keepKey(monteur.id, mine);
    const last = await message('Bin gleich da', true);
    const fake = routes([{ otherUser: { ...other }, lastMessage: last, unreadCount: 2 }], []);
    renderApp('/messages', { user: monteur, fake });
    const entry = await screen.findByRole('link', { name: /bernd/ });
    await waitFor(() => expect(entry.textContent).toContain(`${m.ownPrefix}Bin gleich da`));
    expect(within(entry).getByLabelText(`${m.unread}: 2`)).toBeTruthy();
  });

  it('opens a thread, marks it read, and shows a message it cannot open without crashing', async () => {
    await keepKey(monteur.id, mine);
    const readable = await message('Material liegt bereit', false);
    const sealedForOldKey = await message('alt', false, { id: 'm-alt' });
    sealedForOldKey.content.forRecipient.keyId = '44444444-4444-4444-8444-444444444444';
    const garbage = { ...(await message('kaputt', false, { id: 'm-kaputt' })) };
    garbage.content.forRecipient.ct = 'AAAA';
    const fake = routes([], [readable, sealedForOldKey, garbage]);
    renderApp(`/messages/${OTHER_ID}`, { user: monteur, fake });
    expect(await screen.findByText('Material liegt bereit')).toBeTruthy();
    expect(await screen.findAllByText(m.cannotDecrypt)).toHaveLength(2);
    await waitFor(() => expect(fake.calls(`POST /api/messages/read/${OTHER_ID}`)).toHaveLength(1));
  });

  it('shows the placeholder for a user without history and sends nothing blank', async () => {
    await keepKey(monteur.id, mine);
    const fake = routes([], []);
    renderApp(`/messages/${OTHER_ID}`, { user: monteur, fake });
    expect(await screen.findByText(m.noMessages)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(m.inputLabel), { target: { value: '   ' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: m.sendMessage }).disabled).toBe(true);
  });

  it("refuses a Monteur writing to someone who turned messages off, with the spec's alert", async () => {
    await keepKey(monteur.id, mine);
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fake = routes([], [], [{ ...other, directMessagesEnabled: false }]);
    renderApp(`/messages/${OTHER_ID}`, { user: monteur, fake });
    await screen.findByText(m.noMessages);
    await screen.findByRole('heading', { name: 'bernd' });
    fireEvent.change(screen.getByLabelText(m.inputLabel), { target: { value: 'Hallo' } });
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: m.sendMessage }).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: m.sendMessage }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(m.recipientRefuses));
    expect(fake.calls('POST /api/messages')).toHaveLength(0);
    alert.mockRestore();
  });

  it('sends a sealed message: the request carries no plaintext and the recipient can open it', async () => {
    await keepKey(monteur.id, mine);
    const fake = routes([], [], [other], {
      'POST /api/messages': (request) => ({ status: 201, body: { id: 'neu', ...(request.body as object) } }),
    });
    renderApp(`/messages/${OTHER_ID}`, { user: monteur, fake });
    await screen.findByText(m.noMessages);
    fireEvent.change(screen.getByLabelText(m.inputLabel), { target: { value: 'Zählerschrank offen' } });
    fireEvent.click(screen.getByRole('button', { name: m.sendMessage }));
    await waitFor(() => expect(fake.calls('POST /api/messages').length).toBeGreaterThan(0));
    const sent = fake.calls('POST /api/messages')[0]!.body as Pick<MessageDto, 'content' | 'recipientId'>;
    expect(JSON.stringify(sent)).not.toContain('Zählerschrank');
    expect(sent).toMatchObject({ recipientId: OTHER_ID, messageType: 'Private Nachricht' });
    expect(await openMessage(sent.content, theirs, false)).toBe('Zählerschrank offen');
    expect(await openMessage(sent.content, mine, true)).toBe('Zählerschrank offen');
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>(m.inputLabel).value).toBe(''));
  });
});
