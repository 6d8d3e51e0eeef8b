import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { CurrentUserDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp, renderWithProviders } from '../../test/renderApp';
import { buildProjectSummary, buildTemplateSummary } from '../../test/projectSummaries';
import { ArchivePage } from './ArchivePage';

const t = de.projectOverview.archive;
const admin = buildUser('Admin');
const firmenleiter = buildUser('Firmenleiter');

const PROJECTS = [
  buildProjectSummary({ id: 'p-1', name: 'Bad Müller', status: 'archived', projectNumber: '2026-017' }),
  buildProjectSummary({ id: 'p-2', name: 'Heizung Schulz', status: 'archived' }),
];
const TEMPLATES = [
  buildTemplateSummary({ id: 'tpl-1', name: 'Altbau', ownerId: null }),
  buildTemplateSummary({ id: 'tpl-2', name: 'Meine Elektro', ownerId: 'u-x', ownerUsername: 'max' }),
  buildTemplateSummary({ id: 'tpl-3', name: 'Dach', ownerId: null }),
];

function routes(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/projects/archived': { body: PROJECTS },
    'GET /api/templates/archived': { body: TEMPLATES },
    ...overrides,
  };
}

function setup(user: CurrentUserDto = admin, overrides: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch(routes(overrides));
  return { ...renderApp('/archive', { user, fake }), fake };
}

async function entry(name: string) {
  return within(await screen.findByRole('listitem', { name }));
}

