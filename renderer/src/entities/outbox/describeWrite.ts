import { deStart } from '@werkboard/common';
import type { FailedWrite } from '../../platform/syncQueue';
import { isDocumentSave, parseDocumentPath } from '../../platform/syncQueue';
import type { FailedChange } from './syncSlice';

/** The German line naming a queued write in the failed-changes list. */
export function describeWrite(write: Pick<FailedWrite, 'method' | 'path' | 'body'>): string {
  const t = deStart.sync.describe;
  const document = isDocumentSave(write) ? parseDocumentPath(write.path) : null;
  if (document) {
    const name = (write.body as { name?: unknown } | undefined)?.name;
    const label = typeof name === 'string' && name.trim() ? name : '?';
    return document.kind === 'projects' ? t.project(label) : t.template(label);
  }
  if (write.method === 'PUT' && write.path === '/settings') return t.settings;
  return t.other(write.method, write.path);
}

export function toFailedChange(write: FailedWrite): FailedChange {
  return {
    key: write.key,
    label: describeWrite(write),
    status: write.status,
    message: write.message,
    failedAt: write.failedAt,
  };
}
