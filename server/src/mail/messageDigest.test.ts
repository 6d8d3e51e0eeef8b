import { de } from '@werkboard/common';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { signedIn, type Person } from '../test/factories';
import { envelope, giveMessageKey } from '../test/sealedMessages';
import { decodeQuotedPrintable, SMTP_PASSWORD, SMTP_USER, startSmtp } from '../test/smtpServer';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';
import { sendDueDigests } from './messageDigest';

const m = de.mail;
const PUBLIC_URL = 'https://werkboard.elektro-meier.test';

interface Keyed extends Person {
  keyId: string;
}

/** The job's clock: a day of November 2026 at the given server-local time. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

describe('daily e-mail digest of unread messages', () => {
  let t: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let anna: Keyed;
  let bernd: Keyed;
  let reader: Keyed;
  let declined: Keyed;
  const digests = (now: Date) => sendDueDigests(t.server.services, now);

  async function person(username: string, email: string | null): Promise<Keyed> {
    const { user, token } = await signedIn(t, 'Monteur', { username });
    if (email) await User.update({ email }, { where: { id: user.id } });
    return { id: user.id, username: user.username, token, keyId: await giveMessageKey(t, token) };
  }
  const write = async (from: Keyed, to: Keyed, text: string) =>
    expect(
      (
        await t.api('POST', '/api/messages', from.token, {
          recipientId: to.id,
          content: envelope(to.keyId, from.keyId, text),
        })
      ).status,
    ).toBe(201);

  beforeAll(async () => {
    t = await testServer({ digestHour: 7, publicUrl: PUBLIC_URL });
    await grantLifetimeLicense();
    smtp = await startSmtp();
    const admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    const configured = await t.api('PUT', '/api/settings', admin, {
      smtp: {
        host: '127.0.0.1',
        port: smtp.port,
        encryption: 'none',
        username: SMTP_USER,
        password: SMTP_PASSWORD,
        fromEmail: 'buero@elektro-meier.test',
        fromName: 'Elektro Meier',
      },
    });
    expect(configured.status).toBe(200);
    anna = await person('anna', 'anna@elektro-meier.test');
    bernd = await person('bernd', null);
    reader = await person('carla', 'carla@elektro-meier.test');
    declined = await person('dieter', 'dieter@elektro-meier.test');
  }, 60_000);
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('is off by default; each user switches only their own, and a bad value is refused in German', async () => {
    expect((await t.api('GET', '/api/message-digest', reader.token)).body).toEqual({ enabled: false, hour: 7 });
    const on = await t.api('PUT', '/api/message-digest', reader.token, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ enabled: true, hour: 7 });
    expect((await t.api('GET', '/api/message-digest', reader.token)).body).toEqual({ enabled: true, hour: 7 });
    expect((await t.api('GET', '/api/message-digest', declined.token)).body).toEqual({ enabled: false, hour: 7 });

    const bad = await t.api('PUT', '/api/message-digest', declined.token, { enabled: 'ja' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(de.validation.booleanInvalid);
    expect((await t.api('GET', '/api/message-digest', declined.token)).body).toEqual({ enabled: false, hour: 7 });
  });

  it('sends nothing while nothing is unread, and nothing before the configured hour', async () => {
    expect(await digests(at(24, 9))).toBe(0);
    await write(anna, reader, 'Zählerschrank ist getauscht');
    await write(anna, reader, 'Bitte Rechnung prüfen');
    await write(bernd, reader, 'Schlüssel liegt beim Hausmeister');
    // Dieter has unread messages but does not want the digest.
    await write(anna, declined, 'Morgen 7 Uhr Baustelle');
    expect(await digests(at(25, 6, 59))).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends one German digest with count and senders only (plain and HTML, link to the messages), once per day', async () => {
    expect(await digests(at(25, 7, 0))).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['carla@elektro-meier.test']);
    expect(mail.raw).toMatch(/^Subject: Werkboard: 3 ungelesene Nachrichten\r?$/m);
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(m.digestGreeting('carla'));
    expect(body).toContain(m.digestText(3, 'anna, bernd'));
    expect(body).toContain(`${PUBLIC_URL}/#/messages`);
    expect(body).toContain(m.digestUnsubscribe);
    for (const text of ['Zählerschrank', 'Rechnung', 'Schlüssel', 'Baustelle']) expect(body).not.toContain(text);

    // Later the same day, and two replicas at once the next day: one digest each day.
    expect(await digests(at(25, 18))).toBe(0);
    const nextDay = await Promise.all([digests(at(26, 7, 1)), digests(at(26, 7, 1))]);
    expect(nextDay.reduce((sum, sent) => sum + sent, 0)).toBe(1);
    expect(smtp.received.map((received) => received.to[0])).toEqual([
      'carla@elektro-meier.test',
      'carla@elektro-meier.test',
    ]);
  });

  it('sends nothing once the messages are read, nor to a user without an e-mail address', async () => {
    for (const sender of [anna, bernd])
      expect((await t.api('POST', `/api/messages/read/${sender.id}`, reader.token)).status).toBe(200);
    await t.api('PUT', '/api/message-digest', bernd.token, { enabled: true });
    await write(anna, bernd, 'Hallo Bernd');
    expect(await digests(at(27, 8))).toBe(0);
    expect(smtp.received).toHaveLength(2);
  });

  it('logs a failed e-mail and goes on: nothing throws, the server keeps answering', async () => {
    await write(anna, reader, 'Neue Nachricht');
    await smtp.close();
    expect(await digests(at(28, 7))).toBe(0);
    expect((await t.api('GET', '/api/status')).status).toBe(200);
  });
});
