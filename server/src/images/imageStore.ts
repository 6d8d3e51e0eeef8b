import { de, type ImageDto, type ImageUploadRequest } from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { ApiError, notFound } from '../errors';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';
import { findReadableProject, type ProjectActor, recordFieldsChangedElsewhere } from '../services/projects';
import { decodeDataUrl, EXTENSIONS, sniffImageType } from './imageBytes';

const m = de.team.images;
const THUMBNAIL_SIZE = 320;

/**
 * Project images (architecture decision 7; docs/api.md "Images"): files under
 * `<dataDir>/images/<projectId>/` — `<id>.<ext>` and `<id>.thumb.webp` — and a row in
 * project_images. Nothing is stored when an upload is refused; a failed insert removes the
 * files again.
 */
export const imagesDir = (dataDir: string) => path.join(dataDir, 'images');
const projectDir = (dataDir: string, projectId: string) => path.join(imagesDir(dataDir), projectId);

interface ImageRow extends Omit<ImageDto, 'createdAt'> {
  createdAt: Date;
}

const IMAGE_SELECT = `SELECT id, project_id AS "projectId", name, mime_type AS "mimeType", size, width, height,
  uploaded_by AS "uploadedBy", uploaded_by_username AS "uploadedByUsername", created_at AS "createdAt"
  FROM project_images`;

const present = (row: ImageRow): ImageDto => ({ ...row, createdAt: row.createdAt.toISOString() });

function filePaths(dataDir: string, image: Pick<ImageDto, 'id' | 'projectId' | 'mimeType'>) {
  const dir = projectDir(dataDir, image.projectId);
  return {
    full: path.join(dir, `${image.id}.${EXTENSIONS[image.mimeType]}`),
    thumbnail: path.join(dir, `${image.id}.thumb.webp`),
  };
}

export async function listImages(sequelize: Sequelize, actor: ProjectActor, projectId: string): Promise<ImageDto[]> {
  await findReadableProject(sequelize, actor, projectId);
  const rows = await sequelize.query<ImageRow>(
    `${IMAGE_SELECT} WHERE project_id = :projectId ORDER BY created_at, id`,
    {
      type: QueryTypes.SELECT,
      replacements: { projectId },
    },
  );
  return rows.map(present);
}

async function findImage(sequelize: Sequelize, id: string, transaction?: Transaction): Promise<ImageDto> {
  const [row] = await sequelize.query<ImageRow>(`${IMAGE_SELECT} WHERE id = :id`, {
    type: QueryTypes.SELECT,
    replacements: { id },
    transaction,
  });
  if (!row) throw notFound(m.notFound);
  return present(row);
}

/** The file of an image the caller may see (its project readable). */
export async function readImageFile(
  sequelize: Sequelize,
  dataDir: string,
  actor: ProjectActor,
  id: string,
  variant: 'full' | 'thumbnail',
): Promise<{ bytes: Buffer; mimeType: string }> {
  const image = await findImage(sequelize, id);
  await findReadableProject(sequelize, actor, image.projectId);
  const file = filePaths(dataDir, image)[variant];
  try {
    return { bytes: await fs.readFile(file), mimeType: variant === 'full' ? image.mimeType : 'image/webp' };
  } catch {
    throw notFound(m.notFound);
  }
}

/** Decodes and checks the upload: size, type by signature, and that it really decodes as that type. */
async function inspect(dataUrl: string) {
  const bytes = decodeDataUrl(dataUrl);
  const mimeType = sniffImageType(bytes);
  if (mimeType === null) throw new ApiError(400, m.wrongType, 'validation');
  try {
    const meta = await sharp(bytes).metadata();
    const decodedAs = meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`;
    // The size as shown: a phone's portrait photo is stored landscape with an EXIF orientation.
    const { width, height } = meta.autoOrient;
    if (decodedAs !== mimeType || !width || !height) throw new Error('format mismatch');
    const thumbnail = await sharp(bytes)
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { bytes, mimeType, width, height, thumbnail };
  } catch {
    throw new ApiError(400, m.unreadable, 'validation');
  }
}

/** May the caller change this project's images: whoever may see it (403 otherwise), on an active project. */
async function requireImageWork(
  sequelize: Sequelize,
  actor: ProjectActor,
  projectId: string,
  transaction?: Transaction,
) {
  const row = await findReadableProject(sequelize, actor, projectId, { transaction, lock: transaction !== undefined });
  if (row.status !== 'active') throw new ApiError(403, m.readOnly, 'forbidden');
  return row;
}

export async function uploadImage(
  sequelize: Sequelize,
  dataDir: string,
  actor: ProjectActor,
  request: ImageUploadRequest,
): Promise<ImageDto> {
  await requireImageWork(sequelize, actor, request.projectId);
  const image = await inspect(request.dataUrl);
  const id = randomUUID();
  const files = filePaths(dataDir, { id, projectId: request.projectId, mimeType: image.mimeType });
  await fs.mkdir(path.dirname(files.full), { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.writeFile(files.full, image.bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  await fs.writeFile(files.thumbnail, image.thumbnail, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await sequelize.transaction(async (transaction) => {
      await requireImageWork(sequelize, actor, request.projectId, transaction);
      await sequelize.query(
        `INSERT INTO project_images (id, project_id, name, mime_type, size, width, height, uploaded_by, uploaded_by_username)
         VALUES (:id, :projectId, :name, :mimeType, :size, :width, :height, :userId, :username)`,
        {
          replacements: {
            id,
            projectId: request.projectId,
            name: request.name,
            mimeType: image.mimeType,
            size: image.bytes.length,
            width: image.width,
            height: image.height,
            userId: actor.id,
            username: actor.username,
          },
          transaction,
        },
      );
    });
  } catch (error) {
    await Promise.all([fs.rm(files.full, { force: true }), fs.rm(files.thumbnail, { force: true })]);
    throw error;
  }
  return findImage(sequelize, id);
}

export async function deleteImage(
  sequelize: Sequelize,
  dataDir: string,
  actor: ProjectActor,
  id: string,
): Promise<void> {
  const image = await findImage(sequelize, id);
  await sequelize.transaction(async (transaction) => {
    const row = await requireImageWork(sequelize, actor, image.projectId, transaction);
    if (row.thumbnailImageId === id) {
      await sequelize.query('UPDATE projects SET thumbnail_image_id = NULL WHERE id = :projectId', {
        replacements: { projectId: row.id },
        transaction,
      });
      await recordFieldsChangedElsewhere(sequelize, transaction, [row.id], null);
    }
    await sequelize.query('DELETE FROM project_images WHERE id = :id', { replacements: { id }, transaction });
  });
  const files = filePaths(dataDir, image);
  await Promise.all([fs.rm(files.full, { force: true }), fs.rm(files.thumbnail, { force: true })]);
}

/** After a project is deleted permanently (its rows went with it): its files. */
export async function removeProjectImageFiles(dataDir: string, projectId: string): Promise<void> {
  await fs.rm(projectDir(dataDir, projectId), { recursive: true, force: true });
}

/** Whether `imageId` is an image of the project (the merging PUT's thumbnail check). */
export async function isImageOfProject(
  sequelize: Sequelize,
  projectId: string,
  imageId: string,
  transaction?: Transaction,
): Promise<boolean> {
  const rows = await sequelize.query('SELECT 1 FROM project_images WHERE id = :imageId AND project_id = :projectId', {
    type: QueryTypes.SELECT,
    replacements: { imageId, projectId },
    transaction,
  });
  return rows.length > 0;
}
