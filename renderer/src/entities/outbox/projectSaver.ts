import { produce } from 'immer';
import type { ChangeLogEntryDto, ProjectDocument } from '@werkboard/common';
import { prependChangeLog } from '@werkboard/common';

/**
 * An edit of the open project: mutates an immer draft and may return its change-log actions
 * (the board's operations do; the panels pass theirs separately to `update`).
 */
export type EditRecipe = (draft: ProjectDocument) => string | readonly string[] | null | undefined | void;

/** An edit applied locally but not yet confirmed by the server, with the log entries it wrote. */
export interface PendingEdit {
  recipe: EditRecipe;
  entries: ChangeLogEntryDto[];
}

/**
 * The save queue of one open project, the page-lifetime half of the one outbox (issue 17; the
 * durable half is `SyncEngine`, the way in `save()`). It lives outside redux because it holds functions:
 * while one save is in flight, further edits wait here; when the answer (what the server's
 * merge changed, applied to the base, with its new revision) comes, they are applied again on
 * top of it (rebase) and sent together as the next save. `generation` changes on every reset, so an answer that comes
 * after a reload or a status change is ignored.
 */
export class ProjectSaver {
  pending: PendingEdit[] = [];
  inFlight: PendingEdit[] | null = null;
  generation = 0;
  running: Promise<void> | null = null;
  /** The last copy the server confirmed (without local edits). */
  base: ProjectDocument | null = null;
  /**
   * The base is the copy as last queued for the server, not one it answered: saves still go
   * as deltas on it (the queue joins them), but a read of what changed waits for a whole read.
   */
  queuedBase = false;

  reset(base: ProjectDocument | null): void {
    this.generation += 1;
    this.pending = [];
    this.inFlight = null;
    // Kept as it was when the base stays (a failed save keeps the last copy).
    this.queuedBase = base !== null && base === this.base && this.queuedBase;
    this.base = base;
  }

  /** A copy the server answered (or one as queued for it) becomes the base. */
  confirm(base: ProjectDocument, queued = false): void {
    this.base = base;
    this.queuedBase = queued;
  }

  /** The base a delta can be taken against or applied to: the server's copy at its revision. */
  get serverBase(): ProjectDocument | null {
    return this.queuedBase ? null : this.base;
  }

  get busy(): boolean {
    return this.inFlight !== null || this.pending.length > 0;
  }

  /** Resolves once no save is running (also when new ones start meanwhile). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }
}

/**
 * Which saver belongs to the open project. The app store's thunks share one of these (thunk
 * extra `projectSavers`); every opened project gets a saver of its own, so the last edits of a
 * closed project are still sent by its saver while the state already belongs to the next
 * project (or to none).
 */
export class ProjectSavers {
  current: ProjectSaver | null = null;

  open(): ProjectSaver {
    this.current = new ProjectSaver();
    return this.current;
  }

  close(): void {
    this.current = null;
  }
}

/** Runs the pending edits again on a newer server copy, with the same log entries. */
export function rebase(document: ProjectDocument, edits: readonly PendingEdit[]): ProjectDocument {
  if (edits.length === 0) return document;
  return produce(document, (draft) => {
    for (const edit of edits) {
      edit.recipe(draft);
      prependChangeLog(draft, edit.entries);
    }
  });
}
