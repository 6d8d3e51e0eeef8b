import { screen } from '@testing-library/react';
import { canManageLicense } from '@werkboard/common';
import { buildUser, withPermissions } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Can } from './Can';

describe('<Can>', () => {
  it('shows its children only with the permission', () => {
    renderWithProviders(
      <Can permission="can_manage_templates" fallback={<span>nein</span>}>
        <span>ja</span>
      </Can>,
      { user: withPermissions('Monteur', ['can_view_dashboard']) },
    );
    expect(screen.queryByText('ja')).toBeNull();
    expect(screen.getByText('nein')).toBeTruthy();
  });

  it('checks a common policy rule and a route together with the permission', () => {
    renderWithProviders(
      <>
        <Can when={canManageLicense}>
          <span>Lizenz</span>
        </Can>
        <Can permission="can_manage_users" route="/users">
          <span>Benutzerlink</span>
        </Can>
      </>,
      // Granted can_manage_users, but /users stays closed to a Projektleiter.
      { user: withPermissions('Projektleiter', ['can_manage_users']) },
    );
    expect(screen.queryByText('Lizenz')).toBeNull();
    expect(screen.queryByText('Benutzerlink')).toBeNull();
  });

  it('lets an Admin through every check', () => {
    renderWithProviders(
      <Can permission="can_manage_permissions" when={canManageLicense} route="/admin/permissions">
        <span>alles</span>
      </Can>,
      { user: buildUser('Admin', { permissions: [] }) },
    );
    expect(screen.getByText('alles')).toBeTruthy();
  });
});
