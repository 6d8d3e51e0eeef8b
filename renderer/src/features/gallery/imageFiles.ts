import { useEffect, useState } from 'react';
import { de, DEVICE_ID_HEADER, imageFilePath, imageThumbnailPath } from '@werkboard/common';
import { ApiError, NetworkError } from '../../api/errors';
import type { AppThunk } from '../../store';
import { useAppDispatch } from '../../store/hooks';
import { logAdded } from '../liveLog/liveLogSlice';

/** 'thumbnail': the gallery's WebP of at most 320 px; 'full': the stored image. */
export type ImageVariant = 'thumbnail' | 'full';

const API_BASE = '/api';

export function imageFileUrl(id: string, variant: ImageVariant): string {
  return `${API_BASE}${variant === 'full' ? imageFilePath(id) : imageThumbnailPath(id)}`;
}

/**
 * GET /api/image-files/{id}[/thumbnail] as a Blob. The bytes need the bearer token, so an
 * <img src> cannot load them: they are fetched with the same headers the API client sends
 * (token, device id) and shown through object URLs. The API client only reads text, hence
 * the browser's fetch here; the answer is cacheable (private, one day), so showing an image
 * again costs no second download. Each request goes into the live log like the client's.
 */
export function fetchImageBlob(id: string, variant: ImageVariant): AppThunk<Promise<Blob>> {
  return async (dispatch, getState, { deviceId }) => {
    const url = imageFileUrl(id, variant);
    const headers: Record<string, string> = { Accept: 'image/*', [DEVICE_ID_HEADER]: deviceId };
    const token = getState().auth.token;
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await globalThis.fetch(url, { method: 'GET', headers, cache: 'default' });
    } catch (cause) {
      dispatch(logAdded(`GET ${url} → ${de.diagnostics.networkFailure}`));
      throw new NetworkError(de.api.networkError, { cause });
    }
    dispatch(logAdded(`GET ${url} → ${response.status}`));
    if (!response.ok) throw new ApiError(de.api.failed(response.status), response.status);
    return response.blob();
  };
}

export interface ImageObjectUrl {
  /** An object URL of the image's bytes, null while loading or after a failure. */
  url: string | null;
  failed: boolean;
}

/**
 * The image `id` as an object URL for <img src>, fetched with the bearer token. The URL is
 * revoked when the component unmounts or shows another image; an answer that arrives after
 * that is dropped without creating one.
 */
export function useImageObjectUrl(id: string | null, variant: ImageVariant): ImageObjectUrl {
  const dispatch = useAppDispatch();
  const key = id === null ? null : `${id}/${variant}`;
  const [state, setState] = useState<{ key: string; url: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (id === null || key === null) return;
    let live = true;
    let url: string | null = null;
    dispatch(fetchImageBlob(id, variant)).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ key, url, failed: false });
      },
      () => {
        if (live) setState({ key, url: null, failed: true });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [dispatch, id, variant, key]);

  return state !== null && state.key === key ? { url: state.url, failed: state.failed } : { url: null, failed: false };
}

/** How long a download's object URL lives: the browser has started the download by then. */
const REVOKE_AFTER_MS = 10_000;

/** Hands `blob` to the browser as a download named `name` (an anchor with download attribute). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Downloads the full image under its name. */
export function downloadImage(image: { id: string; name: string }): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const blob = await dispatch(fetchImageBlob(image.id, 'full'));
    saveBlob(blob, image.name);
  };
}

/** Spec section 9: 'Alle herunterladen' starts one download after the other, 200 ms apart. */
export const DOWNLOAD_STAGGER_MS = 200;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Downloads every image one after another, DOWNLOAD_STAGGER_MS between them (browsers
 * refuse a burst of downloads). Answers the names that could not be downloaded.
 */
export function downloadAllImages(images: readonly { id: string; name: string }[]): AppThunk<Promise<string[]>> {
  return async (dispatch) => {
    const failed: string[] = [];
    for (const [index, image] of images.entries()) {
      if (index > 0) await wait(DOWNLOAD_STAGGER_MS);
      try {
        await dispatch(downloadImage(image));
      } catch {
        failed.push(image.name);
      }
    }
    return failed;
  };
}
