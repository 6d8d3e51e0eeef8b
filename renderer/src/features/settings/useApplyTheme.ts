import { useEffect } from 'react';
import { useAppSelector } from '../../store/hooks';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import { applyTheme } from './theme';

/** Applies the user's colours and background pattern to the document while the app shell shows. */
export function useApplyTheme(): void {
  const settings = useAppSelector(selectUserSettings);
  useEffect(() => {
    applyTheme(document.documentElement, settings);
  }, [settings]);
  useEffect(() => () => applyTheme(document.documentElement, null), []);
}
