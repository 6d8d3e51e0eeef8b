import { useEffect, useState } from 'react';
import { de } from '@werkboard/common';

/** How long the button says 'Kopiert!' (spec section 9: copy confirmation resets after 2 s). */
export const COPY_CONFIRMATION_MS = 2000;

export type CopyState = { kind: 'idle' } | { kind: 'copied' } | { kind: 'failed'; text: string };

/**
 * Copies text to the clipboard. Where the Clipboard API is missing (an insecure http origin)
 * or refuses, the spec's English texts 'Clipboard API not available' and 'Could not copy text
 * to clipboard' show; the text stays selectable in the dialog for copying by hand.
 */
export function useCopyText(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'copied') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async (text: string) => {
    const clipboard = (navigator as Partial<Navigator>).clipboard;
    if (!clipboard || typeof clipboard.writeText !== 'function') {
      setState({ kind: 'failed', text: de.reports.clipboard.unavailable });
      return;
    }
    try {
      await clipboard.writeText(text);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'failed', text: de.reports.clipboard.failed });
    }
  };

  return { state, copy };
}
