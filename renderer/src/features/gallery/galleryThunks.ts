import type { ImageDto, MessageResponse } from '@werkboard/common';
import { de, IMAGE_MAX_BYTES, IMAGE_TYPES } from '@werkboard/common';
import type { AppThunk, ThunkExtra } from '../../store';

const imagesPath = (projectId: string) => `/images/${encodeURIComponent(projectId)}`;

/**
 * The number of images per project, for the count badge on the header's 'Bildergalerie'
 * button. The header and the gallery dialog are siblings on the board, so the count lives
 * outside both: one registry per store (keyed by the store's thunk extra, so tests and
 * sessions of different stores never share it), read through useSyncExternalStore.
 */
export class ImageCounts {
  private readonly counts = new Map<string, number>();
  /** Bumped on every change: an older list answer must not overwrite a newer count. */
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  get(projectId: string): number | null {
    return this.counts.get(projectId) ?? null;
  }

  version(projectId: string): number {
    return this.versions.get(projectId) ?? 0;
  }

  set(projectId: string, count: number): void {
    this.versions.set(projectId, this.version(projectId) + 1);
    if (this.counts.get(projectId) === count) return;
    this.counts.set(projectId, count);
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}

const registries = new WeakMap<ThunkExtra, ImageCounts>();

function imageCountsOf(extra: ThunkExtra): ImageCounts {
  let counts = registries.get(extra);
  if (!counts) {
    counts = new ImageCounts();
    registries.set(extra, counts);
  }
  return counts;
}

/** This store's image counts. */
export function imageCounts(): AppThunk<ImageCounts> {
  return (_dispatch, _getState, extra) => imageCountsOf(extra);
}

/** GET /images/{projectId}: the project's images, oldest first; the count badge follows the answer. */
export function loadImages(projectId: string): AppThunk<Promise<ImageDto[]>> {
  return async (_dispatch, _getState, extra) => {
    const counts = imageCountsOf(extra);
    const version = counts.version(projectId);
    const images = await extra.api.get<ImageDto[]>(imagesPath(projectId));
    if (counts.version(projectId) === version) counts.set(projectId, images.length);
    return images;
  };
}

/** After an upload or a delete in the gallery: the badge shows the list's new length. */
export function imageCountChanged(projectId: string, count: number): AppThunk {
  return (_dispatch, _getState, extra) => imageCountsOf(extra).set(projectId, count);
}

/** POST /images {projectId, name, dataUrl}: 201 the stored image. */
export function uploadImage(projectId: string, name: string, dataUrl: string): AppThunk<Promise<ImageDto>> {
  return (_dispatch, _getState, { save }) =>
    save<ImageDto>({ method: 'POST', path: '/images', body: { projectId, name, dataUrl } });
}

/** DELETE /images/{id}. */
export function deleteImage(id: string): AppThunk<Promise<MessageResponse>> {
  return (_dispatch, _getState, { save }) =>
    save<MessageResponse>({ method: 'DELETE', path: `/images/${encodeURIComponent(id)}` });
}

/**
 * What the gallery checks before it reads a file: one of png, jpeg, gif, webp and at most
 * 5 MB. The server checks the bytes again; this only spares sending what it would refuse.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return de.team.images.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return de.team.images.tooLarge;
  return null;
}

/** The file as a data URL; rejects when the browser cannot read it. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(de.gallery.readFailed));
    };
    reader.onerror = () => reject(reader.error ?? new Error(de.gallery.readFailed));
    reader.onabort = () => reject(new Error(de.gallery.readFailed));
    reader.readAsDataURL(file);
  });
}