describe('/archive', () => {
  it('shows both tabs with their counts and the archived projects first', async () => {
    setup();

    expect(screen.getByRole('heading', { level: 1, name: de.pages.archive })).toBeTruthy();
    const projectsTab = await screen.findByRole('tab', { name: 'Archivierte Projekte (2)' });
    expect(projectsTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Archivierte Vorlagen (3)' })).toBeTruthy();
    expect((await entry('Bad Müller')).getByText('Projekt-Nr: 2026-017')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Altbau' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Archivierte Vorlagen (3)' }));
    expect((await entry('Altbau')).getByText(t.global)).toBeTruthy();
    expect((await entry('Meine Elektro')).getByText('max')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Bad Müller' })).toBeNull();
  });

  it('restores a project after the confirmation and takes it off the list', async () => {
    const { fake } = setup(admin, { 'POST /api/projects/p-1/restore': { body: { id: 'p-1' } } });

    fireEvent.click((await entry('Bad Müller')).getByRole('button', { name: 'Bad Müller wiederherstellen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Projekt wiederherstellen' }));
    expect(dialog.getByText(t.restoreProjectQuestion('Bad Müller'))).toBeTruthy();
    expect(fake.calls('POST /api/projects/p-1/restore')).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: 'Wiederherstellen' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bad Müller' })).toBeNull());
    expect(fake.calls('POST /api/projects/p-1/restore')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Archivierte Projekte (1)' })).toBeTruthy();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { fake } = setup();

    fireEvent.click((await entry('Bad Müller')).getByRole('button', { name: 'Bad Müller endgültig löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Projekt endgültig löschen' }));
    expect(dialog.getByText(t.cannotBeUndone)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: de.actions.cancel }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
    expect(await entry('Bad Müller')).toBeTruthy();
  });

  it('deletes a template for good after the confirmation', async () => {
    const { fake } = setup(admin, { 'DELETE /api/templates/tpl-3/permanent': { body: { message: 'ok' } } });

    fireEvent.click(await screen.findByRole('tab', { name: 'Archivierte Vorlagen (3)' }));
    fireEvent.click((await entry('Dach')).getByRole('button', { name: 'Dach endgültig löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Vorlage endgültig löschen' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));

    await waitFor(() => expect(screen.getByRole('tab', { name: 'Archivierte Vorlagen (2)' })).toBeTruthy());
    expect(fake.calls('DELETE /api/templates/tpl-3/permanent')).toHaveLength(1);
    expect(screen.queryByRole('listitem', { name: 'Dach' })).toBeNull();
  });

  it('restores a template through its own route', async () => {
    const { fake } = setup(admin, { 'POST /api/templates/tpl-1/restore': { body: { id: 'tpl-1' } } });

    fireEvent.click(await screen.findByRole('tab', { name: 'Archivierte Vorlagen (3)' }));
    fireEvent.click((await entry('Altbau')).getByRole('button', { name: 'Altbau wiederherstellen' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Vorlage wiederherstellen' })).getByRole('button', {
        name: 'Wiederherstellen',
      }),
    );

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Altbau' })).toBeNull());
    expect(fake.calls('POST /api/templates/tpl-1/restore')).toHaveLength(1);
  });

  it.each([
    ['wiederherstellen', 'POST /api/projects/p-2/restore', 'Wiederherstellen', 'Wiederherstellung fehlgeschlagen.'],
    [
      'endgültig löschen',
      'DELETE /api/projects/p-2/permanent',
      'Endgültig löschen',
      'Endgültiges Löschen fehlgeschlagen.',
    ],
  ])('says in the dialog when %s fails and keeps the entry', async (action, route, confirm, message) => {
    setup(admin, { [route]: { status: 500, body: { message: 'Datenbankfehler' } } });

    fireEvent.click((await entry('Heizung Schulz')).getByRole('button', { name: `Heizung Schulz ${action}` }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: confirm }));

    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('listitem', { name: 'Heizung Schulz' })).toBeTruthy();
  });

  it('shows no restore or delete buttons to a Firmenleiter', async () => {
    setup(firmenleiter);

    const bad = await entry('Bad Müller');
    expect(bad.getByRole('link', { name: 'Bad Müller' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /wiederherstellen|endgültig löschen/i })).toBeNull();
  });

  it('says when nothing is archived', async () => {
    setup(admin, { 'GET /api/projects/archived': { body: [] }, 'GET /api/templates/archived': { body: [] } });

    expect(await screen.findByText('Keine archivierten Projekte.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Archivierte Projekte (0)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Archivierte Vorlagen (0)' }));
    expect(screen.getByText('Keine archivierten Vorlagen.')).toBeTruthy();
  });

  it("shows the server's message when the archive cannot be loaded", async () => {
    setup(admin, { 'GET /api/templates/archived': { status: 403, body: { message: 'Keine Berechtigung.' } } });
    expect((await screen.findByRole('alert')).textContent).toContain('Keine Berechtigung.');
  });

  it("falls back to 'Archivierte Daten konnten nicht geladen werden.'", async () => {
    setup(admin, { 'GET /api/projects/archived': { status: 502, body: '<html>Bad Gateway</html>' } });
    expect((await screen.findByRole('alert')).textContent).toContain(t.loadFailed);
  });
});

function StateProbe() {
  const location = useLocation();
  return <div data-testid="opened">{`${location.pathname} ${JSON.stringify(location.state)}`}</div>;
}

describe('/archive entries', () => {
  it.each([
    ['Bad Müller', undefined, '/project/p-1'],
    ['Altbau', 'Archivierte Vorlagen (3)', '/template/edit/tpl-1'],
  ])('open %s read-only with the archived flag', async (name, tab, path) => {
    renderWithProviders(
      <Routes>
        <Route path="/archive" element={<ArchivePage />} />
        <Route path="/project/:id" element={<StateProbe />} />
        <Route path="/template/edit/:id" element={<StateProbe />} />
      </Routes>,
      { path: '/archive', user: admin, fake: createFakeFetch(routes()) },
    );

    if (tab) fireEvent.click(await screen.findByRole('tab', { name: tab }));
    fireEvent.click((await entry(name)).getByRole('link', { name }));

    expect(screen.getByTestId('opened').textContent).toBe(`${path} {"isArchived":true}`);
  });
});
