import {
  answeredCopy,
  deltaSave,
  joinedSave,
  keyBetween,
  newId,
  type ProjectChangesDto,
  type ProjectDocument,
  type QueuedDelta,
  randomSeeds,
  rebasedSave,
  seededRandom,
} from '@werkboard/common';
import { User } from '../models';
import { signedIn } from '../test/factories';
import { newCard } from '../test/projectMergeHarness';
import { testServerPerFile } from '../test/testServerPerFile';

/**
 * Two devices that edited one project offline converge (issue 17, the one outbox): each keeps
 * its saves as the renderer's outbox does, with common's rules (`projectOutbox.ts`: joined
 * while never sent, chained behind a save that was sent, the next save rebased on each
 * answer), and replays them as PATCH deltas with idempotency keys against the real server and
 * its merge, interleaved, with answers lost on the way. Afterwards each device's copy (its
 * last answer brought forward with `?since`) equals the server's document, and nothing either
 * device wrote is lost. Written here and not in the renderer because only the server's tests
 * run the real merge (renderer tests talk to a fake that composes deltas without a merge).
 */

const t = testServerPerFile({ emptyProjects: true });

interface Entry extends QueuedDelta {
  key: string;
  attempts: number;
}

interface Device {
  name: string;
  userId: string;
  token: string;
  /** What the device shows: the copy its outbox makes, or its last answer. */
  shown: ProjectDocument;
  /** Its last answered copy (the server's copy at that revision). */
  confirmed: ProjectDocument;
  outbox: Entry[];
  /** What it wrote that must be on the server: time entries and notes (ids), its cards (id → last title). */
  entries: Set<string>;
  notes: Set<string>;
  cards: Map<string, string>;
  /** Cards it deleted, with the time entries they held in its copy then (they go with the card). */
  deletedCards: Map<string, string[]>;
  renamed: Map<string, string>;
  /**
   * Cards it wrote or wrote into (renamed, moved, booked hours on). The later write of a card
   * wins as a whole, and a card someone else changed since is not deleted (docs/decisions.md,
   * 'What counts as a conflict', 'Parents survive their children').
   */
  wroteCards: Set<string>;
}

const cardsOf = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

/** The outbox's enqueue for one document (renderer/src/platform/syncQueue.ts): join, or chain behind a sent save. */
function enqueue(device: Device, document: ProjectDocument): void {
  const base = device.shown;
  const last = device.outbox[device.outbox.length - 1];
  if (!last) device.outbox.push({ key: newId(), attempts: 0, ...deltaSave(base, document) });
  else if (last.attempts > 0)
    device.outbox.push({ key: newId(), attempts: 0, ...joinedSave(last.document, last.document, base, document) });
  else Object.assign(last, joinedSave(last.base, last.document, base, document));
  device.shown = device.outbox[device.outbox.length - 1]!.document;
}

/** One random offline edit of `device`, as the board and the panels make them. */
function edit(device: Device, next: () => number, step: number): void {
  const document = structuredClone(device.shown);
  const cards = cardsOf(document);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const roll = next();
  const card = pick(cards);
  if (roll < 0.3) {
    const id = newId();
    card.timeEntries.push({ id, rev: 0, userId: device.userId, username: '', date: '2026-11-20', hours: 0.25 });
    device.entries.add(id);
    device.wroteCards.add(card.id);
  } else if (roll < 0.45) {
    const id = newId();
    document.notes.unshift({
      ...{ id, rev: 0, title: `${device.name} ${step}`, content: 'Notiz' },
      ...{ authorId: device.userId, authorUsername: '', timestamp: new Date().toISOString() },
    });
    device.notes.add(id);
  } else if (roll < 0.65) {
    card.title = `${device.name} ${step}`;
    device.renamed.set(card.id, card.title);
    device.wroteCards.add(card.id);
    if (device.cards.has(card.id)) device.cards.set(card.id, card.title);
  } else if (roll < 0.8) {
    const from = document.columns.find((column) => column.cards.includes(card))!;
    const to = pick(document.columns);
    from.cards.splice(from.cards.indexOf(card), 1);
    card.position = keyBetween(to.cards[to.cards.length - 1]?.position ?? null, null);
    to.cards.push(card);
    device.wroteCards.add(card.id);
  } else if (roll < 0.92 || device.cards.size === 0) {
    const column = pick(document.columns);
    const added = newCard(`${device.name} neu ${step}`, keyBetween(column.cards.at(-1)?.position ?? null, null));
    column.cards.push(added);
    device.cards.set(added.id, added.title);
  } else {
    // Only cards this device made: the other one cannot have written into them.
    const own = cards.filter((candidate) => device.cards.has(candidate.id) && !device.deletedCards.has(candidate.id));
    const gone = own.length > 0 ? pick(own) : null;
    if (!gone) return;
    const column = document.columns.find((candidate) => candidate.cards.includes(gone))!;
    column.cards.splice(column.cards.indexOf(gone), 1);
    device.deletedCards.set(
      gone.id,
      gone.timeEntries.map((entry) => entry.id),
    );
  }
  enqueue(device, document);
}

