import { z } from 'zod';
import { DEFAULT_CUSTOMER_TYPE } from '../domain/constants';
import { IDEMPOTENCY_KEY_PATTERN } from '../domain/idempotencyKey';
import { PROJECT_LIMITS, SAVE_BATCH_LIMITS, utf8Bytes } from '../domain/projectLimits';
import { isUuid, UUID_PATTERN } from '../domain/uuid';
import { BODY_ERROR, textField, type TextKind } from './fields';
import {
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  EXTERNAL_ASSIGNEE_PREFIX,
  PROJECT_ICONS,
  type ProjectIcon,
  SIGNATURE_BOX,
} from '../dto/projects';
import { projectMessages as m } from '../messages/projects';
import { placeInArrayOrder, SORT_KEY_MAX_LENGTH, SORT_KEY_PATTERN } from '../domain/sortKey';
import { isIsoDay, isIsoDayTime, parseHoursInput, parseQuantityInput } from '../domain/typedInput';

/**
 * Request schemas of the project routes, shared by the server (400 with the spec's German
 * message) and the renderer's forms. The document schema checks shape and the rules of
 * spec section 5; who may change what is the merge's business (server/src/commands).
 */

export const uuidSchema = z
  .string({ error: m.idInvalid })
  .regex(UUID_PATTERN, { error: m.idInvalid })
  .transform((id) => id.toLowerCase());
const rev = z
  .number({ error: m.documentInvalid })
  .int({ error: m.documentInvalid })
  .min(0, { error: m.documentInvalid });
const position = z
  .string({ error: m.positionInvalid })
  .max(SORT_KEY_MAX_LENGTH, { error: m.positionInvalid })
  .regex(SORT_KEY_PATTERN, { error: m.positionInvalid });

function text(label: string, max: number, kind: TextKind = 'line') {
  return textField(kind, m.documentInvalid)
    .max(max, { error: m.tooLong(label, max) })
    .nullish()
    .transform((value) => value ?? '');
}

function requiredText(message: string, label: string, max: number, kind: TextKind = 'line') {
  return textField(kind, message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: m.tooLong(label, max) });
}

const tagIds = z
  .array(textField('line', m.documentInvalid).max(100, { error: m.documentInvalid }), { error: m.documentInvalid })
  .max(PROJECT_LIMITS.tags, { error: m.tooMany('Tags', PROJECT_LIMITS.tags) })
  .nullish()
  .transform((value) => [...new Set(value ?? [])]);

/** A user id or 'ext-<external worker id>'. */
const assignee = z
  .string({ error: m.documentInvalid })
  .transform((id) => id.toLowerCase())
  .refine((id) => isUuid(id.startsWith(EXTERNAL_ASSIGNEE_PREFIX) ? id.slice(EXTERNAL_ASSIGNEE_PREFIX.length) : id), {
    error: m.documentInvalid,
  });

/**
 * A number the board's forms read with `read` (typedInput.ts), refused with `message`: the form
 * and the server apply the same rules, the form without loading zod.
 */
function typedNumber(read: (value: unknown) => number | null, message: string) {
  return z.unknown().transform((value, context) => {
    const number = read(value);
    if (number !== null) return number;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

/** Hours of a time entry: > 0, comma accepted, stored with two decimals. */
export const hoursSchema = typedNumber(parseHoursInput, m.hoursInvalid);

export const quantitySchema = typedNumber(parseQuantityInput, m.materialInvalid);

/** Fields the server owns (authors, times): read back from the client but never trusted. */
const nullableText = textField('line', m.documentInvalid)
  .max(200, { error: m.documentInvalid })
  .nullish()
  .transform((value) => value ?? null);
const emptyText = textField('line', m.documentInvalid)
  .max(200, { error: m.documentInvalid })
  .nullish()
  .transform((value) => value ?? '');

export const timeEntrySchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  userId: nullableText,
  username: emptyText,
  date: z.string({ error: m.dateInvalid }).refine(isIsoDay, { error: m.dateInvalid }),
  hours: hoursSchema,
});

export const materialEntrySchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  quantity: quantitySchema,
  unit: textField('line', m.materialInvalid)
    .trim()
    .max(PROJECT_LIMITS.unit, { error: m.tooLong('Die Einheit', PROJECT_LIMITS.unit) })
    .nullish()
    .transform((value) => value ?? ''),
  name: requiredText(m.materialInvalid, 'Der Materialname', PROJECT_LIMITS.title),
});

