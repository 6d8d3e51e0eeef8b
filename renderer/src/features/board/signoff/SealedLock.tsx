import { useMemo } from 'react';
import { Lock } from 'lucide-react';
import { de, sealedEntryIds } from '@werkboard/common';
import { useAppSelector } from '../../../store/hooks';

/** The entries that the project's sign-offs seal (no delete button for them). */
export function useSealedEntryIds(): ReadonlySet<string> {
  const signoffs = useAppSelector((state) => state.project.document?.signoffs);
  return useMemo(() => sealedEntryIds(signoffs ?? []), [signoffs]);
}

/** The lock shown instead of a sealed entry's delete button. */
export function SealedLock() {
  const title = de.projects.signoff.sealedTitle;
  return (
    <span className="entry-table__sealed" title={title}>
      <Lock className="icon-glyph" aria-hidden="true" focusable="false" />
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
