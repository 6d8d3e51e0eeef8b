import type { DesktopBridge } from '@werkboard/common';
import { downloadFile } from './web';

/**
 * Saving a file the app made (a PDF report, a CSV). One interface, one implementation per
 * platform (conventions.md): the Electron shell's native save dialog through the desktop
 * bridge (`window.werkboard.saveFile`) where the bridge offers it, else a browser download.
 */
export interface FileToSave {
  /** Suggested file name, e.g. 'Projektbericht - Neubau.pdf'. */
  name: string;
  data: Uint8Array;
  mimeType: string;
  /** The save dialog's type filter, e.g. { name: 'PDF', extensions: ['pdf'] }. */
  filter: { name: string; extensions: string[] };
}

/** 'saved' when the file was written or handed to the browser, 'cancelled' when the user closed the dialog. */
export type SaveOutcome = 'saved' | 'cancelled';

function desktopBridge(): DesktopBridge | null {
  const bridge = (globalThis as { werkboard?: Partial<DesktopBridge> }).werkboard;
  return bridge?.platform === 'desktop' && typeof bridge.saveFile === 'function' ? (bridge as DesktopBridge) : null;
}

export async function saveFile(file: FileToSave): Promise<SaveOutcome> {
  const bridge = desktopBridge();
  if (bridge) {
    const result = await bridge.saveFile({ defaultName: file.name, data: file.data, filter: file.filter });
    return result.saved ? 'saved' : 'cancelled';
  }
  downloadFile(file);
  return 'saved';
}
