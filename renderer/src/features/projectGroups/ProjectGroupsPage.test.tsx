import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, ProjectGroupDto } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const GROUPS: ProjectGroupDto[] = [
  {
    id: 'g-2',
    name: 'Neubau',
    description: 'Neubauprojekte 2026',
    color: '#22c55e',
    icon: 'home',
    iconColor: '#ffffff',
  },
  { id: 'g-1', name: 'Altbau', description: '', color: '#3b82f6', icon: 'building', iconColor: '#000000' },
];

const lifetimeAdmin = buildUser('Admin', { licenseType: 'Lifetime' });

/** PUT /api/project-groups/{any id} answers the stored group, unless a route for that id is given. */
function withAnyPut(routes: Record<string, FakeRoute>): Record<string, FakeRoute> {
  return new Proxy(routes, {
    get: (target, key) =>
      typeof key === 'string' && !(key in target) && key.startsWith('PUT /api/project-groups/')
        ? ({ url, body }: { url: string; body: unknown }) => ({
            body: { id: url.slice('/api/project-groups/'.length), ...(body as object) },
          })
        : target[key as string],
  });
}

function setup(routes: Record<string, FakeRoute> = {}, user: CurrentUserDto = lifetimeAdmin) {
  const fake = createFakeFetch(withAnyPut({ 'GET /api/project-groups': { body: GROUPS }, ...routes }));
  return { ...renderApp('/project-groups', { user, fake }), fake };
}

const list = () => within(screen.getByRole('list', { name: 'Projektgruppen' }));

describe('/project-groups', () => {
  it('lists the groups by name with description and their actions', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Projektgruppen' })).toBeTruthy();

    const items = await screen.findAllByRole('listitem', { name: /bau$/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Altbau', 'Neubau']);
    const neubau = within(list().getByRole('listitem', { name: 'Neubau' }));
    expect(neubau.getByText('Neubauprojekte 2026')).toBeTruthy();
    expect(neubau.getByRole('button', { name: 'Gruppe „Neubau“ bearbeiten' })).toBeTruthy();
    expect(neubau.getByRole('button', { name: 'Gruppe „Neubau“ löschen' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Neue Gruppe' }).disabled).toBe(false);
  });

  it('shows the empty state', async () => {
    setup({ 'GET /api/project-groups': { body: [] } });
    expect(await screen.findByText('Noch keine Projektgruppen angelegt.')).toBeTruthy();
  });

  it("says 'Gruppen konnten nicht geladen werden.' when the list fails", async () => {
    setup({ 'GET /api/project-groups': { status: 500, body: { message: 'kaputt' } } });
    expect((await screen.findByRole('alert')).textContent).toContain('Gruppen konnten nicht geladen werden.');
  });

  it('creates a group under a new client id with PUT and shows it', async () => {
    const { fake } = setup({
      'GET /api/project-groups': { body: [] },
    });
    await screen.findByText('Noch keine Projektgruppen angelegt.');
    fireEvent.click(screen.getByRole('button', { name: 'Neue Gruppe' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Neue Gruppe' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(dialog.getByText('Der Gruppenname darf nicht leer sein.')).toBeTruthy();
    expect(fake.requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: ' Wartung ' } });
    fireEvent.change(dialog.getByLabelText(/Beschreibung/), { target: { value: 'Wartungsverträge' } });
    fireEvent.change(dialog.getByLabelText('Farbe'), { target: { value: '#ff0000' } });
    fireEvent.change(dialog.getByLabelText('Symbolfarbe'), { target: { value: '#00ff00' } });
    fireEvent.click(dialog.getByRole('radio', { name: 'Zahnrad' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [put] = fake.requests.filter((request) => request.method === 'PUT');
    const id = put?.url.replace('/api/project-groups/', '') ?? '';
    expect(id).toMatch(UUID_V4);
    expect(put?.body).toEqual({
      name: 'Wartung',
      description: 'Wartungsverträge',
      color: '#ff0000',
      icon: 'settings',
      iconColor: '#00ff00',
    });
    expect(list().getByRole('listitem', { name: 'Wartung' })).toBeTruthy();
  });

  it("edits a group and shows the server's message on failure", async () => {
    const { fake } = setup({
      'PUT /api/project-groups/g-1': {
        status: 403,
        body: { message: 'Keine Berechtigung, Projektgruppen zu verwalten.' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppe „Altbau“ bearbeiten' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Gruppe bearbeiten' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Name').value).toBe('Altbau');

    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Altbau & Sanierung' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Keine Berechtigung, Projektgruppen zu verwalten.');
    expect(fake.calls('PUT /api/project-groups/g-1')[0]?.body).toMatchObject({ name: 'Altbau & Sanierung' });
  });

  it("says 'Fehler beim Speichern der Gruppe' when the server gives no message", async () => {
    setup({ 'PUT /api/project-groups/g-1': { status: 502, body: 'Bad Gateway' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppe „Altbau“ bearbeiten' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Gruppe bearbeiten' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Fehler beim Speichern der Gruppe');
  });

  it('deletes a group after the confirmation', async () => {
    const { fake } = setup({
      'DELETE /api/project-groups/g-2': { body: { message: 'Die Projektgruppe wurde gelöscht.' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppe „Neubau“ löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Gruppe löschen' }));
    expect(dialog.getByText('Möchten Sie die Gruppe „Neubau“ wirklich löschen?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(list().queryByRole('listitem', { name: 'Neubau' })).toBeNull());
    expect(fake.calls('DELETE /api/project-groups/g-2')).toHaveLength(1);
  });

  it("says 'Gruppe konnte nicht gelöscht werden' when the delete fails", async () => {
    setup({ 'DELETE /api/project-groups/g-2': { status: 500, body: { message: 'x' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppe „Neubau“ löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Gruppe löschen' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Gruppe konnte nicht gelöscht werden');
    expect(list().getByRole('listitem', { name: 'Neubau' })).toBeTruthy();
  });

  it('disables creating and editing on the Free license and says why', async () => {
    setup({}, buildUser('Firmenleiter', { licenseType: 'Free' }));
    await screen.findByRole('listitem', { name: 'Neubau' });

    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Neue Gruppe' });
    expect(create.disabled).toBe(true);
    expect(create.title).toBe('Projektgruppen sind in der Free-Lizenz deaktiviert.');
    expect(create.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(create.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Projektgruppen sind in der Free-Lizenz deaktiviert.',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Gruppe „Neubau“ bearbeiten' }).disabled).toBe(true);
  });
});