export const cardSchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  // Placed by array order when missing (projectDocumentSchema).
  position: position.optional(),
  title: requiredText(m.cardTitleRequired, 'Der Titel der Aufgabe', PROJECT_LIMITS.title),
  description: text('Die Beschreibung', PROJECT_LIMITS.text, 'multiLine'),
  tagIds,
  group: textField('line', m.documentInvalid)
    .trim()
    .max(PROJECT_LIMITS.title, { error: m.documentInvalid })
    .nullish()
    .transform((value) => (value ? value : null)),
  assignedTo: assignee.nullish().transform((value) => value ?? null),
  timeEntries: z
    .array(timeEntrySchema, { error: m.documentInvalid })
    .max(PROJECT_LIMITS.entriesPerCard, { error: m.tooMany('Zeiteinträge', PROJECT_LIMITS.entriesPerCard) })
    .default([]),
  materialEntries: z
    .array(materialEntrySchema, { error: m.documentInvalid })
    .max(PROJECT_LIMITS.entriesPerCard, { error: m.tooMany('Materialeinträge', PROJECT_LIMITS.entriesPerCard) })
    .default([]),
});

export const columnSchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  position: position.optional(),
  title: requiredText(m.columnTitleRequired, 'Der Spaltenname', PROJECT_LIMITS.title),
  cards: z.array(cardSchema, { error: m.documentInvalid }).default([]),
});

const appointmentStatus = z
  .enum(APPOINTMENT_STATUSES, { error: m.appointmentStatusInvalid })
  .nullish()
  .transform((status): AppointmentStatus => status ?? 'active');

export const appointmentSchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  title: requiredText(m.appointmentInvalid, 'Der Titel des Termins', PROJECT_LIMITS.title),
  date: z
    .string({ error: m.appointmentInvalid })
    .trim()
    // A date without a time means 00:00 (spec section 5).
    .transform((value) => (isIsoDay(value) ? `${value}T00:00` : value))
    .refine(isIsoDayTime, { error: m.appointmentInvalid }),
  status: appointmentStatus,
  contactName: text('Der Ansprechpartner', PROJECT_LIMITS.contact),
  contactPhone: text('Die Telefonnummer', PROJECT_LIMITS.contact),
  tagIds,
  notes: text('Die Notizen', PROJECT_LIMITS.text, 'multiLine'),
});

export const noteSchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  title: requiredText(m.noteInvalid, 'Die Überschrift', PROJECT_LIMITS.title),
  content: requiredText(m.noteInvalid, 'Der Inhalt', PROJECT_LIMITS.text, 'multiLine'),
  authorId: nullableText,
  authorUsername: emptyText,
  timestamp: emptyText,
});

/** Absolute moves and lines only, in numbers: nothing a PDF or SVG renderer could run. */
const SIGNATURE_PATH = /^(?:[ML] ?-?\d+(?:\.\d+)? -?\d+(?:\.\d+)? ?)+$/;

/** Every point of the path inside SIGNATURE_BOX. */
function insideSignatureBox(path: string): boolean {
  const numbers = path.match(/-?\d+(?:\.\d+)?/g) ?? [];
  return numbers.every((value, index) => {
    const number = Number(value);
    return number >= 0 && number <= (index % 2 === 0 ? SIGNATURE_BOX.width : SIGNATURE_BOX.height);
  });
}

