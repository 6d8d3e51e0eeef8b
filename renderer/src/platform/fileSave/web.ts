import type { FileToSave } from './index';

/** How long a download's object URL lives: the browser has started the download by then. */
const REVOKE_AFTER_MS = 10_000;

/** Hands `blob` to the browser as a download named `name` (an anchor with download attribute). */
export function downloadBlob(blob: Blob, name: string): void {
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

/** The browser's download of a file the app made. */
export function downloadFile(file: FileToSave): void {
  downloadBlob(new Blob([file.data.slice()], { type: file.mimeType }), file.name);
}
