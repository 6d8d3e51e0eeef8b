import {
  type Actor,
  applyProjectDelta,
  canSeeChangeLog,
  type ProjectDocument,
  type ProjectMemberDto,
} from '@werkboard/common';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { PreparedAnswer } from '../http/preparedAnswer';
import { Timing } from '../http/serverTiming';
import { documentJson } from '../presenters/documentJson';
import { presentHeader } from '../presenters/project';
import { loadTeam, type ProjectRow } from './projectStore';
import { loadDocumentOf, presentLoaded, readChanges } from './projects';

interface Entry {
  projectId: string;
  revision: number;
  answer: PreparedAnswer;
  /** Whether the answer holds the change log (owner and management). */
  withLog?: boolean;
  /**
   * The document the answer is the JSON of, kept (never changed) so that the first read after
   * a save brings it to the new revision with what changed since (`documentAnswer`).
   */
  document?: ProjectDocument;
}

/**
 * The bytes an entry counts for: its JSON, and for a kept document twice as much again (the
 * objects, and the texts of its columns and cards, presenters/documentJson.ts); an estimate.
 */
const weight = (entry: Entry) => entry.answer.json.length * (entry.document ? 3 : 1);

/**
 * The whole documents of the boards read last, serialised and compressed (issue 17): a
 * project at one revision is the same bytes for every reader who is shown the same header
 * and change log, so the second read of an unchanged 5,000-card board costs a lookup instead
 * of 20,000 rows, 3.7 MB of JSON and its compression.
 *
 * The key is everything the answer depends on: the header as presented (the row's fields
 * and revision, owner, deputy and members with their names, colours and roles: a renamed
 * user changes no revision but the answer) and whether the change log is shown (owner and
 * management only). The entities depend on the revision alone, since every write of them
 * raises it. A newer revision of a project drops the older ones (for readers with the same
 * change log); the newest document of each is kept too, to make the next revision from (see
 * `documentAnswer`). A permanent deletion or an
 * import forgets the project (an id can come back at a revision seen before). Reads are
 * authorised before the cache is asked (routes/projects.ts), so a kept answer never reaches a
 * reader who may not read the project.
 *
 * Bounded by the bytes of the kept JSON (their compressed forms add a sixth or so), least
 * recently used first out. One process: the server runs as one.
 */
export class ProjectAnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Raised by every forget: a read that began before one does not store what it read. */
  private generation = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): PreparedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** Whether any answer of the project at this revision is kept (for any reader's key). */
  holds(projectId: string, revision: number): boolean {
    for (const entry of this.entries.values())
      if (entry.projectId === projectId && entry.revision === revision) return true;
    return false;
  }

  /** The newest kept document of the project up to this revision, for readers with or without the log. */
  documentUpTo(
    projectId: string,
    revision: number,
    withLog: boolean,
  ): { revision: number; document: ProjectDocument } | undefined {
    let found: { revision: number; document: ProjectDocument } | undefined;
    for (const entry of this.entries.values())
      if (
        entry.projectId === projectId &&
        entry.withLog === withLog &&
        entry.document &&
        entry.revision <= revision &&
        (!found || entry.revision > found.revision)
      )
        found = { revision: entry.revision, document: entry.document };
    return found;
  }

  /** A mark to hand to `set`: a forget in between makes the read's answer unfit to keep. */
  mark(): number {
    return this.generation;
  }

  set(key: string, entry: Entry, mark: number): void {
    if (mark !== this.generation || weight(entry) > this.maxBytes) return;
    for (const [other, kept] of this.entries)
      if (kept.projectId === entry.projectId && kept.withLog === entry.withLog && kept.revision < entry.revision)
        this.delete(other);
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += weight(entry);
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops every kept answer of the project. */
  forget(projectId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.projectId === projectId) this.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= weight(entry);
  }
}

