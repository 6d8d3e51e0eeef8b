import {
  type CardDto,
  type ChangeLogEntryDto,
  type ColumnDto,
  type AppointmentDto,
  type NoteDto,
  type ProjectDeltaRequest,
  type SignoffDto,
  type ProjectFieldsDto,
} from '@werkboard/common';
import { newId, projectDeltaSchema, validate } from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import { type EntityMap, fieldsOf, flattenDocument, nestEntities } from '../commands/projectEntities';
import type { SessionActor } from '../auth/sessionActor';
import { composeDelta } from '../commands/projectDelta';
import { answersRead, countsIn, DeltaSlice } from '../commands/projectSlice';
import {
  historyNeeded,
  type IncomingProject,
  mergeProject,
  MergeRefused,
  type StoredProject,
  type VersionRecord,
} from '../commands/projectMerger';

/**
 * An in-memory server for the merge's own tests: it keeps the stored project and the
 * version history exactly as the database store does (server/src/services/projectStore.ts),
 * so the merge rules can be exercised thousands of times without PostgreSQL.
 */
export interface ClientCopy extends ProjectFieldsDto {
  revision: number;
  columns: ColumnDto[];
  appointments: AppointmentDto[];
  notes: NoteDto[];
  signoffs: SignoffDto[];
  changeLog: ChangeLogEntryDto[];
}

export class MemoryProjectServer {
  readonly id = randomUUID();
  revision = 1;
  fieldsRev = 1;
  fields: ProjectFieldsDto;
  entities: EntityMap = new Map();
  changeLog: ChangeLogEntryDto[] = [];
  readonly versions = new Map<string, VersionRecord[]>();

  constructor(initial: ClientCopy) {
    this.fields = fieldsOf(initial);
    this.entities = flattenDocument(initial);
    for (const entity of this.entities.values()) {
      entity.rev = 1;
      this.record(entity.id, entity.kind, null, { content: entity.content, owned: entity.owned });
    }
    this.record(this.id, 'project', null, { content: this.fields, owned: null });
  }

  private record(id: string, kind: string, actorId: string | null, data: VersionRecord['data']) {
    // jsonb does not keep key order: the history keeps its keys reversed, as PostgreSQL may.
    const stored = data === null ? null : (reversedKeys(data) as VersionRecord['data']);
    const versions = this.versions.get(id);
    const version = { rev: this.revision, projectId: this.id, kind, actorId, data: stored };
    if (versions) versions.push(version);
    else this.versions.set(id, [version]);
  }

  /** A server in the same state, to try another write on. */
  clone(): MemoryProjectServer {
    const twin = Object.create(MemoryProjectServer.prototype) as MemoryProjectServer;
    return Object.assign(twin, structuredClone({ ...this }));
  }

  read(): ClientCopy {
    return structuredClone({
      ...this.fields,
      revision: this.revision,
      ...nestEntities(this.entities.values()),
      changeLog: this.changeLog,
    });
  }

  /**
   * A PUT of `copy`; `mayEditProject` as the route decides it (can_edit_projects),
   * `mayRevokeSignoffs` as `canRevokeSignoff` would. Throws MergeRefused.
   */
  put(copy: ClientCopy, actor: SessionActor, mayEditProject = true, mayRevokeSignoffs = mayEditProject): ClientCopy {
    return this.write(actor, mayEditProject, mayRevokeSignoffs, () => ({
      base: copy.revision,
      fields: fieldsOf(copy),
      entities: flattenDocument(copy),
    }));
  }

  /**
   * A PATCH of `delta` as the route does it: the slice of the stored project it needs
   * (commands/projectSlice.ts), read from this memory as the store's queries read it, and the
   * store's counts, composed (commands/projectDelta.ts) and merged on that slice.
   */
  patch(
    delta: ProjectDeltaRequest,
    actor: SessionActor,
    mayEditProject = true,
    mayRevokeSignoffs = mayEditProject,
  ): ClientCopy {
    // The schema's refusal is a 400, as the route gives it.
    const checked = validate(projectDeltaSchema, delta);
    if (!checked.ok) throw new MergeRefused(400, checked.message);
    const slice = new DeltaSlice(checked.value);
    const counts = countsIn(this.entities, slice.entryCards());
    for (let reads = slice.next(); reads; reads = slice.next()) {
      const asked = reads;
      slice.add(
        asked,
        [...this.entities.values()].filter((entity) => answersRead(asked, entity)),
      );
    }
    return this.write(
      actor,
      mayEditProject,
      mayRevokeSignoffs,
      (stored) => composeDelta(stored, checked.value, counts),
      slice.entities,
    );
  }

  private write(
    actor: SessionActor,
    mayEditProject: boolean,
    mayRevokeSignoffs: boolean,
    incomingOf: (stored: StoredProject) => IncomingProject,
    /** What the write loads of the stored project: all of it, or a delta's slice. */
    entities: EntityMap = this.entities,
  ): ClientCopy {
    const stored: StoredProject = {
      id: this.id,
      revision: this.revision,
      fieldsRev: this.fieldsRev,
      fields: this.fields,
      entities,
    };
    const incoming = incomingOf(stored);
    const history = new Map(historyNeeded(stored, incoming).map((id) => [id, this.versions.get(id) ?? []] as const));
    const result = mergeProject({
      stored,
      incoming,
      history,
      actor,
      mayEditProject,
      mayRevokeSignoffs,
      names: { assignee: (id) => `Name ${id}`, image: (id) => `Bild ${id}` },
      now: new Date(),
      newId: randomUUID,
    });
    if (!result.changed) return this.read();
    this.revision = result.revision;
    for (const entity of result.upserts) {
      this.entities.set(entity.id, entity);
      this.record(entity.id, entity.kind, actor.id, { content: entity.content, owned: entity.owned });
    }
    for (const entity of result.deletes) {
      this.entities.delete(entity.id);
      this.record(entity.id, entity.kind, actor.id, null);
    }
    if (result.fieldsChanged) {
      this.fields = result.fields;
      this.fieldsRev = result.revision;
      this.record(this.id, 'project', actor.id, { content: this.fields, owned: null });
    }
    this.changeLog = [...result.log, ...this.changeLog];
    return this.read();
  }
}

function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .reverse()
      .map((key) => [key, reversedKeys(record[key])]),
  );
}

/** A new card as the board adds it (rev 0, nothing on it yet). */
export function newCard(title: string, position: string): CardDto {
  return {
    ...{ id: newId(), rev: 0, position, title, description: '', tagIds: [], group: null, assignedTo: null },
    ...{ timeEntries: [], materialEntries: [] },
  };
}

export function emptyFields(name = 'Projekt'): ProjectFieldsDto {
  const fields: ProjectFieldsDto = {
    name,
    description: '',
    icon: 'briefcase',
    projectNumber: '',
    customerType: 'Allgemein',
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: [],
  };
  return fields;
}
