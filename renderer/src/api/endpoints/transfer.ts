import type { ImportMode, ImportResult, TransferKind } from '@werkboard/common';
import { de, exportFileName } from '@werkboard/common';
import type { SaveFileOutcome } from '../../platform/fileSave';
import type { AppThunk } from '../../store/types';
import { apiSlice, TAG_TYPES } from '../apiSlice';

/** The server path of each kind's export and import (docs/api.md "Export, import and backup"). */
const TRANSFER_PATHS: Record<TransferKind, string> = {
  projects: '/projects',
  templates: '/templates',
  customerTypes: '/customer-types',
  tags: '/tags',
  backup: '/backup',
};

/**
 * GET /{kind}/export, saved as 'Werkboard-<what>-<yyyy-mm-dd>.json' through the platform (the
 * desktop's save dialog, the browser's download). The text is saved as the server sent it,
 * once it has been read whole: the server streams the backup, and an answer that broke off
 * must never be saved as if it were a backup.
 */
export function exportTransferFile(
  kind: TransferKind,
  now: Date = new Date(),
): AppThunk<Promise<{ name: string; outcome: SaveFileOutcome }>> {
  return async (_dispatch, _getState, { api, saveFile }) => {
    const text = await api.getText(`${TRANSFER_PATHS[kind]}/export`);
    try {
      JSON.parse(text);
    } catch {
      throw new Error(de.transfer.screen.exportIncomplete);
    }
    const name = exportFileName(kind, now);
    const outcome = await saveFile(name, new TextEncoder().encode(text), 'application/json');
    return { name, outcome };
  };
}

/**
 * POST /{kind}/import with `{mode, data}` where data is the file's text as it is: the body is
 * put together around the file (no parse and no copy of a file of many MB), and the upload's
 * progress is reported. Everything cached may have changed afterwards, so every tag is
 * refreshed.
 */
export function importTransferFile(
  kind: TransferKind,
  file: Blob,
  mode: ImportMode,
  onProgress: (fraction: number) => void,
): AppThunk<Promise<ImportResult>> {
  return async (dispatch, _getState, { save }) => {
    const body = new Blob([`{"mode":${JSON.stringify(mode)},"data":`, file, '}'], { type: 'application/json' });
    const result = await save<ImportResult>({
      method: 'POST',
      path: `${TRANSFER_PATHS[kind]}/import`,
      upload: { file: body, onProgress },
    });
    dispatch(apiSlice.util.invalidateTags([...TAG_TYPES]));
    return result;
  };
}
