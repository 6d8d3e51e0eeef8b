import { de, DEVICE_ID_HEADER, imageFilePath, imageThumbnailPath } from '@werkboard/common';
import { ApiError, NetworkError } from '../../api/errors';
import type { AppThunk } from '../../store/types';
import { logAdded } from '../connection/liveLogSlice';

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
