import type { MessageBoxSyncOptions } from 'electron';
import { de } from '@werkboard/common';

/**
 * The renderer asks before its page is left while a change is only in the page (renderer
 * api/unsavedWork.ts, a `beforeunload` that cancels). A browser shows its own question; in
 * Electron the window would just not close, without a word, so the shell asks in a dialog.
 */
export const UNSAVED_PROMPT: MessageBoxSyncOptions = {
  type: 'warning',
  title: de.desktop.unsavedTitle,
  message: de.desktop.unsavedTitle,
  detail: de.desktop.unsavedText,
  buttons: [de.desktop.unsavedStay, de.desktop.unsavedLeave],
  defaultId: 0,
  cancelId: 0,
};

/**
 * Electron's `will-prevent-unload`: `preventDefault()` there overrides the page's refusal and
 * leaves. Only when the user chose to close anyway (the dialog's second button); Escape or
 * 'Warten' keeps the window and the change that is still being saved.
 */
export function answerPreventedUnload(
  event: { preventDefault(): void },
  ask: (options: MessageBoxSyncOptions) => number,
): void {
  if (ask(UNSAVED_PROMPT) === 1) event.preventDefault();
}
