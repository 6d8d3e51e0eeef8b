import { de, type SmtpSettingsPatch } from '@werkboard/common';
import { User } from '../models';
import { readSmtp } from '../services/settings';
import { decodeQuotedPrintable, SMTP_PASSWORD as PASSWORD, SMTP_USER as USER, startSmtp } from '../test/smtpServer';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { buildProject, signedInPerson } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer } from '../test/testServer';
import { createCertificateAuthority, issueServerCertificate } from '../tls/certificates';
import { sendMail } from './mailer';
import { testMail } from './mails';

const m = de.mail;

describe('e-mail through the Admin SMTP settings', () => {
  let t: TestServer;
  let admin: string;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let working: SmtpSettingsPatch;
  const configure = (patch: SmtpSettingsPatch) => t.api('PUT', '/api/settings', admin, { smtp: patch });

  beforeAll(async () => {
    t = await testServer();
    await grantLifetimeLicense();
    admin = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    smtp = await startSmtp();
    working = {
      host: '127.0.0.1',
      port: smtp.port,
      encryption: 'none',
      username: USER,
      password: PASSWORD,
      fromEmail: 'buero@elektro-meier.test',
      fromName: 'Elektro Meier',
    };
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it("'Test-E-Mail senden' reports the SMTP server's answer and the mail arrives", async () => {
    expect((await configure(working)).status).toBe(200);
    const response = await t.api<{ message: string }>('POST', '/api/settings/smtp/test', admin, {
      to: 'chef@elektro-meier.test',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toMatch(
      /^Test-E-Mail an chef@elektro-meier\.test gesendet\. Antwort des SMTP-Servers: 250/,
    );
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('buero@elektro-meier.test');
    expect(mail.to).toEqual(['chef@elektro-meier.test']);
    expect(mail.raw).toContain('Subject: Werkboard: Test-E-Mail');
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
  });

  it('refuses a bad recipient and non-Admins, and sends nothing', async () => {
    const before = smtp.received.length;
    const bad = await t.api('POST', '/api/settings/smtp/test', admin, { to: 'kein-empfänger' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(m.recipientInvalid);
    const leader = await signedInPerson(t, 'Firmenleiter');
    const refused = await t.api('POST', '/api/settings/smtp/test', leader.token, { to: 'chef@elektro-meier.test' });
    expect(refused.status).toBe(403);
    expect(smtp.received.length).toBe(before);
  });

  it('answers a wrong password with a clear German error, tries once and the server goes on', async () => {
    await configure({ password: 'falsch' });
    const logins = smtp.logins();
    const response = await t.api('POST', '/api/settings/smtp/test', admin, { to: 'chef@elektro-meier.test' });
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(
      /^Der SMTP-Server hat die Anmeldung abgelehnt \(Benutzername oder Passwort falsch\)\. Antwort: .*5\.7\.8/,
    );
    // One attempt: nothing retried behind the Admin's back.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.logins()).toBe(logins + 1);
    expect((await t.api('GET', '/api/status')).status).toBe(200);
    await configure({ password: PASSWORD });
  });

  it('says that a server that does not answer is unreachable', async () => {
    const gone = await startSmtp();
    await gone.close();
    await configure({ port: gone.port });
    const response = await t.api('POST', '/api/settings/smtp/test', admin, { to: 'chef@elektro-meier.test' });
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Der SMTP-Server ist nicht erreichbar: /);
    await configure({ port: smtp.port });
  });

  it('sends the invitation e-mail with recipient, German subject and the link to the app', async () => {
    await configure(working);
    const owner = await signedInPerson(t, 'Projektleiter');
    const invitee = await signedInPerson(t, 'Monteur');
    await User.update({ email: 'monteur@elektro-meier.test' }, { where: { id: invitee.id }, individualHooks: true });
    const project = await buildProject(t, owner.token, { name: 'Umbau Praxis Dr. Weiß' });
    const before = smtp.received.length;
    const invited = await t.api('POST', '/api/invitations', owner.token, { project: project.id, toUserId: invitee.id });
    expect(invited.status).toBe(201);
    for (let tries = 0; tries < 100 && smtp.received.length === before; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['monteur@elektro-meier.test']);
    // The subject is encoded (umlauts and quotes): nodemailer's MIME word, decoded here.
    const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(mail.raw)![1]!;
    const decoded = subject
      .split(/\r\n /)
      .map((word) => /=\?UTF-8\?Q\?(.*)\?=/i.exec(word.trim())?.[1] ?? word)
      .map((word) => decodeQuotedPrintable(word.replace(/_/g, ' ')))
      .join('');
    expect(decoded).toBe(m.invitationSubject('Umbau Praxis Dr. Weiß'));
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(m.invitationText(owner.username, 'Umbau Praxis Dr. Weiß'));
    // The address the inviting request came to (PUBLIC_URL where it is set).
    expect(body).toContain(`${t.url}/#/`);
    expect(body).toContain('<a href=');
  });

  it('sends over TLS from the first byte (ssl) and over STARTTLS (tls) with a certificate the test made', async () => {
    const authority = createCertificateAuthority('Test-SMTP', ['localhost', '127.0.0.1']);
    const certificate = issueServerCertificate(authority, ['localhost', '127.0.0.1']);
    const tlsOptions = { key: certificate.keyPem, cert: certificate.certificatePem };
    const implicit = await startSmtp({ secure: true, ...tlsOptions });
    const starttls = await startSmtp({ ...tlsOptions });
    try {
      const stored = await readSmtp();
      const secret = t.server.services.secrets.jwtSecret;
      const mail = testMail('chef@elektro-meier.test');
      const viaSsl = { ...stored, host: 'localhost', port: implicit.port, encryption: 'ssl' as const };
      expect(await sendMail(viaSsl, secret, mail, { ca: authority.certificatePem })).toMatch(/^250/);
      expect(implicit.received).toHaveLength(1);
      const viaTls = { ...stored, host: 'localhost', port: starttls.port, encryption: 'tls' as const };
      expect(await sendMail(viaTls, secret, mail, { ca: authority.certificatePem })).toMatch(/^250/);
      expect(starttls.received).toHaveLength(1);
      // A certificate nobody vouches for is refused, in German, and nothing is sent.
      await expect(sendMail(viaSsl, secret, mail)).rejects.toThrow(
        /^Die verschlüsselte Verbindung zum SMTP-Server ist fehlgeschlagen: /,
      );
      expect(implicit.received).toHaveLength(1);
    } finally {
      await implicit.close();
      await starttls.close();
    }
  });
});
