import { useCallback, useEffect, useRef, useState } from 'react';
import type { UserSettingsPatch } from '@werkboard/common';
import { de } from '@werkboard/common';
import { useAppDispatch } from '../../store/hooks';
import { mergePatches } from './mergePatch';
import { saveUserSettings } from '../../api/endpoints/settings';
import { applySettings } from './settingsThunks';

/** How long changes gather before one PUT (a colour picker fires many changes while dragging). */
export const SETTINGS_SAVE_DELAY_MS = 400;

/**
 * Settings changes for the dialog: each change is applied locally at once; changes are
 * gathered and saved to the server together, and whatever is pending is saved when the
 * dialog closes. A failed save leaves the local change and reports the spec's message.
 */
export function useSettingsSaver(delayMs: number = SETTINGS_SAVE_DELAY_MS) {
  const dispatch = useAppDispatch();
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<UserSettingsPatch | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const patch = pending.current;
    pending.current = null;
    if (!patch) return;
    dispatch(saveUserSettings(patch)).then(
      () => {
        if (mounted.current) setError(null);
      },
      () => {
        if (mounted.current) setError(de.settings.serverSaveFailed);
      },
    );
  }, [dispatch]);

  const change = useCallback(
    (patch: UserSettingsPatch) => {
      dispatch(applySettings(patch));
      pending.current = pending.current ? mergePatches(pending.current, patch) : patch;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    },
    [dispatch, delayMs, flush],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      flush();
    };
  }, [flush]);

  return { change, error };
}