/**
 * Sends the device's first queued save. `loseAnswer`: the server applies it but the answer
 * never arrives (the save stays, sent once, and later ones chain behind it).
 */
async function sendFirst(device: Device, loseAnswer: boolean): Promise<void> {
  const entry = device.outbox[0]!;
  entry.attempts += 1;
  const response = await t.request<ProjectChangesDto>('PATCH', `/api/projects/${entry.base.id}`, {
    token: device.token,
    body: entry.body,
    headers: { 'Idempotency-Key': entry.key },
  });
  expect(response.status).toBe(200);
  if (loseAnswer) return;
  const confirmed = answeredCopy(entry.base, response.body);
  device.outbox.shift();
  device.confirmed = confirmed;
  const following = device.outbox[0];
  if (following) Object.assign(following, rebasedSave(following, confirmed));
  device.shown = device.outbox[device.outbox.length - 1]?.document ?? confirmed;
}

async function setUp(): Promise<{ phone: Device; office: Device }> {
  const owner = await signedIn(t, 'Monteur');
  const colleague = await signedIn(t, 'Monteur');
  const created = await t.request<ProjectDocument>('POST', '/api/projects', {
    token: owner.token,
    body: { name: `Zwei Geräte ${newId().slice(0, 8)}` },
  });
  expect(created.status).toBe(201);
  await User.sequelize!.query('INSERT INTO project_members (project_id, user_id) VALUES (:p, :u)', {
    replacements: { p: created.body.id, u: colleague.user.id },
  });
  const document = structuredClone(created.body);
  let position: string | null = null;
  for (let index = 0; index < 6; index += 1) {
    position = keyBetween(position, null);
    document.columns[index % document.columns.length]!.cards.push(newCard(`Aufgabe ${index + 1}`, position));
  }
  const saved = await t.request<ProjectDocument>('PUT', `/api/projects/${document.id}`, {
    token: owner.token,
    body: document,
  });
  expect(saved.status).toBe(200);
  const device = (name: string, userId: string, token: string): Device => ({
    ...{ name, userId, token, shown: saved.body, confirmed: saved.body, outbox: [] },
    ...{
      entries: new Set(),
      notes: new Set(),
      cards: new Map(),
      deletedCards: new Map(),
      renamed: new Map(),
      wroteCards: new Set(),
    },
  });
  return {
    phone: device('Handy', owner.user.id, owner.token),
    office: device('Büro', colleague.user.id, colleague.token),
  };
}

async function read(device: Device, id: string): Promise<ProjectDocument> {
  const response = await t.request<ProjectDocument>('GET', `/api/projects/${id}`, { token: device.token });
  expect(response.status).toBe(200);
  return response.body;
}

