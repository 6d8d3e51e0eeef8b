import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { de } from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedInPerson } from '../test/factories';
import { openEventStream } from '../test/eventStream';
import { envelope, giveMessageKey } from '../test/sealedMessages';
import { testServer, type TestServer } from '../test/testServer';
import { createCertificateAuthority, issueServerCertificate } from '../tls/certificates';

interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16) };
}

/** What the browser does with an aes128gcm push body (RFC 8188 and RFC 8291), done here by hand. */
function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then padding zeros.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

describe('web push', () => {
  let t: TestServer;
  let pushService: https.Server;
  let pushUrl: string;
  const received: PushRequest[] = [];
  let answerStatus = 201;
  const previousCa = https.globalAgent.options.ca;

  beforeAll(async () => {
    // The browser vendor's push service, standing in: https with a certificate the test made,
    // which this process (the server runs in it) is told to trust.
    const authority = createCertificateAuthority('Test-Push', ['localhost', '127.0.0.1']);
    const certificate = issueServerCertificate(authority, ['localhost', '127.0.0.1']);
    https.globalAgent.options.ca = authority.certificatePem;
    pushService = https.createServer(
      { key: certificate.keyPem, cert: certificate.certificatePem },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
          response.writeHead(answerStatus).end();
        });
      },
    );
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    pushUrl = `https://localhost:${(pushService.address() as AddressInfo).port}`;
    t = await testServer();
    await grantLifetimeLicense();
  });
  afterAll(async () => {
    // Put back exactly what was there: the global agent's options override a request's own, so
    // a key left behind as `ca: undefined` would void the `ca` of every later https request in
    // this jest worker (server.test.ts failed in CI that way).
    if (previousCa === undefined) delete https.globalAgent.options.ca;
    else https.globalAgent.options.ca = previousCa;
    await t.close();
    await new Promise((resolve) => pushService.close(resolve));
  });

  const subscriptions = (userId: string) =>
    User.sequelize!.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = :userId', {
      type: QueryTypes.SELECT,
      replacements: { userId },
    });

  it('stores a subscription, sends an encrypted push for a new invitation that decrypts with its keys, and removes it at 410', async () => {
    const owner = await signedInPerson(t, 'Projektleiter');
    const invitee = await signedInPerson(t, 'Monteur');
    const key = await t.api<{ publicKey: string }>('GET', '/api/push/key', invitee.token);
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);

    const keys = browserKeys();
    const endpoint = `${pushUrl}/push/${crypto.randomUUID()}`;
    const subscribe = await t.api('POST', '/api/push/subscriptions', invitee.token, {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth.toString('base64url') },
    });
    expect(subscribe.status).toBe(204);
    expect(await subscriptions(invitee.id)).toEqual([{ endpoint }]);

    const project = await buildProject(t, owner.token, { name: 'Neubau Kita' });
    const before = received.length;
    expect(
      (await t.api('POST', '/api/invitations', owner.token, { project: project.id, toUserId: invitee.id })).status,
    ).toBe(201);
    for (let tries = 0; tries < 100 && received.length === before; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const push = received.at(-1)!;
    expect(push.path).toBe(new URL(endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push.headers.authorization)).toMatch(new RegExp(`^vapid t=.+, k=${key.body.publicKey}$`));
    expect(push.body.toString('utf8')).not.toContain('Neubau');
    expect(JSON.parse(decryptPush(push.body, keys))).toEqual({
      type: 'invitation',
      title: de.push.invitationTitle,
      body: de.push.invitationBody(owner.username, 'Neubau Kita'),
      url: '#/',
    });

    // The push service says the subscription is gone: it is removed.
    answerStatus = 410;
    const second = await buildProject(t, owner.token);
    await t.api('POST', '/api/invitations', owner.token, { project: second.id, toUserId: invitee.id });
    for (let tries = 0; tries < 100 && (await subscriptions(invitee.id)).length > 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await subscriptions(invitee.id)).toEqual([]);
    answerStatus = 201;
  });

  /** Subscribes the person's browser (fresh keys) to the fake push service. */
  async function subscribe(token: string) {
    const keys = browserKeys();
    const endpoint = `${pushUrl}/push/${crypto.randomUUID()}`;
    const answer = await t.api('POST', '/api/push/subscriptions', token, {
      endpoint,
      keys: { p256dh: keys.p256dh, auth: keys.auth.toString('base64url') },
    });
    expect(answer.status).toBe(204);
    return { keys, path: new URL(endpoint).pathname };
  }

  it('pushes a new message to a recipient without an open tab (who wrote, never the text), and not while a tab is open', async () => {
    const writer = await signedInPerson(t, 'Projektleiter');
    const reader = await signedInPerson(t, 'Monteur');
    const [writerKey, readerKey] = [await giveMessageKey(t, writer.token), await giveMessageKey(t, reader.token)];
    const browser = await subscribe(reader.token);
    const pushesToReader = () => received.filter((push) => push.path === browser.path);
    const write = (text: string) =>
      t.api('POST', '/api/messages', writer.token, {
        recipientId: reader.id,
        content: envelope(readerKey, writerKey, text),
      });

    // An open tab gets the unread count through the live stream: no push.
    const tab = await openEventStream(t.url, reader.token);
    try {
      expect((await write('Material liegt im Keller')).status).toBe(201);
      await tab.next((event) => event.type === 'unread-messages');
    } finally {
      tab.close();
    }
    expect(pushesToReader()).toHaveLength(0);

    // The tab is closed (the hub notices the dropped stream): the next message is pushed.
    for (let tries = 0; tries < 100; tries += 1) {
      expect((await write('Schlüssel beim Nachbarn')).status).toBe(201);
      for (let wait = 0; wait < 10 && pushesToReader().length === 0; wait += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (pushesToReader().length > 0) break;
    }
    const [push] = pushesToReader();
    expect(push).toBeDefined();
    const plain = decryptPush(push!.body, browser.keys);
    expect(JSON.parse(plain)).toEqual({
      type: 'message',
      title: de.push.messageTitle,
      body: de.push.messageBody(writer.username),
      url: `#/messages/${writer.id}`,
    });
    expect(plain).not.toContain('Schlüssel');
    expect(plain).not.toContain('Keller');
  });

  it('refuses a subscription that is not https or has bad keys, and deletes only the caller’s own', async () => {
    const person = await signedInPerson(t, 'Helfer');
    const other = await signedInPerson(t, 'Helfer');
    const keys = browserKeys();
    const valid = {
      endpoint: `${pushUrl}/push/own`,
      keys: { p256dh: keys.p256dh, auth: keys.auth.toString('base64url') },
    };
    for (const body of [
      { ...valid, endpoint: 'http://127.0.0.1:5432/intern' },
      { ...valid, keys: { p256dh: 'kein base64!', auth: 'x' } },
      { endpoint: valid.endpoint },
    ]) {
      const refused = await t.api('POST', '/api/push/subscriptions', person.token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(de.push.subscriptionInvalid);
    }
    expect(await subscriptions(person.id)).toEqual([]);
    await t.api('POST', '/api/push/subscriptions', person.token, valid);
    const remove = (token: string) =>
      t.api('DELETE', `/api/push/subscriptions?endpoint=${encodeURIComponent(valid.endpoint)}`, token);
    expect((await remove(other.token)).status).toBe(204);
    expect(await subscriptions(person.id)).toHaveLength(1);
    expect((await remove(person.token)).status).toBe(204);
    expect(await subscriptions(person.id)).toEqual([]);
  });
});
