import { createHash, randomUUID } from 'node:crypto';
import {
  backupUserSchema,
  type BackupUserInput,
  de,
  DEFAULT_PROJECT_ICON,
  DEFAULT_TEMPLATE_ICON,
  EXTERNAL_ASSIGNEE_PREFIX,
  externalUserSchema,
  importShapeProblem,
  IMPORT_FORMAT_MESSAGES,
  isIsoDay,
  isUuid,
  placeInArrayOrder,
  PROJECT_ICONS,
  projectDocumentSchema,
  type ProjectDocumentInput,
  projectGroupSchema,
  type ProjectGroupInput,
  type ProjectStatus,
  rolePermissionsUpdateSchema,
  type RolePermissionsUpdate,
  tagCreateSchema,
  type TagCreateRequest,
  textProblem,
  type TransferKind,
  UUID_PATTERN,
  validate,
} from '@werkboard/common';
import { ApiError } from '../errors';

/**
 * Reads an import file into checked parts, without I/O (docs/decisions.md, "Imports"). Files
 * of the existing product import too: ids that are not UUIDs are re-keyed (the same old id
 * always gives the same UUID, so references inside a file and across files stay intact),
 * cards and columns without sort keys are placed by array order, dates with a time zone are
 * turned into Europe/Berlin days and times, 'ext-…' assignees keep their prefix. Every such
 * change is counted and listed in the answer. The first rule a part breaks is a 400 with the
 * spec's format message and where it is.
 */

const m = de.transfer;
const c = m.changes;
const ZONE = 'Europe/Berlin';

export interface ImportedProject {
  id: string;
  /** The revision it is written at (set by the importer). */
  revision: number;
  isTemplate: boolean;
  status: ProjectStatus;
  ownerId: string | null;
  deputyOwnerId: string | null;
  memberIds: string[];
  createdAt: string | null;
  document: ProjectDocumentInput;
}

export interface ImportedTag extends TagCreateRequest {
  id: string;
}

export interface ImportedImage {
  id: string;
  projectId: string;
  name: string;
  dataUrl: string;
  uploadedBy: string | null;
  uploadedByUsername: string;
  createdAt: string | null;
}

export interface ImportedUser extends BackupUserInput {
  id: string;
}

