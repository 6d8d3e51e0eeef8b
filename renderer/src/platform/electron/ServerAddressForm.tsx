import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import type { DesktopBridge, ServerAddressResult } from '@werkboard/common';
import { de, deStart } from '@werkboard/common';

// `de`, not `deStart`: this form is a chunk of its own (the desktop's first start, the settings).
const t = de.desktop;

const REASONS: Record<Extract<ServerAddressResult, { ok: false }>['reason'], string> = {
  invalid: t.serverAddressInvalid,
  unreachable: t.serverAddressUnreachable,
  notWerkboard: t.serverAddressNotWerkboard,
};

/**
 * The company server's address in the desktop app: asked at the first start and changed in
 * the settings. The shell checks /api/status before it stores anything; on success the app
 * starts again on the new server.
 */
export function ServerAddressForm({
  bridge,
  initial,
  onSaved,
  onCancel,
}: {
  bridge: Pick<DesktopBridge, 'setServerAddress'>;
  initial: string;
  onSaved: (address: string) => void;
  onCancel?: () => void;
}) {
  const [address, setAddress] = useState(initial);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setError(null);
    try {
      const result = await bridge.setServerAddress(address);
      if (result.ok) onSaved(result.address);
      else setError(REASONS[result.reason]);
    } catch {
      setError(t.serverAddressInvalid);
    } finally {
      setChecking(false);
    }
  };

  return (
    <form className="login__form server-address" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={inputId}>{t.serverAddressLabel}</label>
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="http://192.168.1.20:3000"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          required
        />
      </div>
      {error && (
        <p role="alert" className="message message--error">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={checking}>
            {t.serverAddressCancel}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={checking || address.trim() === ''}>
          {checking ? t.serverAddressChecking : t.serverAddressSave}
        </button>
      </div>
    </form>
  );
}

/** The whole window at the first start, before any server is known. */
export function ServerSetupScreen({ bridge, onSaved }: { bridge: DesktopBridge; onSaved: () => void }) {
  return (
    <main className="login">
      <div className="login__card">
        <header className="login__brand">
          <span className="login__logo" aria-hidden="true">
            W
          </span>
          <h1 className="login__title">{deStart.app.name}</h1>
          <p className="login__tagline">{t.serverAddressTitle}</p>
        </header>
        <p className="muted">{t.serverAddressIntro}</p>
        <ServerAddressForm bridge={bridge} initial="" onSaved={onSaved} />
      </div>
    </main>
  );
}

/** 'Server-Adresse ändern' in the settings; nothing in the browser, which has no such setting. */
export function ServerAddressSetting({ bridge, onSaved }: { bridge: DesktopBridge | null; onSaved: () => void }) {
  const [current, setCurrent] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    let live = true;
    bridge?.getServerAddress().then(
      (address) => live && setCurrent(address ?? ''),
      () => live && setCurrent(''),
    );
    return () => {
      live = false;
    };
  }, [bridge]);
  if (!bridge) return null;
  return (
    <div className="settings-section server-address-setting">
      {current && <p className="muted">{t.serverAddressCurrent(current)}</p>}
      {editing ? (
        <ServerAddressForm
          bridge={bridge}
          initial={current ?? ''}
          onSaved={onSaved}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <button type="button" className="button" onClick={() => setEditing(true)}>
          {t.serverAddressChange}
        </button>
      )}
    </div>
  );
}
