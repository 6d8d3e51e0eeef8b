import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { de } from '@werkboard/common';
import { Dialog } from './Dialog';
import { lazyDialog } from './lazyDialog';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

function Loaded({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Hilfe" onClose={onClose}>
      <p>Inhalt geladen</p>
    </Dialog>
  );
}

describe('lazyDialog', () => {
  it('shows its frame with a loading line until the chunk arrives, then the dialog', async () => {
    const chunk = deferred<typeof Loaded>();
    const Help = lazyDialog('Hilfe', () => chunk.promise);
    render(<Help onClose={() => undefined} />);

    expect(screen.getByRole('dialog', { name: 'Hilfe' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(de.app.loading);
    chunk.resolve(Loaded);
    expect(await screen.findByText('Inhalt geladen')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("takes the frame's title from the props where the dialog is named by what it shows", async () => {
    const chunk = deferred<typeof Loaded>();
    const Task = lazyDialog<{ cardTitle: string; onClose: () => void }>(
      (props) => props.cardTitle,
      () => chunk.promise,
    );
    render(<Task cardTitle="Kabel ziehen" onClose={() => undefined} />);

    expect(screen.getByRole('dialog', { name: 'Kabel ziehen' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(de.app.loading);
    chunk.resolve(Loaded);
    expect(await screen.findByText('Inhalt geladen')).toBeTruthy();
  });

  it('gives focus back to what opened it, also when the page behind was not focusable while it loaded', async () => {
    const chunk = deferred<typeof Loaded>();
    const Help = lazyDialog('Hilfe', () => chunk.promise);
    // As the board's page, inert behind an open dialog: its button cannot take focus meanwhile.
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" disabled={open} onClick={() => setOpen(true)}>
            Öffnen
          </button>
          {open && <Help onClose={() => setOpen(false)} />}
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Öffnen' });
    opener.focus();
    fireEvent.click(opener);
    act(() => chunk.resolve(Loaded));
    await screen.findByText('Inhalt geladen');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('renders a preloaded dialog at once', async () => {
    const load = jest.fn(() => Promise.resolve(Loaded));
    const Help = lazyDialog('Hilfe', load);
    await Help.preload();
    render(<Help onClose={() => undefined} />);

    expect(screen.getByText('Inhalt geladen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says in German that loading failed, can be closed, and loads again when opened again', async () => {
    let online = false;
    const load = jest.fn(() =>
      online ? Promise.resolve(Loaded) : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const Help = lazyDialog('Hilfe', load);
    const onClose = jest.fn();
    const first = render(<Help onClose={onClose} />);

    expect((await screen.findByRole('alert')).textContent).toBe(de.app.pageLoadFailed);
    fireEvent.click(screen.getByRole('button', { name: de.app.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    online = true;
    render(<Help onClose={onClose} />);
    expect(await screen.findByText('Inhalt geladen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
