import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type BackupFile, de, type ImageDto, newId, type ProjectDocument } from '@werkboard/common';
import { type CliIo, runCli } from './cli';
import { buildProject, withCard } from './test/factories';
import { createTestDatabase, TEST_ADMIN, testServer } from './test/testServer';

/**
 * `cli.js backup > file` and `cli.js restore < file` (docker/README.md) against real
 * PostgreSQL: a backup of one installation restored by the command into a fresh database,
 * which a server then reads back. The command binds the models to its own connection, so
 * each step runs after the server before it has been used for the last time.
 */

function io(env: NodeJS.ProcessEnv, stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    env,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readStdin: () => Promise.resolve(stdin),
    out,
    err,
  };
}

let original: ProjectDocument;
let originalImage: { dto: ImageDto; bytes: Buffer };
let apiBackup: BackupFile;
let cliBackup: string;

beforeAll(async () => {
  const t = await testServer();
  try {
    const { token } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
    const project = await buildProject(t, token, { name: 'Kommandozeile' });
    const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${project.id}`, {
      token,
      body: withCard(project, {
        title: 'Verteiler',
        timeEntries: [{ id: newId(), rev: 0, userId: null, username: '', date: '2026-10-01', hours: 1.5 }],
      }),
    });
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#112233' } })
      .png()
      .toBuffer();
    const image = await t.request<ImageDto>('POST', '/api/images', {
      token,
      body: { projectId: project.id, name: 'foto.png', dataUrl: `data:image/png;base64,${bytes.toString('base64')}` },
    });
    original = (await t.request<ProjectDocument>('GET', `/api/projects/${saved.body.id}`, { token })).body;
    originalImage = { dto: image.body, bytes };
    apiBackup = (await t.request<BackupFile>('GET', '/api/backup/export', { token })).body;

    const call = io({
      DATABASE_URL: t.server.services.config.databaseUrl!,
      DATA_DIR: t.server.services.config.dataDir,
    });
    expect(await runCli(['backup'], call)).toBe(0);
    cliBackup = call.out.join('');
    expect(call.err.join('')).toContain('Sicherung geschrieben: 1 Projekte');
  } finally {
    await t.close();
  }
}, 120_000);

it('backup writes what the API exports', () => {
  const file = JSON.parse(cliBackup) as BackupFile;
  expect({ ...file, timestamp: '' }).toEqual({ ...apiBackup, timestamp: '' });
});

describe('restore into a fresh database', () => {
  let databaseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-restore-'));
    // A first start migrates the database and creates the Admin account, as in the container.
    await (await testServer({ databaseUrl })).close();
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a file that is no backup and changes nothing', async () => {
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
    const broken = io(env, JSON.stringify({ type: 'Werkboard-backup' }));
    expect(await runCli(['restore'], broken)).toBe(1);
    expect(broken.err.join('')).toBe(`${de.transfer.importFailed(de.transfer.backupInvalid)}\n`);
    const notJson = io(env, '{"type": ');
    expect(await runCli(['restore'], notJson)).toBe(1);
    expect(notJson.err.join('')).toContain(de.transfer.notJsonFile('eine Sicherung'));
    expect(await runCli(['restore', '--mode', 'alles'], io(env))).toBe(1);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('restores from standard input: the project, its entries and its photo read back through the API', async () => {
    const call = io({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, cliBackup);
    expect(await runCli(['restore', '--mode', 'replace'], call)).toBe(0);
    expect(call.out.join('')).toContain('Sicherung eingespielt (replace). projects: 1');

    const t = await testServer({ databaseUrl, dataDir });
    try {
      const { token, user } = await t.login(TEST_ADMIN.username, TEST_ADMIN.password);
      const restored = (await t.request<ProjectDocument>('GET', `/api/projects/${original.id}`, { token })).body;
      expect(restored.name).toBe('Kommandozeile');
      expect(
        restored.columns.map((column) => column.cards.map((card) => [card.title, card.timeEntries.length])),
      ).toEqual(original.columns.map((column) => column.cards.map((card) => [card.title, card.timeEntries.length])));
      const images = (await t.request<ImageDto[]>('GET', `/api/images/${original.id}`, { token })).body;
      // The file's Admin is this installation's Admin of the same name.
      expect(images).toEqual([{ ...originalImage.dto, uploadedBy: user.id }]);
      const file = await fetch(`${t.url}/api/image-files/${originalImage.dto.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(Buffer.from(await file.arrayBuffer()).equals(originalImage.bytes)).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});