/** The device's copy brought to the server's revision, as the open board does (`?since`). */
async function broughtForward(device: Device): Promise<ProjectDocument> {
  const { id, revision } = device.confirmed;
  const response = await t.request<ProjectChangesDto>('GET', `/api/projects/${id}?since=${revision}`, {
    token: device.token,
  });
  expect(response.status).toBe(200);
  return answeredCopy(device.confirmed, response.body);
}

describe('two devices with random offline edits of one project', () => {
  it.each(randomSeeds([1, 2, 3, 4, 5], process.env.RANDOM_SEEDS))(
    'converge on the server, with nothing lost (seed %i)',
    async (seed) => {
      const next = seededRandom(seed);
      const { phone, office } = await setUp();
      const devices = [phone, office];
      // Offline edits on both, with a replay now and then on one of them (answers sometimes lost).
      for (let step = 0; step < 40; step += 1) {
        const device = devices[Math.floor(next() * 2)]!;
        if (next() < 0.75 || device.outbox.length === 0) edit(device, next, step);
        else await sendFirst(device, next() < 0.3);
      }
      // Both come back online: their replays interleave until both outboxes are empty.
      while (phone.outbox.length > 0 || office.outbox.length > 0) {
        const waiting = devices.filter((device) => device.outbox.length > 0);
        await sendFirst(waiting[Math.floor(next() * waiting.length)]!, next() < 0.15);
      }

      const server = await read(phone, phone.confirmed.id);
      // The log is the server's and shown by the whole read; the entities and fields must be the same.
      const withoutLog = ({ changeLog: _log, ...rest }: ProjectDocument) => rest;
      for (const device of devices) expect(withoutLog(await broughtForward(device))).toEqual(withoutLog(server));
      const onServer = cardsOf(server);
      const found = (id: string) => onServer.find((card) => card.id === id);
      // The entries a deleted card held (as the deleting device saw them) are gone where the
      // card is gone. Where it stays, they may stay (a deletion not applied: someone changed the
      // card since) or not (applied, and the card brought back by the other device's later
      // write, which brings back no entry deleted before: finding 1, 'a stale copy').
      const withDeletedCards = new Set(devices.flatMap((device) => [...device.deletedCards.values()].flat()));
      const entries = onServer.flatMap((card) => card.timeEntries.map((entry) => entry.id));
      expect(new Set(entries).size).toBe(entries.length);
      expect(entries.filter((id) => !withDeletedCards.has(id)).sort()).toEqual(
        [...phone.entries, ...office.entries].filter((id) => !withDeletedCards.has(id)).sort(),
      );
      for (const device of devices)
        for (const [id, held] of device.deletedCards)
          if (!found(id)) expect(entries.filter((entry) => held.includes(entry))).toEqual([]);
      expect(server.notes.map((note) => note.id).sort()).toEqual([...phone.notes, ...office.notes].sort());
      for (const device of devices) {
        const other = device === phone ? office : phone;
        for (const [id, title] of device.cards) {
          // Only a card the other device changed may survive its deletion, or lose its title.
          if (other.wroteCards.has(id)) expect(device.deletedCards.has(id) || found(id) !== undefined).toBe(true);
          else if (device.deletedCards.has(id)) expect(found(id)).toBeUndefined();
          else expect(found(id)?.title).toBe(title);
        }
        // A card only this device changed (and nobody deleted) carries its last title.
        for (const [id, title] of device.renamed)
          if (!other.wroteCards.has(id) && !device.deletedCards.has(id) && !other.deletedCards.has(id))
            expect(found(id)?.title).toBe(title);
      }
    },
  );

  it('answers a save replayed with its key once more with the first answer, changing nothing', async () => {
    const { phone } = await setUp();
    edit(phone, seededRandom(9), 1);
    const entry = phone.outbox[0]!;
    await sendFirst(phone, false);
    const before = await read(phone, entry.base.id);
    const again = await t.request<ProjectChangesDto>('PATCH', `/api/projects/${entry.base.id}`, {
      token: phone.token,
      body: entry.body,
      headers: { 'Idempotency-Key': entry.key },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await read(phone, entry.base.id)).toEqual(before);
  });
});
