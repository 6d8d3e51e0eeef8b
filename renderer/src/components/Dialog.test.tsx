import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './Dialog';

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(true);
  return (
    <>
      {outer && (
        <Dialog title="Einstellungen" onClose={() => setOuter(false)}>
          <p>außen</p>
          {inner && (
            <Dialog title="Bestätigung" onClose={() => setInner(false)}>
              <p>innen</p>
            </Dialog>
          )}
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('closes only the topmost of two open dialogs on Escape', () => {
    render(<Nested />);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Bestätigung' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Einstellungen' })).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
