import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { deStart } from '@werkboard/common';
import { Dialog } from './Dialog';

interface DialogProps {
  onClose: () => void;
}

/** A dialog in a chunk of its own: loaded on first open, or earlier by `preload()`. */
export interface LazyDialog<P extends DialogProps> {
  (props: P): React.JSX.Element;
  preload(): Promise<void>;
}

/**
 * A dialog the first script does not carry (issue 19: the login screen's script). Until its
 * chunk is there, the dialog frame with `title` (or the title the props give, for a dialog
 * named by what it shows) says that it loads, or that loading failed (offline before the
 * service worker had it); closing and opening again tries once more.
 */
export function lazyDialog<P extends DialogProps>(
  title: string | ((props: P) => string),
  load: () => Promise<ComponentType<P>>,
): LazyDialog<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const loadOnce = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  const Lazy = (props: P) => {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    // What had focus when it opened. The loaded dialog replaces the loading frame: the frame
    // gives focus back to it, but behind a modal the page is inert and cannot take it, so the
    // loaded dialog would give it back to nothing. On closing, focus goes back here.
    const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
    useEffect(
      () => () => {
        if (document.activeElement === null || document.activeElement === document.body) opener?.focus();
      },
      [opener],
    );
    useEffect(() => {
      if (Loaded) return undefined;
      let open = true;
      loadOnce().then(
        (component) => open && setLoaded(() => component),
        () => open && setFailed(true),
      );
      return () => {
        open = false;
      };
    }, [Loaded]);

    if (Loaded) return <Loaded {...props} />;
    return (
      <Dialog title={typeof title === 'string' ? title : title(props)} onClose={props.onClose}>
        {failed ? (
          <p role="alert" className="message message--error">
            {deStart.app.pageLoadFailed}
          </p>
        ) : (
          <p role="status" className="muted">
            {deStart.app.loading}
          </p>
        )}
      </Dialog>
    );
  };
  Lazy.preload = async () => {
    await loadOnce();
  };
  return Lazy;
}
