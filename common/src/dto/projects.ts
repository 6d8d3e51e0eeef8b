import type { Role } from '../domain/roles';

/**
 * The project document: the whole project as GET and PUT /api/projects/{id} carry it
 * (spec sections 3 and 7, architecture decision 4). The server stores it normalised and
 * merges concurrent writes entity by entity:
 *
 * - `revision` is the project's revision as the client read it; a PUT sends it back
 *   unchanged, whatever the client edited since.
 * - Every nested entity has a client-generated UUID `id` and `rev`, the project revision at
 *   which it last changed. A client never changes `rev`; a new entity has `rev: 0`.
 * - Card and column order is a per-entity sort key (`position`, see sortKey.ts), so two
 *   people moving different cards both keep their moves.
 * - Time entries, notes and change-log entries carry their author; the server sets the
 *   author of new ones to the caller, whatever the client sent.
 */

export type ProjectStatus = 'active' | 'completed' | 'archived';

/** Appointment statuses (spec section 4); a missing status counts as active. */
export const APPOINTMENT_STATUSES = ['active', 'attended', 'not_attended', 'cancelled', 'client_not_present'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The icon set of spec section 3. */
export const PROJECT_ICONS = [
  'briefcase',
  'home',
  'building',
  'zap',
  'clipboard',
  'settings',
  'edit',
  'save',
  'calendar',
  'users',
  'kwp-export',
  'log-out',
  'camera',
  'share',
  'mail',
  'user',
  'clock',
  'truck',
  'message-square',
  'box',
  'download',
  'search',
  'shield',
  'folder',
  'archive',
  'grid',
] as const;
export type ProjectIcon = (typeof PROJECT_ICONS)[number];
export const DEFAULT_PROJECT_ICON: ProjectIcon = 'briefcase';
export const DEFAULT_TEMPLATE_ICON: ProjectIcon = 'clipboard';

/** Preset note headings (spec section 9). */
export const NOTE_HEADINGS = ['Materialbedarf', 'Informationen', 'Notiz'] as const;

/** The columns of a new template and of the seeded global template (spec section 9). */
export const DEFAULT_COLUMN_TITLES = ['To Do', 'In Bearbeitung', 'Erledigt'] as const;

/** External workers are assigned as 'ext-<id>' (spec section 3). */
export const EXTERNAL_ASSIGNEE_PREFIX = 'ext-';

export interface TimeEntryDto {
  id: string;
  rev: number;
  /** null when the author's account was deleted; the username stays. */
  userId: string | null;
  username: string;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  hours: number;
}

export interface MaterialEntryDto {
  id: string;
  rev: number;
  quantity: number;
  unit: string;
  name: string;
}

export interface CardDto {
  id: string;
  rev: number;
  /** Sort key inside the column. */
  position: string;
  title: string;
  description: string;
  tagIds: string[];
  /** Task group name, one of the project's cardGroups, or null. */
  group: string | null;
  /** A user id, 'ext-<external worker id>', or null. */
  assignedTo: string | null;
  timeEntries: TimeEntryDto[];
  materialEntries: MaterialEntryDto[];
}

export interface ColumnDto {
  id: string;
  rev: number;
  position: string;
  title: string;
  cards: CardDto[];
}

export interface AppointmentDto {
  id: string;
  rev: number;
  title: string;
  /** Local date and time, YYYY-MM-DDTHH:mm (time defaults to 00:00). */
  date: string;
  status: AppointmentStatus;
  contactName: string;
  contactPhone: string;
  tagIds: string[];
  notes: string;
}

export interface NoteDto {
  id: string;
  rev: number;
  title: string;
  content: string;
  authorId: string | null;
  authorUsername: string;
  timestamp: string;
}

/**
 * The customer's sign-off ('Abnahme durch den Kunden') of a card (`cardId`) or of the whole
 * project (`cardId` null). It seals the entries it covers: they can no longer be changed or
 * deleted (server-enforced in the merge); a correction is a new entry. It cannot be edited;
 * revoking deletes it.
 */
export interface SignoffDto {
  id: string;
  rev: number;
  cardId: string | null;
  signerName: string;
  /** ISO time of the signature, on the device that collected it (maybe offline). */
  signedAt: string;
  /** The signature as SVG path data ('M x y L x y …') in a SIGNATURE_BOX-sized box. */
  signature: string;
  coveredTimeEntryIds: string[];
  coveredMaterialEntryIds: string[];
  /** Who collected it; set by the server from the writer. */
  collectedById: string | null;
  collectedByName: string;
}

/** The drawing box of a signature's path data (the pad scales into it, the PDF out of it). */
export const SIGNATURE_BOX = { width: 600, height: 200 } as const;

export interface ChangeLogEntryDto {
  id: string;
  timestamp: string;
  userId: string | null;
  username: string;
  /** Free German text, e.g. 'hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.' */
  action: string;
}

/** The project's own fields that a PUT may change (with can_edit_projects). */
export interface ProjectFieldsDto {
  name: string;
  description: string;
  icon: ProjectIcon;
  projectNumber: string;
  customerType: string;
  groupId: string | null;
  /** Task group name to user id (or 'ext-…'): assigning a group assigns its cards. */
  groupAssignments: Record<string, string>;
  thumbnailImageId: string | null;
  tagIds: string[];
  /** Task group names, unique case-insensitively. */
  cardGroups: string[];
}

export const PROJECT_FIELD_KEYS = [
  'name',
  'description',
  'icon',
  'projectNumber',
  'customerType',
  'groupId',
  'groupAssignments',
  'thumbnailImageId',
  'tagIds',
  'cardGroups',
] as const satisfies readonly (keyof ProjectFieldsDto)[];

/** A person of the project's team as the board shows them (header avatars, assignment). */
export interface ProjectMemberDto {
  id: string;
  username: string;
  usernameColor: string;
  role: Role;
  teamRole: 'owner' | 'deputy' | 'member';
}

export interface ProjectDocument extends ProjectFieldsDto {
  id: string;
  revision: number;
  isTemplate: boolean;
  status: ProjectStatus;
  /** Fields only the team and archive routes change; a PUT never does. */
  ownerId: string | null;
  ownerUsername: string | null;
  deputyOwnerId: string | null;
  memberIds: string[];
  /** Owner, deputy and members with their names; read-only, derived by the server. */
  team: ProjectMemberDto[];
  columns: ColumnDto[];
  appointments: AppointmentDto[];
  notes: NoteDto[];
  /** Customer sign-offs, oldest first. */
  signoffs: SignoffDto[];
  /** Newest first. Only the owner, Admin and Firmenleiter receive it; others get []. */
  changeLog: ChangeLogEntryDto[];
  /** ISO time of the last change (the newest change-log entry, else the last write). */
  lastModified: string;
  createdAt: string;
}

/** A project in lists (GET /api/projects, GET /api/projects/archived). */
export interface ProjectSummaryDto {
  id: string;
  revision: number;
  name: string;
  description: string;
  icon: ProjectIcon;
  projectNumber: string;
  customerType: string;
  status: ProjectStatus;
  ownerId: string | null;
  ownerUsername: string | null;
  deputyOwnerId: string | null;
  memberIds: string[];
  groupId: string | null;
  tagIds: string[];
  thumbnailImageId: string | null;
  cardCount: number;
  /** Cards in the last column. */
  doneCount: number;
  lastModified: string;
  createdAt: string;
}

/** POST /api/projects answer and the template choice of the dashboard. */
export interface TemplateSummaryDto {
  id: string;
  name: string;
  description: string;
  icon: ProjectIcon;
  customerType: string;
  ownerId: string | null;
  ownerUsername: string | null;
  columnTitles: string[];
}

/** A column without its cards, as a delta carries it. */
export type ColumnDeltaDto = Omit<ColumnDto, 'cards'>;
/** A card without its entries, naming its column, as a delta carries it. */
export type CardDeltaDto = Omit<CardDto, 'timeEntries' | 'materialEntries'> & { columnId: string };
export type TimeEntryDeltaDto = TimeEntryDto & { cardId: string };
export type MaterialEntryDeltaDto = MaterialEntryDto & { cardId: string };

/** Entities changed (new or different) and deleted, flat: each child names its parent. */
export interface ProjectEntitiesDelta {
  columns: ColumnDeltaDto[];
  cards: CardDeltaDto[];
  timeEntries: TimeEntryDeltaDto[];
  materialEntries: MaterialEntryDeltaDto[];
  appointments: AppointmentDto[];
  notes: NoteDto[];
  /** Customer sign-offs; `cardId` is the card signed (not a parent: a sign-off is not nested in its card). */
  signoffs: SignoffDto[];
  /** Ids of deleted entities (of any kind). */
  deleted: string[];
}

/** The document's header: everything but the nested entities and the change log. */
export type ProjectHeaderDto = Omit<ProjectDocument, 'columns' | 'appointments' | 'notes' | 'signoffs' | 'changeLog'>;

/**
 * What changed in a project since revision `since` (GET /api/projects/{id}?since=N, and the
 * answer of PATCH /api/projects/{id}): the header as it is now, the entities changed or
 * deleted after `since`, and the change-log entries written after it (newest first; [] for
 * who may not see the log).
 */
export interface ProjectDeltaDto extends ProjectHeaderDto, ProjectEntitiesDelta {
  kind: 'delta';
  since: number;
  changeLog: ChangeLogEntryDto[];
}

/** A delta, or the whole document when the server's history does not reach back to `since`. */
export type ProjectChangesDto = ProjectDeltaDto | { kind: 'document'; document: ProjectDocument };

/**
 * PATCH /api/projects/{id}: a save that carries only what the writer changed since the
 * revision its copy is based on. `fields`: the project's fields as the writer has them, only
 * when it changed one. A changed child comes with its parents as the writer read them.
 */
export interface ProjectDeltaRequest extends ProjectEntitiesDelta {
  revision: number;
  fields?: ProjectFieldsDto;
}
