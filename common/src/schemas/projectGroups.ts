import { z } from 'zod';
import { PROJECT_ICONS } from '../dto/projects';
import { DEFAULT_GROUP_COLOR, DEFAULT_GROUP_ICON, DEFAULT_GROUP_ICON_COLOR } from '../domain/projectGroups';
import { BODY_ERROR, textField } from './fields';
import { organisationMessages } from '../messages/organisation';

const m = organisationMessages.groups;

const HEX6 = /^#[0-9a-fA-F]{6}$/;
const color = (fallback: string) =>
  z
    .string({ error: m.colorInvalid })
    .trim()
    .regex(HEX6, { error: m.colorInvalid })
    .transform((value) => value.toLowerCase())
    .nullish()
    .transform((value) => value ?? fallback);

/** PUT /api/project-groups/{id}: creates the group under the client's id or replaces it. */
export const projectGroupSchema = z.object(
  {
    name: textField('name', m.nameRequired).trim().min(1, { error: m.nameRequired }).max(100, { error: m.nameTooLong }),
    description: textField('multiLine', m.descriptionInvalid)
      .trim()
      .max(2000, { error: m.descriptionTooLong })
      .nullish()
      .transform((value) => value ?? ''),
    color: color(DEFAULT_GROUP_COLOR),
    icon: z
      .enum(PROJECT_ICONS, { error: m.iconInvalid })
      .nullish()
      .transform((value) => value ?? DEFAULT_GROUP_ICON),
    iconColor: color(DEFAULT_GROUP_ICON_COLOR),
  },
  BODY_ERROR,
);
export type ProjectGroupInput = z.infer<typeof projectGroupSchema>;