const coveredIds = (label: string) =>
  z
    .array(uuidSchema, { error: m.signoff.invalid })
    .max(PROJECT_LIMITS.entriesPerCard * 10, { error: m.tooMany(label, PROJECT_LIMITS.entriesPerCard * 10) })
    .default([])
    .transform((ids) => [...new Set(ids)]);

export const signoffSchema = z.object({
  id: uuidSchema,
  rev: rev.default(0),
  cardId: uuidSchema.nullish().transform((value) => value ?? null),
  signerName: requiredText(m.signoff.signerRequired, 'Der Name des Unterzeichners', PROJECT_LIMITS.signerName, 'name'),
  signedAt: z
    .string({ error: m.signoff.invalid })
    .max(40, { error: m.signoff.invalid })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: m.signoff.invalid })
    .transform((value) => new Date(value).toISOString()),
  signature: z
    .string({ error: m.signoff.signatureRequired })
    .min(1, { error: m.signoff.signatureRequired })
    .max(PROJECT_LIMITS.signature, { error: m.signoff.signatureTooLong })
    .regex(SIGNATURE_PATH, { error: m.signoff.invalid })
    .refine(insideSignatureBox, { error: m.signoff.invalid }),
  coveredTimeEntryIds: coveredIds('Zeiteinträge'),
  coveredMaterialEntryIds: coveredIds('Materialeinträge'),
  collectedById: nullableText,
  collectedByName: emptyText,
});

export const changeLogEntrySchema = z.object({
  id: uuidSchema,
  timestamp: textField('line', m.changeLogInvalid).refine((value) => !Number.isNaN(Date.parse(value)), {
    error: m.changeLogInvalid,
  }),
  userId: nullableText,
  username: emptyText,
  action: requiredText(m.changeLogInvalid, 'Ein Protokolleintrag', PROJECT_LIMITS.action),
});

export const projectNameSchema = textField('name', m.nameRequired)
  .trim()
  .min(1, { error: m.nameRequired })
  .max(PROJECT_LIMITS.name, { error: m.nameTooLong });

const projectNumber = textField('line', m.documentInvalid)
  .trim()
  .max(PROJECT_LIMITS.projectNumber, { error: m.tooLong('Die Projekt-Nr', PROJECT_LIMITS.projectNumber) })
  .nullish()
  .transform((value) => value ?? '');

const customerType = textField('name', m.customerTypeUnknown)
  .trim()
  .max(100, { error: m.customerTypeUnknown })
  .nullish()
  .transform((value) => (value ? value : DEFAULT_CUSTOMER_TYPE));

const icon = z.enum(PROJECT_ICONS, { error: m.iconUnknown });

const cardGroups = z
  .array(requiredText(m.documentInvalid, 'Ein Gruppenname', PROJECT_LIMITS.title), { error: m.documentInvalid })
  .max(PROJECT_LIMITS.cardGroups, { error: m.tooMany('Aufgabengruppen', PROJECT_LIMITS.cardGroups) })
  .default([])
  .refine((groups) => new Set(groups.map((group) => group.toLocaleLowerCase('de'))).size === groups.length, {
    error: m.groupNameTaken,
  });

/** The project's own fields (ProjectFieldsDto), as a PUT and a PATCH carry them. */
const projectFieldsShape = {
  name: projectNameSchema,
  description: text('Die Beschreibung', PROJECT_LIMITS.description, 'multiLine'),
  icon,
  projectNumber,
  customerType,
  groupId: uuidSchema.nullish().transform((value) => value ?? null),
  groupAssignments: z
    .record(textField('line', m.documentInvalid), assignee, { error: m.documentInvalid })
    .nullish()
    .transform((value) => value ?? {}),
  thumbnailImageId: uuidSchema.nullish().transform((value) => value ?? null),
  tagIds,
  cardGroups,
};

const appointmentList = z
  .array(appointmentSchema, { error: m.documentInvalid })
  .max(PROJECT_LIMITS.appointments, { error: m.tooMany('Termine', PROJECT_LIMITS.appointments) })
  .default([]);
