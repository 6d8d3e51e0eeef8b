import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { RolePermissionMap } from '@werkboard/common';
import { de, DEFAULT_ROLE_PERMISSIONS, PERMISSION_KEYS } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';

const label = (key: (typeof PERMISSION_KEYS)[number], role: string) =>
  de.permissionsScreen.toggle(de.permissions.labels[key], role);

function box(key: (typeof PERMISSION_KEYS)[number], role: string): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('checkbox', { name: label(key, role) });
}

function setup(routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({ 'GET /api/permissions/roles': { body: DEFAULT_ROLE_PERMISSIONS }, ...routes });
  renderApp('/admin/permissions', { user: buildUser('Admin'), fake });
  return fake;
}

describe('/admin/permissions', () => {
  it('shows one row per permission with its German label and one column per role', async () => {
    setup();
    await screen.findByRole('table');

    expect(screen.getAllByRole('row')).toHaveLength(PERMISSION_KEYS.length + 1);
    expect(screen.getByRole('rowheader', { name: 'Vorlagen verwalten' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Berechtigung',
      'Admin',
      'Firmenleiter',
      'Projektleiter',
      'Monteur',
      'Auszubildender',
      'Helfer',
    ]);
    expect(box('can_manage_templates', 'Projektleiter').checked).toBe(true);
    expect(box('can_manage_templates', 'Monteur').checked).toBe(false);
  });

  it('keeps the Admin column checked and disabled, even if the server left a key out', async () => {
    setup({ 'GET /api/permissions/roles': { body: { ...DEFAULT_ROLE_PERMISSIONS, Admin: [] } } });
    await screen.findByRole('table');

    for (const key of PERMISSION_KEYS) {
      expect(box(key, 'Admin').checked).toBe(true);
      expect(box(key, 'Admin').disabled).toBe(true);
    }
    fireEvent.click(box('can_manage_users', 'Admin'));
    expect(box('can_manage_users', 'Admin').checked).toBe(true);
    expect(box('can_manage_users', 'Monteur').disabled).toBe(false);
  });

  it('saves the changed matrix without the Admin row and says when it takes effect', async () => {
    const fake = setup({
      'PUT /api/permissions/roles': ({ body }) => ({
        body: { ...DEFAULT_ROLE_PERMISSIONS, ...(body as Partial<RolePermissionMap>) },
      }),
    });
    await screen.findByRole('table');

    fireEvent.click(box('can_manage_templates', 'Monteur'));
    fireEvent.click(box('can_create_projects', 'Monteur'));
    fireEvent.click(screen.getByRole('button', { name: 'Berechtigungen speichern' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Berechtigungen erfolgreich gespeichert. Änderungen werden bei der nächsten Benutzeranmeldung wirksam.',
    );
    const body = fake.calls('PUT /api/permissions/roles')[0]?.body as Record<string, string[]>;
    expect(body).not.toHaveProperty('Admin');
    expect(body.Monteur).toEqual([
      'can_view_dashboard',
      'can_edit_projects',
      'can_delete_own_projects',
      'can_manage_templates',
    ]);
    expect(body.Firmenleiter).toEqual(DEFAULT_ROLE_PERMISSIONS.Firmenleiter);
    expect(box('can_manage_templates', 'Monteur').checked).toBe(true);
  });

  it("says 'Speichern fehlgeschlagen.' and keeps the edit when saving fails", async () => {
    setup({ 'PUT /api/permissions/roles': { status: 500, body: { message: 'kaputt' } } });
    await screen.findByRole('table');

    fireEvent.click(box('can_view_archive', 'Helfer'));
    fireEvent.click(screen.getByRole('button', { name: 'Berechtigungen speichern' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Speichern fehlgeschlagen.');
    expect(box('can_view_archive', 'Helfer').checked).toBe(true);
  });

  it("says 'Berechtigungen konnten nicht geladen werden.' and loads again on request", async () => {
    let fail = true;
    setup({
      'GET /api/permissions/roles': () =>
        fail ? { status: 500, body: { message: 'x' } } : { body: DEFAULT_ROLE_PERMISSIONS },
    });

    expect((await screen.findByRole('alert')).textContent).toContain('Berechtigungen konnten nicht geladen werden.');
    expect(screen.queryByRole('table')).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: de.actions.retry }));
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
  });
});
