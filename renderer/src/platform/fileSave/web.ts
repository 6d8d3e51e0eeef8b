import type { FileToSave } from './index';

/** How long the object URL outlives the click: the browser reads it asynchronously. */
const REVOKE_AFTER_MS = 60_000;

/** The browser's download of a made file: an object URL behind a temporary link. */
export function downloadFile(file: FileToSave): void {
  const url = URL.createObjectURL(new Blob([file.data.slice()], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
