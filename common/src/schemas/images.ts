import { z } from 'zod';
import { UUID_PATTERN } from '../domain/uuid';
import { BODY_ERROR, textField } from './fields';
import { teamMessages } from '../messages/team';

/**
 * Project images (spec sections 2, 3, 7 and architecture decision 7). POST /api/images
 * {projectId, name, dataUrl}: the type is taken from the bytes (png, jpeg, gif, webp), never
 * from the name or the data-URL prefix; at most 5 MB of image data. Files live under
 * data/images with their metadata in the database; the gallery shows a thumbnail.
 * GET /api/image-files/{id} and /api/image-files/{id}/thumbnail answer the bytes to those
 * who may see the project.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The longest data URL the server reads: 5 MB base64-encoded plus a generous prefix. */
export const IMAGE_MAX_DATA_URL_LENGTH = Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 200;

const m = teamMessages.images;

export const imageUploadSchema = z.object(
  {
    projectId: z
      .string({ error: m.projectRequired })
      .regex(UUID_PATTERN, { error: m.projectRequired })
      .transform((id) => id.toLowerCase()),
    name: textField('name', m.nameRequired).trim().min(1, { error: m.nameRequired }).max(200, { error: m.nameTooLong }),
    dataUrl: textField('line', m.dataRequired).min(1, { error: m.dataRequired }),
  },
  BODY_ERROR,
);
export type ImageUploadRequest = z.infer<typeof imageUploadSchema>;
