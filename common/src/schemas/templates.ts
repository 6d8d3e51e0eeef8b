import { z } from 'zod';
import { projectNameSchema, uuidSchema } from './projects';
import { BODY_ERROR, textField } from './fields';
import { organisationMessages } from '../messages/organisation';

const m = organisationMessages.templates;

/**
 * Template requests (spec sections 2, 6 and 7). A template is a project-like document: GET
 * and PUT /api/templates/{id} carry a ProjectDocument with isTemplate true. A PUT to an id
 * that does not exist yet creates a personal template of the caller (the template editor's
 * first save of 'Neue Vorlage'); the merge rules of projects apply to every later PUT.
 */

/** POST /api/templates/save-from-project: columns, cards and task groups of a project, without entries. */
export const templateFromProjectSchema = z.object(
  {
    project: z.string({ error: m.projectRequired }).min(1, { error: m.projectRequired }).pipe(uuidSchema),
    name: projectNameSchema,
    description: textField('multiLine', m.projectRequired)
      .trim()
      .max(20000)
      .nullish()
      .transform((value) => value ?? ''),
    customerType: textField('name', m.projectRequired)
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    /** The caller's own id for a personal template, null for a global one. */
    ownerId: z.union([uuidSchema, z.null()], { error: m.ownerInvalid }),
  },
  BODY_ERROR,
);
export type TemplateFromProjectRequest = z.infer<typeof templateFromProjectSchema>;

/** POST /api/templates/{id}/share: the user receives a personal copy of the template. */
export const templateShareSchema = z.object(
  { userId: z.string({ error: m.shareUserRequired }).min(1, { error: m.shareUserRequired }).pipe(uuidSchema) },
  BODY_ERROR,
);