const noteList = z
  .array(noteSchema, { error: m.documentInvalid })
  .max(PROJECT_LIMITS.notes, { error: m.tooMany('Notizen', PROJECT_LIMITS.notes) })
  .default([]);
const signoffList = z
  .array(signoffSchema, { error: m.documentInvalid })
  .max(PROJECT_LIMITS.signoffs, { error: m.tooMany('Abnahmen', PROJECT_LIMITS.signoffs) })
  .default([]);

/** The project revision a write is based on. */
const baseRevision = z
  .number({ error: m.revisionInvalid })
  .int({ error: m.revisionInvalid })
  .min(0, { error: m.revisionInvalid });

/**
 * PUT /api/projects/{id} and PUT /api/templates/{id}: the whole document. `ownerId`,
 * `deputyOwnerId`, `memberIds`, `status` and author fields may be present (the client sends
 * back what it read) but are never taken from the client.
 */
export const projectDocumentSchema = z
  .object(
    {
      revision: baseRevision,
      ...projectFieldsShape,
      columns: z
        .array(columnSchema, { error: m.documentInvalid })
        .max(PROJECT_LIMITS.columns, { error: m.tooMany('Spalten', PROJECT_LIMITS.columns) }),
      appointments: appointmentList,
      notes: noteList,
      signoffs: signoffList,
      changeLog: z.array(changeLogEntrySchema, { error: m.documentInvalid }).default([]),
    },
    BODY_ERROR,
  )
  .superRefine((document, context) => {
    const cardCount = document.columns.reduce((sum, column) => sum + column.cards.length, 0);
    if (cardCount > PROJECT_LIMITS.cards)
      context.addIssue({ code: 'custom', message: m.tooMany('Aufgaben', PROJECT_LIMITS.cards), path: ['columns'] });
    const ids = new Set<string>();
    const seen = (id: string, path: (string | number)[]) => {
      if (ids.has(id)) context.addIssue({ code: 'custom', message: m.duplicateId, path });
      ids.add(id);
    };
    document.columns.forEach((column, columnIndex) => {
      seen(column.id, ['columns', columnIndex, 'id']);
      column.cards.forEach((card, cardIndex) => {
        const path = ['columns', columnIndex, 'cards', cardIndex];
        seen(card.id, [...path, 'id']);
        card.timeEntries.forEach((entry, index) => seen(entry.id, [...path, 'timeEntries', index, 'id']));
        card.materialEntries.forEach((entry, index) => seen(entry.id, [...path, 'materialEntries', index, 'id']));
      });
    });
    document.appointments.forEach((appointment, index) => seen(appointment.id, ['appointments', index, 'id']));
    document.notes.forEach((note, index) => seen(note.id, ['notes', index, 'id']));
    document.signoffs.forEach((signoff, index) => seen(signoff.id, ['signoffs', index, 'id']));
    document.changeLog.forEach((entry, index) => seen(entry.id, ['changeLog', index, 'id']));
  })
  // Columns and cards without a sort key (an older client, the existing product's files) are placed by array order.
  .transform((document) => ({
    ...document,
    columns: placeInArrayOrder(document.columns).items.map((column) => ({
      ...column,
      cards: placeInArrayOrder(column.cards).items,
    })),
  }));
export type ProjectDocumentInput = z.infer<typeof projectDocumentSchema>;

/** Ids in a delta: each entity once, and never both changed and deleted. */
function uniqueIds(lists: readonly (readonly { id: string }[])[], deleted: readonly string[]): boolean {
  const ids = new Set<string>();
  for (const id of [...lists.flatMap((list) => list.map((item) => item.id)), ...deleted]) {
    if (ids.has(id)) return false;
    ids.add(id);
  }
  return true;
}

