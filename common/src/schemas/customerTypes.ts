import { z } from 'zod';
import { BODY_ERROR, textField } from './fields';
import { TAG_COLORS } from '../dto/organisation';
import { organisationMessages } from '../messages/organisation';

const types = organisationMessages.customerTypes;
const tags = organisationMessages.tags;

/**
 * Customer types and their tags (spec sections 3 and 5). A customer type is a name, unique
 * case-insensitively; 'Allgemein' is the default and can be neither deleted nor renamed.
 * Deleting a type deletes its tags and moves its projects and templates to 'Allgemein'.
 */

const customerTypeNameSchema = textField('name', types.nameRequired)
  .trim()
  .min(1, { error: types.nameRequired })
  .max(100, { error: types.nameTooLong });

/** POST /api/customer-types: a new type, optionally with copies of another type's tags. */
export const customerTypeCreateSchema = z.object(
  {
    name: customerTypeNameSchema,
    copyTagsFrom: textField('name', types.copySourceUnknown)
      .trim()
      .max(100, { error: types.copySourceUnknown })
      .nullish()
      .transform((value) => (value ? value : null)),
  },
  BODY_ERROR,
);
export type CustomerTypeCreateRequest = z.infer<typeof customerTypeCreateSchema>;

/** PUT /api/customer-types/{name}: rename. */
export const customerTypeRenameSchema = z.object({ name: customerTypeNameSchema }, BODY_ERROR);

const label = textField('name', tags.labelRequired)
  .trim()
  .min(1, { error: tags.labelRequired })
  .max(100, { error: tags.labelTooLong });
const color = z.enum(TAG_COLORS, { error: tags.colorInvalid });
const priority = z
  .number({ error: tags.priorityInvalid })
  .int({ error: tags.priorityInvalid })
  .min(0, { error: tags.priorityInvalid })
  .max(4, { error: tags.priorityInvalid });

/** POST /api/tags: a tag of a customer type; colour slate and priority Normal unless given. */
export const tagCreateSchema = z.object(
  {
    customerType: customerTypeNameSchema,
    label,
    color: color.nullish().transform((value) => value ?? 'slate'),
    priority: priority.nullish().transform((value) => value ?? 1),
  },
  BODY_ERROR,
);
export type TagCreateRequest = z.infer<typeof tagCreateSchema>;

/** PUT /api/tags/{id}: any of label, colour and priority. */
export const tagUpdateSchema = z.object(
  { label: label.optional(), color: color.optional(), priority: priority.optional() },
  BODY_ERROR,
);
export type TagUpdateRequest = z.infer<typeof tagUpdateSchema>;
