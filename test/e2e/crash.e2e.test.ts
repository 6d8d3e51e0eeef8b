// The fault test (issue 13, finding 2): the built server is killed with SIGKILL during a
// burst of writes and started again on the same DATA_DIR; then its embedded database is
// killed during writes. Every write the server acknowledged with 2xx must still be there,
// and while the database is away the server answers 503 with a German message, never 500.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { NoteDto, ProjectDocument, ServerStatus } from '@werkboard/common';
import { type AppServer, startAppServer } from './support/appServer';
import { apiToken } from './support/session';

const ENV = { ADMIN_PASSWORD: 'Absturz-Test-2026!' };
const PROJECTS = 3;
/** Writes acknowledged before the kill: enough to be a burst, few enough for seconds. */
const ACKNOWLEDGED_BEFORE_KILL = 24;
const WORKERS = 6;

interface Api {
  call<T>(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: T }>;
}

function api(baseUrl: string, token: string): Api {
  return {
    async call<T>(method: string, urlPath: string, body?: unknown) {
      const response = await fetch(`${baseUrl}/api${urlPath}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

/** What the burst wrote and what the server said to it. */
interface Burst {
  acknowledgedNotes: Map<string, string>; // note id → project id
  acknowledgedProjects: Set<string>;
  statuses: number[];
  /** German messages of the 503 answers. */
  unavailableMessages: Set<string>;
}

const newBurst = (): Burst => ({
  acknowledgedNotes: new Map(),
  acknowledgedProjects: new Set(),
  statuses: [],
  unavailableMessages: new Set(),
});

function note(title: string, userId: string): NoteDto {
  return {
    id: randomUUID(),
    rev: 0,
    title,
    content: 'Während eines Absturztests geschrieben.',
    authorId: userId,
    authorUsername: 'admin',
    timestamp: new Date().toISOString(),
  };
}

/**
 * WORKERS writers: project saves (each adds a note to its copy of a project, the way the
 * board saves) and now and then a new project; a write that got no 2xx is sent again, as the
 * app's queue does. They stop at `until()` or when the server is gone.
 */
async function writeBurst(
  client: Api,
  documents: ProjectDocument[],
  userId: string,
  burst: Burst,
  until: () => boolean,
): Promise<void> {
  const copies = documents.map((document) => structuredClone(document));
  let created = 0;
  const worker = async (index: number) => {
    let pending: { note: NoteDto; project: number } | null = null;
    for (let round = 0; !until(); round += 1) {
      try {
        if (index === 0 && round % 4 === 3 && created < 3) {
          created += 1;
          const name = `Absturztest ${randomUUID().slice(0, 8)}`;
          const answer = await client.call<ProjectDocument>('POST', '/projects', { name });
          burst.statuses.push(answer.status);
          if (answer.status === 201) burst.acknowledgedProjects.add(answer.body.id);
          continue;
        }
        pending ??= { note: note(`Notiz ${index}.${round}`, userId), project: round % copies.length };
        const copy = copies[pending.project];
        if (!copy) throw new Error('no project');
        const answer = await client.call<ProjectDocument & { message?: string }>('PUT', `/projects/${copy.id}`, {
          ...copy,
          notes: [...copy.notes, pending.note],
        });
        burst.statuses.push(answer.status);
        if (answer.status === 200) {
          burst.acknowledgedNotes.set(pending.note.id, copy.id);
          copies[pending.project] = answer.body;
          pending = null;
        } else if (answer.status === 503) {
          burst.unavailableMessages.add(answer.body.message ?? '');
          await new Promise((resolve) => setTimeout(resolve, 50));
        } else {
          // Refused: not sent again (the status is checked by the test).
          pending = null;
        }
      } catch {
        // The server is gone (killed): this writer is done.
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
}

/** After a restart or recovery: every acknowledged note and project is there. */
async function expectAcknowledgedWrites(client: Api, burst: Burst): Promise<void> {
  const byProject = new Map<string, string[]>();
  for (const [noteId, projectId] of burst.acknowledgedNotes) {
    byProject.set(projectId, [...(byProject.get(projectId) ?? []), noteId]);
  }
  for (const [projectId, noteIds] of byProject) {
    const { status, body } = await client.call<ProjectDocument>('GET', `/projects/${projectId}`);
    expect(status).toBe(200);
    const stored = new Set(body.notes.map((stored) => stored.id));
    expect(noteIds.filter((id) => !stored.has(id))).toEqual([]);
  }
  for (const projectId of burst.acknowledgedProjects) {
    expect((await client.call('GET', `/projects/${projectId}`)).status).toBe(200);
  }
}

async function status(baseUrl: string): Promise<ServerStatus> {
  return (await (await fetch(`${baseUrl}/api/status`)).json()) as ServerStatus;
}

const postmasterPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('a server that is killed, or whose database is killed, during writes', () => {
  let server: AppServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it('comes back on the same DATA_DIR with every acknowledged write, and recovers from a dead database', async () => {
    server = await startAppServer(ENV);
    const { dataDir } = server;
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ENV.ADMIN_PASSWORD }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { id: string } };
    let client = api(server.url, token);
    const documents: ProjectDocument[] = [];
    for (let i = 0; i < PROJECTS; i += 1) {
      const created = await client.call<ProjectDocument>('POST', '/projects', { name: `Baustelle ${i + 1}` });
      expect(created.status).toBe(201);
      documents.push(created.body);
    }

    // 1. SIGKILL of the server in the middle of the burst.
    const first = newBurst();
    const running = server;
    let killed = false;
    const burst = writeBurst(client, documents, user.id, first, () => killed);
    while (first.acknowledgedNotes.size + first.acknowledgedProjects.size < ACKNOWLEDGED_BEFORE_KILL) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await running.kill('SIGKILL');
    killed = true;
    await burst;
    expect(first.statuses.filter((code) => code !== 200 && code !== 201)).toEqual([]);

    server = await startAppServer(ENV, { dataDir });
    expect(server.output()).not.toMatch(/TypeError|konnte nicht starten/);
    expect(await status(server.url)).toEqual({
      startCommandSent: true,
      backendStarted: true,
      databaseReachable: true,
      databaseInitialized: true,
    });
    client = api(server.url, await apiToken(server.url, 'admin', ENV.ADMIN_PASSWORD));
    await expectAcknowledgedWrites(client, first);

    // 2. SIGKILL of the embedded database's postmaster during writes.
    const current = await Promise.all(
      documents.map(async ({ id }) => (await client.call<ProjectDocument>('GET', `/projects/${id}`)).body),
    );
    const second = newBurst();
    const seen: ServerStatus[] = [];
    const deadPostmaster = postmasterPid(dataDir);
    let recovered = false;
    const writes = writeBurst(client, current, user.id, second, () => recovered);
    while (second.acknowledgedNotes.size < 6) await new Promise((resolve) => setTimeout(resolve, 5));
    process.kill(deadPostmaster, 'SIGKILL');
    const killedAt = second.statuses.length;
    const deadline = Date.now() + 60_000;
    while (!recovered) {
      const now = await status(server.url);
      seen.push(now);
      const writtenSince = second.statuses.slice(killedAt).filter((code) => code === 200).length;
      recovered = now.databaseInitialized && writtenSince >= 6;
      if (Date.now() > deadline) throw new Error(`no recovery: ${JSON.stringify(seen.slice(-3))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await writes;

    expect(postmasterPid(dataDir)).not.toBe(deadPostmaster);
    expect(second.statuses.filter((code) => code !== 200 && code !== 201 && code !== 503)).toEqual([]);
    // The outage was seen, in German: as 503 answers or on /api/status.
    const outage = [...second.unavailableMessages, ...seen.map((entry) => entry.message ?? '')].filter(Boolean);
    expect(outage.length).toBeGreaterThan(0);
    for (const message of outage) {
      expect(message).toMatch(/^(Verbindung zum Server fehlgeschlagen\.|Die Datenbank wurde unerwartet beendet)/);
    }
    expect(await status(server.url)).toEqual({
      startCommandSent: true,
      backendStarted: true,
      databaseReachable: true,
      databaseInitialized: true,
    });
    await expectAcknowledgedWrites(client, second);
    await expectAcknowledgedWrites(client, first);

    // 3. A normal stop (SIGTERM) ends the database too.
    const postmaster = postmasterPid(dataDir);
    await server.stop({ keepData: true });
    expect(isRunning(postmaster)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = null;
  });
});
