import { de, type ImageDto, type ImageMimeType } from '@werkboard/common';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { SessionActor } from '../auth/sessionActor';
import { ApiError, notFound } from '../errors';
import type { ImageRow } from '../presenters/image';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';
import { recordFieldsChangedElsewhere } from '../services/projects';
import { decodeDataUrl, EXTENSIONS, sniffImageType } from './imageBytes';
import { ImageWorkQueue } from './imageWork';

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

const IMAGE_SELECT = `SELECT id, project_id AS "projectId", name, mime_type AS "mimeType", size, width, height,
  uploaded_by AS "uploadedBy", uploaded_by_username AS "uploadedByUsername", created_at AS "createdAt"
  FROM project_images`;

/** Where an image's file and thumbnail live. */
export function imageFilePaths(dataDir: string, image: Pick<ImageDto, 'id' | 'projectId' | 'mimeType'>) {
  const dir = projectDir(dataDir, image.projectId);
  return {
    full: path.join(dir, `${image.id}.${EXTENSIONS[image.mimeType]}`),
    thumbnail: path.join(dir, `${image.id}.thumb.webp`),
  };
}

export function listImages(sequelize: Sequelize, projectId: string): Promise<ImageRow[]> {
  return sequelize.query<ImageRow>(`${IMAGE_SELECT} WHERE project_id = :projectId ORDER BY created_at, id`, {
    type: QueryTypes.SELECT,
    replacements: { projectId },
  });
}

/** The image with this id; 404 when there is none. */
export async function findImage(sequelize: Sequelize, id: string, transaction?: Transaction): Promise<ImageRow> {
  const [row] = await sequelize.query<ImageRow>(`${IMAGE_SELECT} WHERE id = :id`, {
    type: QueryTypes.SELECT,
    replacements: { id },
    transaction,
  });
  if (!row) throw notFound(m.notFound);
  return row;
}

/** The bytes of an image or its thumbnail. */
export async function readImageFile(
  dataDir: string,
  image: ImageRow,
  variant: 'full' | 'thumbnail',
): Promise<{ bytes: Buffer; mimeType: string }> {
  const file = imageFilePaths(dataDir, image)[variant];
  try {
    return { bytes: await fs.readFile(file), mimeType: variant === 'full' ? image.mimeType : 'image/webp' };
  } catch {
    throw notFound(m.notFound);
  }
}

export interface InspectedImage {
  bytes: Buffer;
  mimeType: ImageMimeType;
  width: number;
  height: number;
  thumbnail: Buffer;
}

/**
 * Pixel floods (issue 13, finding 11): a 10 KB WebP can declare 16383x16383 pixels. The
 * header is read first and anything above this is refused before a pixel is decoded; sharp
 * gets the same limit for the decoding itself. 50 megapixels is above any phone photo's
 * default size (12-50 MP).
 */
export const MAX_INPUT_MEGAPIXELS = 50;
const MAX_INPUT_PIXELS = MAX_INPUT_MEGAPIXELS * 1_000_000;
/** The stored original is re-encoded to fit this (and loses EXIF, GPS included, on the way). */
export const MAX_STORED_SIDE = 4096;

/** Two decodes at once on a small server, eight more waiting. */
const imageWork = new ImageWorkQueue(2, 8);

/** The same format again, without metadata (sharp writes none unless asked). GIFs keep their frames. */
function encodeAs(image: sharp.Sharp, mimeType: ImageMimeType): sharp.Sharp {
  switch (mimeType) {
    case 'image/png':
      return image.png();
    case 'image/jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true });
    case 'image/gif':
      return image.gif();
    case 'image/webp':
      return image.webp({ quality: 90 });
  }
}

/**
 * An image that is already what inspectImage stores: one frame, sRGB or grey, upright, within
 * MAX_STORED_SIDE, without EXIF, XMP, IPTC or a colour profile (a photo of a backup, stored
 * here or on another installation).
 */
function isStoredForm(meta: sharp.Metadata, mimeType: ImageMimeType): boolean {
  return (
    mimeType !== 'image/gif' &&
    // CMYK and the like are converted to sRGB by the re-encoding; browsers show them poorly.
    (meta.space === 'srgb' || meta.space === 'b-w') &&
    (meta.pages ?? 1) === 1 &&
    (meta.orientation ?? 1) === 1 &&
    !meta.exif &&
    !meta.xmp &&
    !meta.iptc &&
    !meta.icc &&
    meta.width <= MAX_STORED_SIDE &&
    meta.height <= MAX_STORED_SIDE
  );
}