export interface ImportedFile {
  projects: ImportedProject[];
  templates: ImportedProject[];
  customerTypes: string[];
  tags: ImportedTag[];
  images: ImportedImage[];
  users: ImportedUser[];
  externalUsers: { id: string; name: string }[];
  projectGroups: (ProjectGroupInput & { id: string })[];
  rolePermissions: RolePermissionsUpdate | null;
  /** What was changed to make the file fit, in German. */
  changes: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A UUID derived from an old id (name-based, version 5 layout), the same for the same id. */
export function derivedUuid(oldId: string): string {
  const hex = createHash('sha1').update(`werkboard-import:${oldId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A date-time with a zone, as day and time on the wall clock in Germany. */
function berlinParts(value: string): { day: string; time: string } | null {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(time));
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

class Reader {
  private rekeyed = 0;
  private duplicates = 0;
  private ordered = 0;
  private dates = 0;
  private icons = 0;
  private timestamps = 0;
  private readonly entityIds = new Set<string>();

  /** Ids that name the same thing across the file: projects, tags, users, images, groups. */
  globalId(value: unknown): string {
    const text = typeof value === 'number' ? String(value) : asText(value).trim();
    if (isUuid(text)) return text.toLowerCase();
    this.rekeyed++;
    return text === '' ? randomUUID() : derivedUuid(text);
  }

  optionalGlobalId(value: unknown): string | null {
    return value === null || value === undefined || value === '' ? null : this.globalId(value);
  }

  /** A user id or 'ext-<id>' of an external worker. */
  assignee(value: unknown): string | null {
    const text = typeof value === 'number' ? String(value) : asText(value).trim();
    if (text === '') return null;
    if (text.toLowerCase().startsWith(EXTERNAL_ASSIGNEE_PREFIX))
      return `${EXTERNAL_ASSIGNEE_PREFIX}${this.globalId(text.slice(EXTERNAL_ASSIGNEE_PREFIX.length))}`;
    return this.globalId(text);
  }

  /** Ids of a project's entities: unique in the whole file (a copy elsewhere gets a new one). */
  entityId(projectId: string, value: unknown): string {
    const text = typeof value === 'number' ? String(value) : asText(value).trim();
    let id: string;
    if (UUID_PATTERN.test(text)) id = text.toLowerCase();
    else {
      this.rekeyed++;
      id = text === '' ? randomUUID() : derivedUuid(`${projectId}/${text}`);
    }
    if (this.entityIds.has(id)) {
      this.duplicates++;
      id = randomUUID();
    }
    this.entityIds.add(id);
    return id;
  }

  /** Sort keys in array order where any of the siblings has none. */
  positions<T extends Record<string, unknown>>(list: T[]): T[] {
    const { items, made } = placeInArrayOrder(list);
    this.ordered += made;
    return items;
  }

  day(value: unknown): unknown {
    if (typeof value !== 'string' || isIsoDay(value)) return value;
    const parts = berlinParts(value);
    if (!parts) return value;
    this.dates++;
    return parts.day;
  }

  dayTime(value: unknown): unknown {
    if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value.trim())) return value;
    const parts = berlinParts(value);
    if (!parts) return value;
    this.dates++;
    return `${parts.day}T${parts.time}`;
  }

  icon(value: unknown, isTemplate: boolean): string {
    if (typeof value === 'string' && (PROJECT_ICONS as readonly string[]).includes(value)) return value;
    if (value !== undefined && value !== null) this.icons++;
    return isTemplate ? DEFAULT_TEMPLATE_ICON : DEFAULT_PROJECT_ICON;
  }

  timestamp(value: unknown): string {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    this.timestamps++;
    return new Date().toISOString();
  }

  changes(): string[] {
    const changes: string[] = [];
    if (this.rekeyed) changes.push(c.idsRekeyed(this.rekeyed));
    if (this.duplicates) changes.push(c.idsDuplicated(this.duplicates));
    if (this.ordered) changes.push(c.positionsDerived(this.ordered));
    if (this.dates) changes.push(c.datesNormalised(this.dates));
    if (this.icons) changes.push(c.iconsDefaulted(this.icons));
    if (this.timestamps) changes.push(c.timestampsAdded(this.timestamps));
    return changes;
  }
}

function refused(format: string, where: string, detail: string): ApiError {
  return new ApiError(400, m.itemInvalid(format, where, detail), 'validation');
}

const PROJECT_STATUSES: readonly ProjectStatus[] = ['active', 'completed', 'archived'];

function readProject(reader: Reader, raw: unknown, isTemplate: boolean, where: string, format: string) {
  if (!isRecord(raw)) throw refused(format, where, de.api.validationFailed);
  const id = reader.globalId(raw.id);
  const columns = reader.positions(asArray(raw.columns).filter(isRecord)).map((column) => ({
    ...column,
    id: reader.entityId(id, column.id),
    rev: 0,
    cards: reader.positions(asArray(column.cards).filter(isRecord)).map((card) => ({
      ...card,
      id: reader.entityId(id, card.id),
      rev: 0,
      tagIds: asArray(card.tagIds).map((tagId) => reader.globalId(tagId)),
      assignedTo: reader.assignee(card.assignedTo),
      timeEntries: asArray(card.timeEntries)
        .filter(isRecord)
        .map((entry) => ({
          ...entry,
          id: reader.entityId(id, entry.id),
          rev: 0,
          userId: reader.optionalGlobalId(entry.userId),
          date: reader.day(entry.date),
        })),
      materialEntries: asArray(card.materialEntries)
        .filter(isRecord)
        .map((entry) => ({ ...entry, id: reader.entityId(id, entry.id), rev: 0 })),
    })),
  }));
  const prepared = {
    ...raw,
    revision: 0,
    icon: reader.icon(raw.icon, isTemplate),
    groupId: reader.optionalGlobalId(raw.groupId),
    thumbnailImageId: reader.optionalGlobalId(raw.thumbnailImageId),
    tagIds: asArray(raw.tagIds).map((tagId) => reader.globalId(tagId)),
    groupAssignments: Object.fromEntries(
      Object.entries(isRecord(raw.groupAssignments) ? raw.groupAssignments : {}).map(([group, who]) => [
        group,
        reader.assignee(who),
      ]),
    ),
    columns,
    appointments: asArray(raw.appointments)
      .filter(isRecord)
      .map((appointment) => ({
        ...appointment,
        id: reader.entityId(id, appointment.id),
        rev: 0,
        date: reader.dayTime(appointment.date),
        tagIds: asArray(appointment.tagIds).map((tagId) => reader.globalId(tagId)),
      })),
    notes: asArray(raw.notes)
      .filter(isRecord)
      .map((note) => ({
        ...note,
        id: reader.entityId(id, note.id),
        rev: 0,
        authorId: reader.optionalGlobalId(note.authorId),
        timestamp: reader.timestamp(note.timestamp),
      })),
    // Sign-offs are restored as they are (an Admin's restore); their references are our own UUIDs.
    signoffs: asArray(raw.signoffs)
      .filter(isRecord)
      .map((signoff) => ({
        ...signoff,
        id: reader.entityId(id, signoff.id),
        rev: 0,
        collectedById: reader.optionalGlobalId(signoff.collectedById),
      })),
    changeLog: asArray(raw.changeLog)
      .filter(isRecord)
      .map((entry) => ({
        ...entry,
        id: reader.entityId(id, entry.id),
        userId: reader.optionalGlobalId(entry.userId),
        timestamp: reader.timestamp(entry.timestamp),
      })),
  };
  // groupAssignments with an empty assignee are dropped, not refused.
  for (const [group, who] of Object.entries(prepared.groupAssignments))
    if (who === null) delete prepared.groupAssignments[group];
  const result = validate(projectDocumentSchema, prepared);
  if (!result.ok) throw refused(format, where, result.message);
  if (isTemplate && result.value.signoffs.length > 0) throw refused(format, where, de.projects.signoff.inTemplate);
  const status = PROJECT_STATUSES.includes(raw.status as ProjectStatus) ? (raw.status as ProjectStatus) : 'active';
  return {
    id,
    revision: 0,
    isTemplate,
    status: isTemplate && status === 'completed' ? 'active' : status,
    ownerId: reader.optionalGlobalId(raw.ownerId),
    deputyOwnerId: reader.optionalGlobalId(raw.deputyOwnerId),
    memberIds: [...new Set(asArray(raw.memberIds).map((member) => reader.globalId(member)))],
    createdAt: typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt)) ? raw.createdAt : null,
    document: result.value,
  };
}

function readProjects(reader: Reader, data: unknown, isTemplate: boolean, format: string): ImportedProject[] {
  const projects = asArray(data).map((raw, index) => {
    const name = isRecord(raw) ? asText(raw.name) : '';
    const where = isTemplate ? m.templateAt(index, name) : m.projectAt(index, name);
    return readProject(reader, raw, isTemplate, where, format);
  });
  const seen = new Set<string>();
  for (const [index, project] of projects.entries()) {
    if (seen.has(project.id))
      throw refused(
        format,
        isTemplate ? m.templateAt(index, project.document.name) : m.projectAt(index, project.document.name),
        de.projects.duplicateId,
      );
    seen.add(project.id);
  }
  return projects;
}

function readCustomerTypes(data: unknown, format: string): string[] {
  const names = new Map<string, string>();
  for (const [index, raw] of asArray(data).entries()) {
    const name = asText(raw).trim();
    const problem = name === '' ? de.organisation.customerTypes.nameRequired : textProblem(name, 'name');
    if (problem !== null) throw refused(format, `${index + 1}`, problem);
    if (name.length > 100) throw refused(format, `${index + 1}`, de.organisation.customerTypes.nameTooLong);
    if (!names.has(name.toLocaleLowerCase('de'))) names.set(name.toLocaleLowerCase('de'), name);
  }
  return [...names.values()];
}

function readTags(reader: Reader, data: unknown, format: string): ImportedTag[] {
  if (!isRecord(data)) throw new ApiError(400, format, 'validation');
  const tags: ImportedTag[] = [];
  for (const [customerType, list] of Object.entries(data)) {
    if (!Array.isArray(list)) throw refused(format, `„${customerType}“`, de.api.validationFailed);
    for (const [index, raw] of list.entries()) {
      const where = m.tagAt(customerType, index);
      if (!isRecord(raw)) throw refused(format, where, de.api.validationFailed);
      const result = validate(tagCreateSchema, { ...raw, customerType });
      if (!result.ok) throw refused(format, where, result.message);
      tags.push({ id: reader.globalId(raw.id), ...result.value });
    }
  }
  return tags;
}

function readBackupParts(reader: Reader, data: Record<string, unknown>, format: string) {
  const users = asArray(data.users).map((raw, index) => {
    if (!isRecord(raw)) throw refused(format, m.userAt(index), de.api.validationFailed);
    const result = validate(backupUserSchema, raw);
    if (!result.ok) throw refused(format, m.userAt(index), result.message);
    return { id: reader.globalId(raw.id), ...result.value };
  });
  const externalUsers = asArray(data.externalUsers).map((raw, index) => {
    const result = validate(externalUserSchema, raw);
    if (!result.ok || !isRecord(raw)) throw refused(format, `${index + 1}`, result.ok ? '' : result.message);
    const id = asText(raw.id).replace(/^ext-/i, '') || (typeof raw.id === 'number' ? String(raw.id) : '');
    return { id: reader.globalId(id), name: result.value.name };
  });
  const projectGroups = asArray(data.projectGroups).map((raw, index) => {
    const result = validate(projectGroupSchema, raw);
    if (!result.ok || !isRecord(raw)) throw refused(format, `${index + 1}`, result.ok ? '' : result.message);
    return { id: reader.globalId(raw.id), ...result.value };
  });
  let rolePermissions: RolePermissionsUpdate | null = null;
  if (data.rolePermissions !== undefined && data.rolePermissions !== null) {
    const result = validate(rolePermissionsUpdateSchema, data.rolePermissions);
    if (!result.ok) throw refused(format, 'rolePermissions', result.message);
    rolePermissions = result.value;
  }
  return { users, externalUsers, projectGroups, rolePermissions };
}

function readImages(reader: Reader, data: unknown, projectIds: Set<string>, format: string): ImportedImage[] {
  return asArray(data).map((raw, index) => {
    const where = m.imageAt(index);
    if (!isRecord(raw) || typeof raw.dataUrl !== 'string') throw refused(format, where, de.api.validationFailed);
    const projectId = reader.globalId(raw.projectId);
    if (!projectIds.has(projectId)) throw refused(format, where, m.imageProjectMissing);
    const name = asText(raw.name).trim().slice(0, 200) || 'Bild';
    return {
      id: reader.globalId(raw.id),
      projectId,
      name,
      dataUrl: raw.dataUrl,
      uploadedBy: reader.optionalGlobalId(raw.uploadedBy),
      uploadedByUsername: asText(raw.uploadedByUsername).slice(0, 100),
      createdAt: typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt)) ? raw.createdAt : null,
    };
  });
}

function emptyFile(): ImportedFile {
  return {
    projects: [],
    templates: [],
    customerTypes: [],
    tags: [],
    images: [],
    users: [],
    externalUsers: [],
    projectGroups: [],
    rolePermissions: null,
    changes: [],
  };
}

/** The checked content of an import file of this kind; 400 with the spec's message otherwise. */
export function readImportFile(kind: TransferKind, data: unknown): ImportedFile {
  const format = IMPORT_FORMAT_MESSAGES[kind];
  const problem = importShapeProblem(kind, data);
  if (problem !== null) throw new ApiError(400, problem, 'validation');
  const reader = new Reader();
  const file = emptyFile();
  switch (kind) {
    case 'projects':
      file.projects = readProjects(reader, data, false, format);
      break;
    case 'templates':
      file.templates = readProjects(reader, data, true, format);
      break;
    case 'customerTypes':
      file.customerTypes = readCustomerTypes(data, format);
      break;
    case 'tags':
      file.tags = readTags(reader, data, format);
      break;
    case 'backup': {
      const content = (data as { data: Record<string, unknown> }).data;
      if (content.projects !== undefined && !Array.isArray(content.projects))
        throw new ApiError(400, format, 'validation');
      file.projects = readProjects(reader, content.projects, false, format);
      file.templates = readProjects(reader, content.templates, true, format);
      file.customerTypes = readCustomerTypes(content.customerTypes, format);
      file.tags = content.tags === undefined ? [] : readTags(reader, content.tags, format);
      Object.assign(file, readBackupParts(reader, content, format));
      const projectIds = new Set([...file.projects, ...file.templates].map((project) => project.id));
      file.images = readImages(reader, content.images, projectIds, format);
      break;
    }
  }
  file.changes = reader.changes();
  return file;
}