/** How many MB of answers the server keeps (PROJECT_ANSWER_CACHE_MB; 0 turns the cache off). */
const configuredMb = Number(process.env.PROJECT_ANSWER_CACHE_MB ?? '64');
export const projectAnswers = new ProjectAnswerCache(
  (Number.isFinite(configuredMb) && configuredMb >= 0 ? configuredMb : 64) * 1024 * 1024,
);

/** Forgets the project now and again when the transaction commits (a read meanwhile saw the old rows). */
export function forgetProjectAnswers(projectId: string | null, transaction?: Transaction | null): void {
  const forget = () => (projectId === null ? projectAnswers.clear() : projectAnswers.forget(projectId));
  forget();
  transaction?.afterCommit(forget);
}

async function storedRevision(sequelize: Sequelize, projectId: string): Promise<number | undefined> {
  const [row] = await sequelize.query<{ revision: number }>('SELECT revision FROM projects WHERE id = :projectId', {
    type: QueryTypes.SELECT,
    replacements: { projectId },
  });
  return row?.revision;
}

/**
 * The whole document of a project row read already (a GET's `load`, authorised), as this
 * caller may read it, from the cache when it holds it. The key needs the team, read first only
 * when an answer of the row's revision is kept at all.
 *
 * Else, when the cache keeps the document of an older revision for readers like this one
 * (with or without the log), the first read after a save is that document brought to the
 * row's revision with what changed since (the delta read `readChanges`, applied as a client
 * applies it: `applyProjectDelta`, whose result is the document a fresh read gives), instead
 * of reading, presenting and serialising all 20,000 entities of a 5,000-card board again.
 * Every write of an entity raises its revision and leaves a tombstone for a deletion, so the
 * delta read sees it; what bypasses that (an import, a permanent deletion) forgets the project.
 * Otherwise (or when a forget came in meanwhile) the document is read as `readDocumentOf` does.
 *
 * Read outside a transaction: the entities are read after the row, so an answer is kept only
 * when the project still has the row's revision afterwards (no write came in between); that
 * check runs while the answer is serialised.
 */
export async function documentAnswer(sequelize: Sequelize, actor: Actor, row: ProjectRow): Promise<PreparedAnswer> {
  const withLog = canSeeChangeLog(actor, row);
  const mark = projectAnswers.mark();
  const timing = new Timing();
  const keyOf = (team: ProjectMemberDto[]) => JSON.stringify([withLog, presentHeader(row, team)]);
  let team: Promise<ProjectMemberDto[]> | undefined;
  if (projectAnswers.holds(row.id, row.revision)) {
    team = loadTeam(sequelize, row);
    const kept = projectAnswers.get(keyOf(await team));
    if (kept) return kept;
  }
  const base = projectAnswers.documentUpTo(row.id, row.revision, withLog);
  let document: ProjectDocument | undefined;
  if (base) {
    const changes = await readChanges(sequelize, actor, row, base.revision);
    timing.lap('changes');
    document =
      changes.kind === 'document' ? changes.document : inDocumentOrder(applyProjectDelta(base.document, changes));
    timing.lap('apply');
    // A forget meanwhile (an import may have replaced the project): read it afresh.
    if (projectAnswers.mark() !== mark) document = undefined;
  }
  if (!document) {
    const loaded = await loadDocumentOf(sequelize, row, undefined, team);
    timing.lap('read');
    document = presentLoaded(actor, loaded, loaded.team);
    timing.lap('present');
  }
  const revisionNow = storedRevision(sequelize, row.id);
  const answer = new PreparedAnswer(documentJson(document));
  timing.lap('stringify');
  answer.timing = timing.header();
  if ((await revisionNow) === row.revision)
    projectAnswers.set(
      keyOf(document.team),
      { projectId: row.id, revision: row.revision, withLog, answer, document },
      mark,
    );
  return answer;
}

/** The document's keys in the order `presentDocument` gives them, so that its JSON is the same text. */
function inDocumentOrder({ lastModified, createdAt, changeLog, ...rest }: ProjectDocument): ProjectDocument {
  return { ...rest, changeLog, lastModified, createdAt };
}
