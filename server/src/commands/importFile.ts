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
import { walkJsonFile } from './jsonItems';

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

/** An image of a backup as far as it can be checked without its project (whose ids come from the whole file). */
function readImage(reader: Reader, raw: unknown, where: string, format: string): ImportedImage {
  if (!isRecord(raw) || typeof raw.dataUrl !== 'string') throw refused(format, where, de.api.validationFailed);
  return {
    id: reader.globalId(raw.id),
    projectId: reader.globalId(raw.projectId),
    name: asText(raw.name).trim().slice(0, 200) || 'Bild',
    dataUrl: raw.dataUrl,
    uploadedBy: reader.optionalGlobalId(raw.uploadedBy),
    uploadedByUsername: asText(raw.uploadedByUsername).slice(0, 100),
    createdAt: typeof raw.createdAt === 'string' && !Number.isNaN(Date.parse(raw.createdAt)) ? raw.createdAt : null,
  };
}

/** The arrays of a file read one item at a time; the rest of the file is small and read whole. */
type Section = 'projects' | 'templates' | 'images';
const SECTIONS: readonly Section[] = ['projects', 'templates', 'images'];

/** Where the file's content sits in the JSON: under `data` of a request body, at the top of a file. */
export interface ImportSource {
  file: string | null;
  root: readonly string[];
  /** The refusal of a file that is no JSON (the body parser's by default). */
  notJson?: string;
}

/**
 * What the first reading of a file found (readImportPlan): everything but the projects,
 * templates and images, which are read again one at a time while they are written
 * (readImportItems). The counters' changes are those of the whole file.
 */
export interface ImportPlan {
  kind: TransferKind;
  source: ImportSource;
  customerTypes: string[];
  tags: ImportedTag[];
  users: ImportedUser[];
  externalUsers: { id: string; name: string }[];
  projectGroups: (ProjectGroupInput & { id: string })[];
  rolePermissions: RolePermissionsUpdate | null;
  /** Customer types the projects and templates name (spelled as in the file). */
  namedCustomerTypes: string[];
  counts: Record<Section, number>;
  /** The sections in the order the file has them. */
  order: Section[];
  changes: string[];
}

function sectionPaths(kind: TransferKind, root: readonly string[]): Partial<Record<Section, readonly string[]>> {
  switch (kind) {
    case 'projects':
      return { projects: root };
    case 'templates':
      return { templates: root };
    case 'backup':
      return {
        projects: [...root, 'data', 'projects'],
        templates: [...root, 'data', 'templates'],
        images: [...root, 'data', 'images'],
      };
    default:
      return {};
  }
}

/** The JSON value at `path` of what the walk kept. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** A section's first problem, in the order the whole file was checked before it was streamed. */
class SectionCheck {
  shape: string | null = null;
  item: ApiError | null = null;
  itemIndex = -1;
  duplicate: ApiError | null = null;
  readonly ids = new Set<string>();

  problem(): ApiError | null {
    return this.item ?? this.duplicate;
  }
}

function readSectionItem(
  reader: Reader,
  section: Section,
  raw: unknown,
  index: number,
  format: string,
): ImportedProject | ImportedImage {
  if (section === 'images') return readImage(reader, raw, m.imageAt(index), format);
  const isTemplate = section === 'templates';
  const name = isRecord(raw) ? asText(raw.name) : '';
  return readProject(
    reader,
    raw,
    isTemplate,
    isTemplate ? m.templateAt(index, name) : m.projectAt(index, name),
    format,
  );
}

/**
 * Reads an import file (`source.file`, JSON) once as a stream and checks all of it with every
 * rule and message of spec sections 5 and 8, holding one project or image at a time; throws
 * the first problem in the order the parts were always checked (shape, projects, templates,
 * customer types, tags, the backup's other parts, images). `checkOuter` sees the JSON around
 * the file first (the request body's mode).
 */
