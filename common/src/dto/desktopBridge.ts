/**
 * The one typed bridge the Electron preload exposes as `window.werkboard`.
 * The renderer uses it only through renderer/src/platform; the web build has none.
 */
export interface DesktopBridge {
  /** Always 'desktop': lets the renderer tell the shell from a browser. */
  readonly platform: 'desktop';
  /** The shell's version (the root package.json version it was built from). */
  getVersion(): Promise<string>;
  /** Saves a generated file (a PDF report) through a native save dialog. */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
}

export interface SaveFileRequest {
  /** Suggested file name, e.g. 'Projektbericht - Neubau.pdf'. */
  defaultName: string;
  /** The file's bytes. */
  data: Uint8Array;
  /** Extension filter shown in the dialog, e.g. { name: 'PDF', extensions: ['pdf'] }. */
  filter?: { name: string; extensions: string[] };
}

export type SaveFileResult = { saved: true; path: string } | { saved: false };

export const DESKTOP_IPC = {
  getVersion: 'werkboard:get-version',
  saveFile: 'werkboard:save-file',
} as const;
