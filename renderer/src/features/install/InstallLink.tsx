import { deStart } from '@werkboard/common';
import { installPromptSource, type InstallPromptSource } from './installPromptSource';
import { useInstallPrompt } from './useInstallPrompt';

/** The login screen's 'App installieren' (spec section 2), there whenever the browser offers it. */
export function InstallLink({ source = installPromptSource }: { source?: InstallPromptSource }) {
  const { canInstall, installed } = useInstallPrompt(source);
  if (!canInstall || installed) return null;
  return (
    <button type="button" className="link-button" onClick={() => void source.install()}>
      {deStart.login.installApp}
    </button>
  );
}