export async function readImportPlan(
  kind: TransferKind,
  source: ImportSource,
  checkOuter: (outer: unknown) => void = () => undefined,
): Promise<ImportPlan> {
  const format = IMPORT_FORMAT_MESSAGES[kind];
  const reader = new Reader();
  const checks = Object.fromEntries(SECTIONS.map((section) => [section, new SectionCheck()])) as Record<
    Section,
    SectionCheck
  >;
  const counts: Record<Section, number> = { projects: 0, templates: 0, images: 0 };
  const named = new Map<string, string>();
  const imageProjects: string[] = [];
  const paths = sectionPaths(kind, source.root);
  const onItem = (section: Section) => (raw: unknown, index: number) => {
    counts[section]++;
    const check = checks[section];
    if (section !== 'images') {
      const problem = kind === section ? importShapeProblem(kind, [raw]) : null;
      if (problem !== null) check.shape ??= problem;
    }
    if (check.item) return;
    try {
      const item = readSectionItem(reader, section, raw, index, format);
      if ('projectId' in item) imageProjects[index] = item.projectId;
      else {
        const type = item.document.customerType;
        if (!named.has(type.toLocaleLowerCase('de'))) named.set(type.toLocaleLowerCase('de'), type);
        if (check.ids.has(item.id)) {
          const where = section === 'templates' ? m.templateAt : m.projectAt;
          check.duplicate ??= refused(format, where(index, item.document.name), de.projects.duplicateId);
        }
        check.ids.add(item.id);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      check.item = error;
      check.itemIndex = index;
    }
  };
  const { rest, order } = await walk(source, paths, onItem);
  checkOuter(rest ?? {});
  const data = valueAt(rest ?? {}, source.root);
  const shape = importShapeProblem(kind, data) ?? SECTIONS.map((section) => checks[section].shape).find(Boolean);
  if (shape) throw new ApiError(400, shape, 'validation');
  const content = kind === 'backup' ? (data as { data: Record<string, unknown> }).data : {};
  if (kind === 'backup' && content.projects !== undefined && !Array.isArray(content.projects))
    throw new ApiError(400, format, 'validation');
  for (const section of ['projects', 'templates'] as const) {
    const problem = checks[section].problem();
    if (problem) throw problem;
  }
  const plan: ImportPlan = {
    kind,
    source,
    customerTypes: [],
    tags: [],
    users: [],
    externalUsers: [],
    projectGroups: [],
    rolePermissions: null,
    namedCustomerTypes: [...named.values()],
    counts,
    order: SECTIONS.filter((section) => paths[section] && order.includes(paths[section].join('.'))).sort(
      (a, b) => order.indexOf(paths[a]!.join('.')) - order.indexOf(paths[b]!.join('.')),
    ),
    changes: [],
  };
  if (kind === 'customerTypes') plan.customerTypes = readCustomerTypes(data, format);
  if (kind === 'tags') plan.tags = readTags(reader, data, format);
  if (kind === 'backup') {
    plan.customerTypes = readCustomerTypes(content.customerTypes, format);
    plan.tags = content.tags === undefined ? [] : readTags(reader, content.tags, format);
    Object.assign(plan, readBackupParts(reader, content, format));
    const projectIds = new Set([...checks.projects.ids, ...checks.templates.ids]);
    const firstBad = imageProjects.findIndex((projectId) => projectId !== undefined && !projectIds.has(projectId));
    const { item, itemIndex } = checks.images;
    if (firstBad !== -1 && (item === null || firstBad < itemIndex))
      throw refused(format, m.imageAt(firstBad), m.imageProjectMissing);
    if (item) throw item;
  }
  plan.changes = reader.changes();
  return plan;
}

async function walk(
  source: ImportSource,
  paths: Partial<Record<Section, readonly string[]>>,
  onItem: (section: Section) => (raw: unknown, index: number) => void | Promise<void>,
) {
  if (source.file === null) return { rest: undefined, order: [] };
  const arrays = SECTIONS.filter((section) => paths[section]).map((section) => ({
    path: paths[section]!,
    onItem: onItem(section),
  }));
  try {
    return await walkJsonFile(source.file, arrays);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, source.notJson ?? de.api.validationFailed, 'validation');
  }
}

export interface ImportItemHandlers {
  projects?: (project: ImportedProject) => Promise<void>;
  templates?: (project: ImportedProject) => Promise<void>;
  images?: (image: ImportedImage) => Promise<void>;
}

/**
 * Reads the projects, templates and images of a checked file again, one at a time, for the
 * handlers: projects first, then templates, then images (one pass over the file where the
 * file has them in that order, as every export does; one more pass for each that comes
 * earlier). The same rules apply, so the items are those the check saw.
 */
export async function readImportItems(plan: ImportPlan, handlers: ImportItemHandlers): Promise<void> {
  const format = IMPORT_FORMAT_MESSAGES[plan.kind];
  const reader = new Reader();
  const paths = sectionPaths(plan.kind, plan.source.root);
  let pending = SECTIONS.filter((section) => handlers[section] && plan.order.includes(section));
  while (pending.length > 0) {
    // The longest run of the pending sections that the file has in this order: one pass.
    const pass: Section[] = [];
    for (const section of pending)
      if (pass.length === 0 || plan.order.indexOf(section) > plan.order.indexOf(pass[pass.length - 1]!))
        pass.push(section);
      else break;
    pending = pending.slice(pass.length);
    const picked = Object.fromEntries(pass.map((section) => [section, paths[section]]));
    await walk(plan.source, picked, (section) => async (raw, index) => {
      const item = readSectionItem(reader, section, raw, index, format);
      if (section === 'images') await handlers.images!(item as ImportedImage);
      else await handlers[section]!(item as ImportedProject);
    });
  }
}