/**
 * PATCH /api/projects/{id}: the entities the writer changed (flat, each child naming its
 * parent, with sort keys), the ids it deleted and, when it changed one, the project's
 * fields; the same field rules as the whole document. Limits of the whole project are the
 * server's to check on the composed document.
 */
export const projectDeltaSchema = z
  .object(
    {
      revision: baseRevision,
      fields: z.object(projectFieldsShape, BODY_ERROR).optional(),
      columns: z
        .array(columnSchema.omit({ cards: true }).extend({ position }), { error: m.documentInvalid })
        .max(PROJECT_LIMITS.columns, { error: m.tooMany('Spalten', PROJECT_LIMITS.columns) })
        .default([]),
      cards: z
        .array(
          cardSchema.omit({ timeEntries: true, materialEntries: true }).extend({ position, columnId: uuidSchema }),
          {
            error: m.documentInvalid,
          },
        )
        .max(PROJECT_LIMITS.cards, { error: m.tooMany('Aufgaben', PROJECT_LIMITS.cards) })
        .default([]),
      timeEntries: z
        .array(timeEntrySchema.extend({ cardId: uuidSchema }), { error: m.documentInvalid })
        .max(PROJECT_LIMITS.cards, { error: m.documentInvalid })
        .default([]),
      materialEntries: z
        .array(materialEntrySchema.extend({ cardId: uuidSchema }), { error: m.documentInvalid })
        .max(PROJECT_LIMITS.cards, { error: m.documentInvalid })
        .default([]),
      appointments: appointmentList,
      notes: noteList,
      signoffs: signoffList,
      deleted: z
        .array(uuidSchema, { error: m.documentInvalid })
        .max(PROJECT_LIMITS.cards * 2, { error: m.documentInvalid })
        .default([]),
    },
    BODY_ERROR,
  )
  .refine(
    (delta) =>
      uniqueIds(
        [
          delta.columns,
          delta.cards,
          delta.timeEntries,
          delta.materialEntries,
          delta.appointments,
          delta.notes,
          delta.signoffs,
        ],
        delta.deleted,
      ),
    { error: m.duplicateId },
  );
export type ProjectDeltaInput = z.infer<typeof projectDeltaSchema>;

/**
 * POST /api/projects/{id}/saves (issue 17, the outbox's replay): queued delta saves of the
 * project, in order, each with its idempotency key and its body as the text the single PATCH
 * sends (the key is bound to that text, so a save answered on either path is answered again on
 * the other). Each body is checked as the PATCH checks it, when its turn comes.
 */
export const projectSaveBatchSchema = z
  .object(
    {
      saves: z
        .array(
          z.object(
            {
              key: z
                .string({ error: m.saveBatchInvalid })
                .regex(IDEMPOTENCY_KEY_PATTERN, { error: m.saveBatchInvalid }),
              body: z.string({ error: m.saveBatchInvalid }),
            },
            { error: m.saveBatchInvalid },
          ),
          { error: m.saveBatchInvalid },
        )
        .min(1, { error: m.saveBatchInvalid })
        .max(SAVE_BATCH_LIMITS.saves, { error: m.saveBatchTooMany(SAVE_BATCH_LIMITS.saves) }),
    },
    { error: m.saveBatchInvalid },
  )
  .refine((batch) => batch.saves.reduce((sum, save) => sum + utf8Bytes(save.body), 0) <= SAVE_BATCH_LIMITS.bytes, {
    error: m.saveBatchTooLarge(SAVE_BATCH_LIMITS.bytes / (1024 * 1024)),
  });
export type ProjectSaveBatchInput = z.infer<typeof projectSaveBatchSchema>;

/** POST /api/projects (spec section 7). Without a template the global default is used. */
export const projectCreateSchema = z.object(
  {
    templateId: uuidSchema.nullish().transform((value) => value ?? null),
    name: projectNameSchema,
    customerType,
    projectNumber,
  },
  BODY_ERROR,
);
export type ProjectCreateRequest = z.infer<typeof projectCreateSchema>;

export type { ProjectIcon };
