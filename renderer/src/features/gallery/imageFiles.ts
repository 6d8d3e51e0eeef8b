import { useEffect, useState } from 'react';
import type { AppThunk } from '../../store/types';
import { useAppDispatch } from '../../store/hooks';
import type { ImageVariant } from '../../entities/image/imageFiles';
import { fetchImageBlob } from '../../entities/image/imageFiles';

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
