import type { DesktopBridge, SaveFileRequest } from '@werkboard/common';

/**
 * Saving a generated file (a PDF report, an export): the platform's `saveFile(name, bytes,
 * mime)`. The desktop asks where through the shell's native dialog (starting in the folder of
 * the last save); the browser downloads it.
 */
export type SaveFile = (name: string, bytes: Uint8Array, mime: string) => Promise<SaveFileOutcome>;

/** 'downloaded': handed to the browser, which saves it where its settings say. */
export type SaveFileOutcome = 'saved' | 'canceled' | 'downloaded';

// Separators, what Windows forbids, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAMES = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * A name every file system takes: project names may hold '/' or ':' ('Bad 1/2', 'Halle: Nord'),
 * which Windows refuses and the shell would take for a folder.
 */
export function safeFileName(name: string): string {
  const cleaned = name.replace(UNSAFE_IN_FILE_NAMES, '-').trim().slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'Werkboard' : cleaned;
}

const FILTERS: Readonly<Record<string, SaveFileRequest['filter']>> = {
  'application/pdf': { name: 'PDF', extensions: ['pdf'] },
  'application/json': { name: 'JSON', extensions: ['json'] },
  'text/csv;charset=utf-8': { name: 'CSV', extensions: ['csv'] },
};

export function createDesktopSaveFile(bridge: DesktopBridge): SaveFile {
  return async (name, bytes, mime) => {
    const filter = FILTERS[mime];
    const defaultName = safeFileName(name);
    const result = await bridge.saveFile(filter ? { defaultName, data: bytes, filter } : { defaultName, data: bytes });
    return result.saved ? 'saved' : 'canceled';
  };
}

/** The browser's download: a temporary object URL on a link with the download attribute. */
export function createWebSaveFile(
  document: Document,
  urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>,
): SaveFile {
  return (name, bytes, mime) => {
    const url = urls.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
    const link = document.createElement('a');
    link.href = url;
    link.download = safeFileName(name);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the URL; a minute is plenty before it is let go.
    setTimeout(() => urls.revokeObjectURL(url), 60_000);
    return Promise.resolve('downloaded');
  };
}
