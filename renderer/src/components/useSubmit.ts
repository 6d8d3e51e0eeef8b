import { useCallback, useState } from 'react';
import type { LimitKind } from '@werkboard/common';
import { ApiError, limitReachedKind, serverMessageOr } from '../api/errors';
import type { Feedback } from './FormFeedback';

/** What a failed action says: its German text, and the server's reason where it says more. */
export type Failure = string | { text: string; detail: string | null } | null;

export interface Submit {
  /** An action is running: its button is disabled and says so. */
  busy: boolean;
  /** The German text of the last failure, shown as an alert; null after a success or a new start. */
  error: string | null;
  setError: (error: string | null) => void;
  /** The outcome for forms that say it under the form: the failure, or the success text given to `run`. */
  feedback: Feedback;
  /** Forgets the last outcome (the user changes the form again). */
  clear: () => void;
  /** The Free limit the last action ran into (403 limit_reached; with `limits`), for the limit dialog. */
  limit: LimitKind | null;
  limitSeen: () => void;
  /**
   * Runs `action` unless one runs already: busy meanwhile, the error cleared first. A rejection
   * becomes `error` with the text `failure` gives for it (null: none, the form shows it its own
   * way), or `limit` when it ran into a Free limit and the form shows the limit dialog; a
   * success shows `success` in `feedback`. Resolves whether the action succeeded.
   */
  run: (action: () => Promise<unknown>, failure: (caught: unknown) => Failure, success?: string) => Promise<boolean>;
}

/**
 * The skeleton of every form and confirmation that saves through the server: one action at a
 * time, a busy state, the failure's German text, and (`limits`) the Free limit for the limit
 * dialog.
 */
export function useSubmit({ limits = false }: { limits?: boolean } = {}): Submit {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ text: string; detail: string | null } | null>(null);
  const setError = useCallback((text: string | null) => setFailed(text === null ? null : { text, detail: null }), []);
  const [succeeded, setSucceeded] = useState<string | null>(null);
  const [limit, setLimit] = useState<LimitKind | null>(null);
  const limitSeen = useCallback(() => setLimit(null), []);
  const clear = useCallback(() => {
    setFailed(null);
    setSucceeded(null);
  }, []);

  const run = async (action: () => Promise<unknown>, failure: (caught: unknown) => Failure, success?: string) => {
    if (busy) return false;
    setBusy(true);
    clear();
    try {
      await action();
      setSucceeded(success ?? null);
      return true;
    } catch (caught) {
      const kind = limits ? limitReachedKind(caught) : null;
      const said = kind ? null : failure(caught);
      if (kind) setLimit(kind);
      else setFailed(typeof said === 'string' ? { text: said, detail: null } : said);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const feedback: Feedback = failed
    ? { kind: 'error', ...failed }
    : succeeded
      ? { kind: 'success', text: succeeded }
      : null;
  return { busy, error: failed?.text ?? null, setError, feedback, clear, limit, limitSeen, run };
}

/**
 * A refused save split for a form: the server's field errors for the form's own fields (and
 * its message under the name where it is one of `nameMessages`), and the message for the
 * alert unless a field shows it already.
 */
export function serverFieldErrors(
  caught: unknown,
  fallback: string,
  formFields: readonly string[],
  nameMessages: readonly string[] = [],
): { fields: Record<string, string>; message: string | null } {
  const message = serverMessageOr(caught, fallback);
  const sent = caught instanceof ApiError ? caught.fields : {};
  const fields = Object.fromEntries(Object.entries(sent).filter(([key]) => formFields.includes(key)));
  if (nameMessages.includes(message)) fields.name ??= message;
  return { fields, message: Object.values(fields).includes(message) ? null : message };
}
