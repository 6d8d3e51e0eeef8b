import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import { de } from '@werkboard/common';
import { useAppDispatch } from '../../store/hooks';
import { imageCounts, loadImages } from './galleryThunks';

/**
 * The image count of the project: loaded when the board opens (null until known, and when
 * the list cannot be read), then kept current by the gallery's uploads and deletes.
 */
export function useImageCount(projectId: string): number | null {
  const dispatch = useAppDispatch();
  const counts = useMemo(() => dispatch(imageCounts()), [dispatch]);
  useEffect(() => {
    // Without the count the button simply shows no badge.
    dispatch(loadImages(projectId)).catch(() => undefined);
  }, [dispatch, projectId]);
  return useSyncExternalStore(counts.subscribe, () => counts.get(projectId));
}

export interface GalleryBadge {
  /** The count inside the 'Bildergalerie' button, null while there is nothing to show. */
  badge: ReactNode;
  /** For the button's aria-describedby: '3 Bilder'. The button's name stays 'Bildergalerie'. */
  describedBy: string | undefined;
}

/** The count badge of the header's 'Bildergalerie' button (spec section 2), shown from one image on. */
export function useGalleryBadge(projectId: string): GalleryBadge {
  const count = useImageCount(projectId);
  const descriptionId = useId();
  if (count === null || count === 0) return { badge: null, describedBy: undefined };
  return {
    describedBy: descriptionId,
    badge: (
      <>
        <span className="count-badge" aria-hidden="true" data-testid="gallery-count">
          {count}
        </span>
        <span id={descriptionId} hidden>
          {de.gallery.count(count)}
        </span>
      </>
    ),
  };
}
