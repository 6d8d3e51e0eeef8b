import type { ReactNode } from 'react';
import { useId } from 'react';
import { de } from '@werkboard/common';
import { useProjectImagesQuery } from '../../api/endpoints/images';
import { useAfterElementShown } from '../../utils/useAfterElementShown';
import { BOARD_HEADER_SHOWN } from './boardUi';

export interface GalleryBadge {
  /** The count inside the 'Bildergalerie' button, null while there is nothing to show. */
  badge: ReactNode;
  /** For the button's aria-describedby: '3 Bilder'. The button's name stays 'Bildergalerie'. */
  describedBy: string | undefined;
}

/**
 * The count badge of the header's 'Bildergalerie' button (spec section 2), shown from one
 * image on: the length of the project's cached image list (read when the board opens, kept
 * current by the gallery's uploads and deletes); nothing while it is unknown. Read once the
 * header's project name is on the screen: the board's first screen does not wait for it.
 */
export function useGalleryBadge(projectId: string): GalleryBadge {
  const headerShown = useAfterElementShown(BOARD_HEADER_SHOWN);
  const count = useProjectImagesQuery(projectId, { skip: !headerShown }).data?.length ?? 0;
  const descriptionId = useId();
  if (count === 0) return { badge: null, describedBy: undefined };
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
