import { QueryTypes } from 'sequelize';
import { type CliIo, runCli } from './cli';
import { User } from './models';
import { buildUser } from './test/factories';
import { TEST_ADMIN, testServer, type TestServer } from './test/testServer';

let t: TestServer;

beforeAll(async () => {
  t = await testServer();
});
afterAll(() => t.close());

function io(env: NodeJS.ProcessEnv = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    env: { DATABASE_URL: t.server.services.config.databaseUrl!, ...env },
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readStdin: () => Promise.resolve(''),
    out,
    err,
  };
}

async function loginStatus(username: string, password: string): Promise<number> {
  return (await t.request('POST', '/api/auth/login', { body: { username, password } })).status;
}

describe('reset-admin-password', () => {
  it('gives the Admin a new generated password, prints it once and ends the old sessions', async () => {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const call = io();
    expect(await runCli(['reset-admin-password'], call)).toBe(0);
    const printed = /Neues Passwort: (\S+)/.exec(call.out.join(''))?.[1];
    expect(printed).toMatch(/^[A-Za-z0-9_-]{22}$/); // 16 random bytes: 128 bits (ASVS 11.5.1)
    // The session rows are gone too (issue 13, finding 5): no device is listed as signed in.
    const [row] = await User.sequelize!.query<{ count: string }>(
      "SELECT count(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'admin'",
      { type: QueryTypes.SELECT },
    );
    expect(row?.count).toBe('0');

    expect(await loginStatus(TEST_ADMIN.username, TEST_ADMIN.password)).toBe(401);
    expect(await loginStatus(TEST_ADMIN.username, printed!)).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('takes the password from NEW_ADMIN_PASSWORD without printing it, and the name from --username', async () => {
    const { user } = await buildUser({ role: 'Admin', username: 'Chefin' });
    const call = io({ NEW_ADMIN_PASSWORD: 'schraubstock-am-deich-2026' });
    expect(await runCli(['reset-admin-password', '--username', 'chefin'], call)).toBe(0);
    expect(call.out.join('')).not.toContain('schraubstock-am-deich-2026');
    expect(await loginStatus(user.username, 'schraubstock-am-deich-2026')).toBe(200);
  });

  it('changes nothing for an account that is not an Admin, and names the Admin accounts', async () => {
    const { user, password } = await buildUser({ role: 'Monteur', username: 'monteur-cli' });
    const call = io({ NEW_ADMIN_PASSWORD: 'uebernommen-7' });
    expect(await runCli(['reset-admin-password', '--username', user.username], call)).toBe(1);
    expect(call.err.join('')).toContain('Kein Admin-Konto "monteur-cli"');
    expect(call.err.join('')).toContain('Admin-Konten: admin, Chefin');
    expect(await loginStatus(user.username, password)).toBe(200);
    expect(await loginStatus(user.username, 'uebernommen-7')).toBe(401);
  });

  it('refuses a too short password and unknown options before touching anything', async () => {
    expect(await runCli(['reset-admin-password'], io({ NEW_ADMIN_PASSWORD: 'ab' }))).toBe(1);
    const common = io({ NEW_ADMIN_PASSWORD: 'passwort1' });
    expect(await runCli(['reset-admin-password'], common)).toBe(1);
    expect(common.err.join('')).toContain('NEW_ADMIN_PASSWORD ist zu schwach: mindestens 8 Zeichen');
    const unknown = io();
    expect(await runCli(['reset-admin-password', '--force'], unknown)).toBe(1);
    expect(unknown.err.join('')).toContain('Unbekannte Option: --force');
  });
});

describe('the command line', () => {
  it('lists the commands and refuses unknown ones', async () => {
    const help = io();
    expect(await runCli(['--help'], help)).toBe(0);
    expect(help.out.join('')).toContain('reset-admin-password');
    const unknown = io();
    expect(await runCli(['backup-all'], unknown)).toBe(2);
    expect(unknown.err.join('')).toContain('Unbekannter Befehl: backup-all');
  });
});
