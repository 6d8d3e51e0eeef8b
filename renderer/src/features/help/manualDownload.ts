import type { SaveFileOutcome } from '../../platform/fileSave';
import type { AppThunk } from '../../store/types';

/**
 * The user manual, built next to index.html by renderer/scripts/buildManual.mjs. Addressed
 * relative to the page: the server serves it beside the app (no login), the desktop app's
 * app:// protocol from its own package.
 */
export const MANUAL_FILE = 'Werkboard-Handbuch.pdf';

/** Reads a file of the app's own build. */
export type FetchBytes = (address: string) => Promise<Uint8Array>;

export const fetchAppFile: FetchBytes = async (address) => {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address}: status ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
};

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // '%PDF-'

/** Whether the bytes are a PDF (and not, say, a proxy's error page answered with 200). */
export function isPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** Loads the manual and saves it: the desktop's save dialog, or the browser's download. */
export function downloadManual(fetchFile: FetchBytes): AppThunk<Promise<SaveFileOutcome>> {
  return async (_dispatch, _getState, { saveFile }) => {
    const bytes = await fetchFile(MANUAL_FILE);
    if (!isPdf(bytes)) throw new Error(`${MANUAL_FILE} is not a PDF`);
    return saveFile(MANUAL_FILE, bytes, 'application/pdf');
  };
}
