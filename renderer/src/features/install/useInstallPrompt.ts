import { useSyncExternalStore } from 'react';
import { installPromptSource, type InstallPromptSource, type InstallPromptState } from './installPromptSource';

/** The install offer and whether the app is installed, re-rendering when either changes. */
export function useInstallPrompt(source: InstallPromptSource = installPromptSource): InstallPromptState {
  return useSyncExternalStore(source.subscribe, source.getState, source.getState);
}
