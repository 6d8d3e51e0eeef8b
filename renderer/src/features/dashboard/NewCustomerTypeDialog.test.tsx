import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderApp';
import { NewCustomerTypeDialog } from './NewCustomerTypeDialog';

function setup(routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({
    'GET /api/customer-types': { body: ['Allgemein', 'Privatkunde', 'Großkunde'] },
    ...routes,
  });
  const onClose = jest.fn();
  const onCreated = jest.fn();
  renderWithProviders(<NewCustomerTypeDialog onClose={onClose} onCreated={onCreated} />, {
    user: buildUser('Admin'),
    fake,
  });
  const dialog = within(screen.getByRole('dialog', { name: 'Neuer Kundentyp' }));
  return { fake, onClose, onCreated, dialog };
}

const submit = (dialog: Pick<typeof screen, 'getByRole'>) =>
  fireEvent.click(dialog.getByRole('button', { name: 'Kundentyp anlegen' }));

describe('NewCustomerTypeDialog', () => {
  it('refuses an empty name without a request', async () => {
    const { dialog, fake } = setup();
    await dialog.findByRole('option', { name: 'Großkunde' });

    fireEvent.change(dialog.getByLabelText('Name des Kundentyps'), { target: { value: '   ' } });
    submit(dialog);

    expect(dialog.getByText('Der Name des Kundentyps darf nicht leer sein.')).toBeTruthy();
    expect(fake.calls('POST /api/customer-types')).toHaveLength(0);
  });

  it('refuses an existing name, trimmed and case-insensitively, without a request', async () => {
    const { dialog, fake } = setup();
    await dialog.findByRole('option', { name: 'Großkunde' });

    fireEvent.change(dialog.getByLabelText('Name des Kundentyps'), { target: { value: '  privatKUNDE ' } });
    submit(dialog);

    expect(dialog.getByText('Ein Kundentyp mit diesem Namen existiert bereits.')).toBeTruthy();
    expect(fake.calls('POST /api/customer-types')).toHaveLength(0);
  });

  it('creates the type with the tags to copy and hands the name back', async () => {
    const { dialog, fake, onCreated, onClose } = setup({
      'POST /api/customer-types': { status: 201, body: { name: 'Industriekunde' } },
    });
    await dialog.findByRole('option', { name: 'Großkunde' });

    fireEvent.change(dialog.getByLabelText('Name des Kundentyps'), { target: { value: ' Industriekunde ' } });
    fireEvent.change(dialog.getByLabelText(/Tags übernehmen von/), { target: { value: 'Großkunde' } });
    submit(dialog);

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('Industriekunde'));
    expect(fake.calls('POST /api/customer-types')[0]?.body).toEqual({
      name: 'Industriekunde',
      copyTagsFrom: 'Großkunde',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message, else the spec's failure text", async () => {
    const { dialog, onCreated } = setup({
      'POST /api/customer-types': {
        status: 403,
        body: { message: 'Keine Berechtigung, Kundentypen und Tags zu verwalten.' },
      },
    });
    fireEvent.change(dialog.getByLabelText('Name des Kundentyps'), { target: { value: 'Neu' } });
    submit(dialog);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Keine Berechtigung, Kundentypen und Tags zu verwalten.',
    );
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("says 'Fehler beim Speichern des neuen Kundentyps' when the server gives no message", async () => {
    const { dialog } = setup({ 'POST /api/customer-types': { status: 500, body: '<html></html>' } });
    fireEvent.change(dialog.getByLabelText('Name des Kundentyps'), { target: { value: 'Neu' } });
    submit(dialog);
    expect((await dialog.findByRole('alert')).textContent).toBe('Fehler beim Speichern des neuen Kundentyps');
  });
});
