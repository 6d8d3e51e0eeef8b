import type { Draft } from 'immer';
import { current, isDraft } from 'immer';
import type { ChangeLogEntryDto, ProjectDocument } from '../dto/projects';

// Kept apart from the board's edits: the outbox (in the first script) uses prependChangeLog,
// and boardOperations would bring the messages and schemas with it.

/**
 * The value as it stands now, without a draft's proxies: the board's edits run on an immer
 * draft in the renderer, and every object read through a draft becomes a proxy of its own that
 * immer walks again when it finishes (a search through a column of 1,250 cards made 1,250 of
 * them, 20 ms of a drop at 5,000 cards). Reads go through this; writes go to the draft. An
 * unchanged draft gives its base at once; a plain object is itself.
 */
export function plainView<T>(value: T): T {
  return isDraft(value) ? current<T>(value as Draft<T>) : value;
}

/**
 * Puts an edit's change-log entries first (the log is newest first). A new list rather than
 * unshift: unshift through a draft makes a proxy of every entry it shifts (up to 1,000).
 */
export function prependChangeLog(doc: ProjectDocument, entries: readonly ChangeLogEntryDto[]): void {
  if (entries.length > 0) doc.changeLog = [...entries, ...plainView(doc.changeLog)];
}