/**
 * Decodes and checks an upload (400 otherwise): size, type by signature, the pixel limit from
 * the header, and that it really decodes as that type. The stored original is a re-encoding:
 * upright, at most MAX_STORED_SIDE px, without EXIF or GPS. `keepStoredForm` (a backup's
 * restore): an image already in that form keeps its bytes, checked by decoding it for the
 * thumbnail; re-encoding it would only lose quality again and take most of a restore's time.
 */
export async function inspectImage(
  dataUrl: string,
  options: { keepStoredForm?: boolean } = {},
): Promise<InspectedImage> {
  const bytes = decodeDataUrl(dataUrl);
  const mimeType = sniffImageType(bytes);
  if (mimeType === null) throw new ApiError(400, m.wrongType, 'validation');
  const input = { limitInputPixels: MAX_INPUT_PIXELS, animated: mimeType === 'image/gif' };
  let meta: sharp.Metadata;
  try {
    // The header only, without a limit (sharp would refuse over-limit images here already,
    // and only the check below names the limit); no pixel is decoded.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(400, m.unreadable, 'validation');
  }
  const decodedAs = meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`;
  if (decodedAs !== mimeType || !meta.width || !meta.height) throw new ApiError(400, m.unreadable, 'validation');
  // `height` of an animated image is all frames together; the limit is about the decoding work.
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new ApiError(400, m.tooManyPixels(MAX_INPUT_MEGAPIXELS), 'validation');
  if (options.keepStoredForm && isStoredForm(meta, mimeType))
    return imageWork.run(async () => {
      try {
        const thumbnail = await sharp(bytes, input)
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer();
        return { bytes, mimeType, width: meta.width, height: meta.height, thumbnail };
      } catch {
        throw new ApiError(400, m.unreadable, 'validation');
      }
    });
  return imageWork.run(async () => {
    try {
      const original = await encodeAs(
        sharp(bytes, input)
          .rotate()
          .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true }),
        mimeType,
      ).toBuffer({ resolveWithObject: true });
      const thumbnail = await sharp(original.data, { animated: false })
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      const height = original.info.pageHeight ?? original.info.height;
      return { bytes: original.data, mimeType, width: original.info.width, height, thumbnail };
    } catch {
      throw new ApiError(400, m.unreadable, 'validation');
    }
  });
}

/**
 * Stores an inspected image of the (locked) project: the files first, then the row; a failed
 * insert removes the files again.
 */
export async function storeImage(
  sequelize: Sequelize,
  transaction: Transaction,
  dataDir: string,
  actor: SessionActor,
  upload: { projectId: string; name: string; image: InspectedImage },
): Promise<ImageRow> {
  const { projectId, name, image } = upload;
  const id = randomUUID();
  const files = imageFilePaths(dataDir, { id, projectId, mimeType: image.mimeType });
  await fs.mkdir(path.dirname(files.full), { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.writeFile(files.full, image.bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  await fs.writeFile(files.thumbnail, image.thumbnail, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  const removeFiles = () => Promise.all([fs.rm(files.full, { force: true }), fs.rm(files.thumbnail, { force: true })]);
  try {
    await sequelize.query(
      `INSERT INTO project_images (id, project_id, name, mime_type, size, width, height, uploaded_by, uploaded_by_username)
       VALUES (:id, :projectId, :name, :mimeType, :size, :width, :height, :userId, :username)`,
      {
        replacements: {
          id,
          projectId,
          name,
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
  } catch (error) {
    await removeFiles();
    throw error;
  }
  return findImage(sequelize, id, transaction);
}

/** Deletes the image of the (locked) project: the row now, the files once that is committed. */
export async function deleteImage(
  sequelize: Sequelize,
  transaction: Transaction,
  dataDir: string,
  image: ImageRow,
  project: { id: string; thumbnailImageId: string | null },
): Promise<void> {
  if (project.thumbnailImageId === image.id) {
    await sequelize.query('UPDATE projects SET thumbnail_image_id = NULL WHERE id = :projectId', {
      replacements: { projectId: project.id },
      transaction,
    });
    await recordFieldsChangedElsewhere(sequelize, transaction, [project.id], null);
  }
  await sequelize.query('DELETE FROM project_images WHERE id = :id', { replacements: { id: image.id }, transaction });
  const files = imageFilePaths(dataDir, image);
  transaction.afterCommit(async () => {
    await Promise.all([fs.rm(files.full, { force: true }), fs.rm(files.thumbnail, { force: true })]);
  });
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
