import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, ProjectSummaryDto, TagDto } from '@werkboard/common';
import { de, DEFAULT_USER_SETTINGS } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import { buildProjectSummary } from '../../test/projectSummaries';
import { buildGroup, dashboardRoutes } from '../../test/dashboard';

const t = de.projectOverview;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 1_000).toISOString();

const PROJECTS: ProjectSummaryDto[] = [
  buildProjectSummary({
    id: 'p-bad',
    name: 'Bad Müller',
    projectNumber: '2026-017',
    ownerUsername: 'lena',
    cardCount: 4,
    doneCount: 3,
    lastModified: minutesAgo(5),
  }),
  buildProjectSummary({ id: 'p-empty', name: 'Neubau Ost', cardCount: 0, doneCount: 0, lastModified: minutesAgo(0) }),
  buildProjectSummary({
    id: 'p-done',
    name: 'Heizung Schulz',
    status: 'completed',
    ownerUsername: 'tom',
    cardCount: 2,
    doneCount: 2,
    lastModified: minutesAgo(3 * 24 * 60),
  }),
];

function setup(user: CurrentUserDto, projects: FakeRoute = { body: PROJECTS }) {
  const fake = createFakeFetch(dashboardRoutes({ 'GET /api/projects': projects }));
  return renderApp('/', { user, fake });
}

async function card(name: string) {
  return within(await screen.findByRole('listitem', { name }));
}

describe('dashboard project lists', () => {
  it('splits running and completed projects, the completed ones collapsed', async () => {
    setup(buildUser('Monteur'));

    const running = await screen.findByRole('button', { name: t.activeTitleWithCount(2) });
    expect(running.getAttribute('aria-expanded')).toBe('true');
    const list = within(screen.getByRole('list', { name: t.activeTitle }));
    expect(list.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Neubau Ost',
      'Bad Müller',
    ]);

    const completed = screen.getByRole('button', { name: t.completedTitleWithCount(1) });
    expect(completed.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Heizung Schulz')).toBeNull();

    fireEvent.click(completed);
    const done = await card('Heizung Schulz');
    expect(done.getByText(t.owner('tom'))).toBeTruthy();
    expect(done.getByText('Geändert vor 3 Tagen')).toBeTruthy();
  });

  it('shows icon, name, Projekt-Nr, progress with percent and done/total, and the last change', async () => {
    setup(buildUser('Monteur'));

    const bad = await card('Bad Müller');
    const link = bad.getByRole('link', { name: 'Bad Müller' });
    expect(link.getAttribute('href')).toBe('/project/p-bad');
    expect(bad.getByText('Projekt-Nr: 2026-017')).toBeTruthy();
    expect(bad.getByText('75 %')).toBeTruthy();
    expect(bad.getByText('3/4')).toBeTruthy();
    const bar = bad.getByRole('progressbar', { name: 'Fortschritt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(bar.getAttribute('aria-valuetext')).toBe('75 %, 3 von 4 Aufgaben erledigt');
    expect(bad.getByText('Geändert vor 5 Minuten')).toBeTruthy();

    const empty = await card('Neubau Ost');
    expect(empty.getByText('0 %')).toBeTruthy();
    expect(empty.getByText('0/0')).toBeTruthy();
    expect(empty.getByText('Geändert gerade eben')).toBeTruthy();
  });

  it('shows the owner only to users with can_view_admin_dashboard', async () => {
    setup(buildUser('Monteur'));
    expect((await card('Bad Müller')).queryByText(t.owner('lena'))).toBeNull();
  });

  it('shows the owner to a Firmenleiter', async () => {
    setup(buildUser('Firmenleiter'));
    expect((await card('Bad Müller')).getByText(t.owner('lena'))).toBeTruthy();
  });

  it('says so when there are no projects', async () => {
    setup(buildUser('Monteur'), { body: [] });

    expect(await screen.findByText('Keine Projekte gefunden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.completedTitleWithCount(0) }));
    expect(screen.getByText('Keine abgeschlossenen Projekte')).toBeTruthy();
  });

  it('says the data could not be loaded and loads again on request', async () => {
    let fail = true;
    const { fake } = setup(buildUser('Monteur'), () =>
      fail ? { status: 500, body: { message: 'kaputt' } } : { body: PROJECTS },
    );

    expect((await screen.findByRole('alert')).textContent).toContain('Daten konnten nicht geladen werden.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: de.actions.retry }));
    expect(await screen.findByRole('listitem', { name: 'Bad Müller' })).toBeTruthy();
    expect(fake.calls('GET /api/projects')).toHaveLength(2);
  });

  it("offers 'Neues Projekt' only with can_create_projects", async () => {
    setup(buildUser('Helfer'));
    await card('Bad Müller');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Neues Projekt' })).toBeNull();
  });

  it("shows 'Neues Projekt' to a Monteur", async () => {
    setup(buildUser('Monteur'));
    expect(await screen.findByRole('button', { name: 'Neues Projekt' })).toBeTruthy();
  });
});

const GROUP_NORD = buildGroup({ id: 'g-nord', name: 'Nord', color: '#ef4444', iconColor: '#00ff00', icon: 'truck' });
const GROUP_SUED = buildGroup({ id: 'g-sued', name: 'Süd' });

function setupWith(user: CurrentUserDto, routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch(dashboardRoutes(routes));
  return renderApp('/', { user, fake });
}

describe('running projects by project group', () => {
  const projects = [
    buildProjectSummary({ id: 'p-1', name: 'Bad Müller', groupId: 'g-nord', lastModified: minutesAgo(1) }),
    buildProjectSummary({ id: 'p-2', name: 'Dach Schulz', groupId: 'g-nord', lastModified: minutesAgo(2) }),
    buildProjectSummary({ id: 'p-3', name: 'Keller Wolf', groupId: null, lastModified: minutesAgo(3) }),
  ];

  it("shows a section per group with colour, icon colour and count, then 'Weitere Projekte'", async () => {
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': { body: projects },
      'GET /api/project-groups': { body: [GROUP_SUED, GROUP_NORD] },
    });

    const nord = await screen.findByRole('button', { name: 'Nord (2)' });
    expect(nord.getAttribute('aria-expanded')).toBe('true');
    const section = nord.closest('section')!;
    expect(section.style.getPropertyValue('--group-color')).toBe('#ef4444');
    expect((section.querySelector('.group-icon') as HTMLElement).style.getPropertyValue('--group-icon-color')).toBe(
      '#00ff00',
    );
    const nordList = within(screen.getByRole('list', { name: 'Nord' }));
    expect(nordList.getAllByRole('listitem', { name: /./ }).map((item) => item.getAttribute('aria-label'))).toEqual([
      'Bad Müller',
      'Dach Schulz',
    ]);
    // Groups in name order; an empty group is there while no filter hides anything.
    const toggles = [...document.querySelectorAll('.dash-section__title')].map((title) => title.textContent);
    expect(toggles).toEqual([
      'Termine (0)',
      t.activeTitleWithCount(3),
      'Nord (2)',
      'Süd (0)',
      'Weitere Projekte (1)',
      t.completedTitleWithCount(0),
    ]);
    expect(screen.getByText('Keine Projekte in dieser Gruppe')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Weitere Projekte' })).getByText('Keller Wolf')).toBeTruthy();

    fireEvent.click(nord);
    expect(screen.queryByRole('list', { name: 'Nord' })).toBeNull();
  });

  it('lists projects without a heading of their own when there are no groups', async () => {
    setupWith(buildUser('Monteur'), { 'GET /api/projects': { body: projects } });
    expect(await screen.findByRole('list', { name: t.activeTitle })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Weitere Projekte/ })).toBeNull();
  });

  it('still lists the projects when the groups cannot be loaded', async () => {
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': { body: projects },
      'GET /api/project-groups': { status: 500, body: { message: 'kaputt' } },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Gruppen konnten nicht geladen werden.');
    expect(screen.getAllByRole('listitem', { name: /./ })).toHaveLength(3);
  });
});

describe('project card', () => {
  const TAGS: TagDto[] = [
    { id: 't1', customerType: 'Allgemein', label: 'Dringend', color: 'red', priority: 3 },
    { id: 't2', customerType: 'Allgemein', label: 'Bad', color: 'sky', priority: 1 },
    { id: 't3', customerType: 'Allgemein', label: 'Fliesen', color: 'amber', priority: 1 },
    { id: 't4', customerType: 'Allgemein', label: 'Elektro', color: 'lime', priority: 0 },
    { id: 't5', customerType: 'Allgemein', label: 'Abnahme', color: 'rose', priority: 2 },
  ];

  it('shows up to 3 coloured tags plus +N', async () => {
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': {
        body: [buildProjectSummary({ name: 'Bad Müller', tagIds: ['t1', 't2', 't3', 't4', 't5'] })],
      },
      'GET /api/tags': { body: TAGS },
    });
    const tags = within((await card('Bad Müller')).getByRole('list', { name: 'Tags' }));
    const items = tags.getAllByRole('listitem');
    expect(items.slice(0, 3).map((item) => item.textContent)).toEqual(['Dringend', 'Bad', 'Fliesen']);
    expect(items).toHaveLength(4);
    expect(within(items[3]!).getByText('+2')).toBeTruthy();
    expect(within(items[3]!).getByText('2 weitere Tags: Elektro, Abnahme')).toBeTruthy();
    expect(items[0]!.className).toContain('board-tone--red');
    expect(items[3]!.getAttribute('title')).toBe('Elektro, Abnahme');
  });

  it('switches between tiles and list and saves the view mode in the display settings', async () => {
    const { fake, store } = setupWith(buildUser('Monteur'), {
      'GET /api/projects': { body: PROJECTS },
    });
    const grid = await screen.findByRole('button', { name: 'Kachelansicht' });
    expect(grid.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('list', { name: t.activeTitle }).className).toBe('project-grid');

    fireEvent.click(screen.getByRole('button', { name: 'Listenansicht' }));

    expect(screen.getByRole('button', { name: 'Listenansicht' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('list', { name: t.activeTitle }).className).toBe('project-list');
    expect(store.getState().auth.user?.settings.display.dashboardProjects.activeProjectsViewMode).toBe('list');
    await waitFor(() => expect(fake.calls('PUT /api/settings')).toHaveLength(1));
    expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({
      display: { dashboardProjects: { activeProjectsViewMode: 'list' } },
    });
  });

  it('opens in the stored view with the stored folding of the sections', async () => {
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      display: {
        ...DEFAULT_USER_SETTINGS.display,
        dashboardProjects: {
          activeProjectsVisibility: 'collapsed',
          completedProjectsVisibility: 'expanded',
          activeProjectsViewMode: 'list',
        },
      },
    } as const;
    const { fake } = setupWith(buildUser('Monteur', { settings }), { 'GET /api/projects': { body: PROJECTS } });

    const running = await screen.findByRole('button', { name: t.activeTitleWithCount(2) });
    expect(running.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: t.completedTitleWithCount(1) }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Listenansicht' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(running);
    expect(screen.getByRole('list', { name: t.activeTitle }).className).toBe('project-list');
    fireEvent.click(screen.getByRole('button', { name: t.completedTitleWithCount(1) }));
    await waitFor(() => expect(fake.calls('PUT /api/settings')).toHaveLength(1));
    expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({
      display: {
        dashboardProjects: { activeProjectsVisibility: 'expanded', completedProjectsVisibility: 'collapsed' },
      },
    });
  });
});

describe('hover actions of a project card', () => {
  const own = buildProjectSummary({ id: 'p-own', name: 'Eigenes', ownerId: 'user-monteur', memberIds: [] });
  const other = buildProjectSummary({ id: 'p-other', name: 'Fremdes', ownerId: 'u-x', memberIds: ['user-monteur'] });

  const actionsOf = async (name: string) =>
    (await card(name)).getAllByRole('button').map((button) => button.getAttribute('aria-label'));

  it('a Monteur completes projects and deletes only his own', async () => {
    setupWith(buildUser('Monteur'), { 'GET /api/projects': { body: [own, other] } });
    expect(await actionsOf('Eigenes')).toEqual([
      'Fortschrittsdiagramm für „Eigenes“',
      '„Eigenes“ abschließen',
      '„Eigenes“ löschen',
    ]);
    expect(await actionsOf('Fremdes')).toEqual(['Fortschrittsdiagramm für „Fremdes“', '„Fremdes“ abschließen']);
  });

  it('a Helfer only sees the progress chart', async () => {
    setupWith(buildUser('Helfer', { id: 'user-monteur' }), { 'GET /api/projects': { body: [own] } });
    expect(await actionsOf('Eigenes')).toEqual(['Fortschrittsdiagramm für „Eigenes“']);
  });

  it('a Firmenleiter (can_delete_any_project) deletes any project', async () => {
    setupWith(buildUser('Firmenleiter'), { 'GET /api/projects': { body: [other] } });
    expect(await actionsOf('Fremdes')).toContain('„Fremdes“ löschen');
  });

  it("hides delete when the feature 'deletableProjects' is off", async () => {
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      features: { ...DEFAULT_USER_SETTINGS.features, deletableProjects: false },
    };
    setupWith(buildUser('Firmenleiter', { settings }), { 'GET /api/projects': { body: [other] } });
    expect(await actionsOf('Fremdes')).not.toContain('„Fremdes“ löschen');
  });

  it('completes a project after the confirmation and moves it to the completed ones', async () => {
    let list = [own];
    const { fake } = setupWith(buildUser('Monteur'), {
      'GET /api/projects': () => ({ body: list }),
      'POST /api/projects/p-own/complete': () => {
        list = [{ ...own, status: 'completed' }];
        return { body: {} };
      },
    });
    fireEvent.click((await card('Eigenes')).getByRole('button', { name: '„Eigenes“ abschließen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Projekt abschließen' }));
    expect(dialog.getByText(/Möchten Sie das Projekt „Eigenes“ als abgeschlossen markieren\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Abschließen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.calls('POST /api/projects/p-own/complete')).toHaveLength(1);
    expect(screen.getByRole('button', { name: t.activeTitleWithCount(0) })).toBeTruthy();
    expect(screen.getByRole('button', { name: t.completedTitleWithCount(1) })).toBeTruthy();
  });

  it('says so in the dialog when completing fails', async () => {
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': { body: [own] },
      'POST /api/projects/p-own/complete': { status: 500, body: { message: 'kaputt' } },
    });
    fireEvent.click((await card('Eigenes')).getByRole('button', { name: '„Eigenes“ abschließen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Abschließen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Projekt konnte nicht abgeschlossen/wieder geöffnet werden',
    );
  });

  it('deletes a project into the archive after the confirmation', async () => {
    let list = [own, other];
    const { fake } = setupWith(buildUser('Monteur'), {
      'GET /api/projects': () => ({ body: list }),
      'DELETE /api/projects/p-own': () => {
        list = [other];
        return { body: { message: 'ok' } };
      },
    });
    fireEvent.click((await card('Eigenes')).getByRole('button', { name: '„Eigenes“ löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Projekt löschen' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Eigenes' })).toBeNull());
    expect(fake.calls('DELETE /api/projects/p-own')).toHaveLength(1);
  });

  it.each([
    [403, 'Keine Berechtigung zum Löschen.'],
    [500, 'Projekt konnte nicht gelöscht werden'],
  ])('shows the failure of a delete (%s)', async (status, message) => {
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': { body: [own] },
      'DELETE /api/projects/p-own': { status, body: { message: 'Server sagt nein' } },
    });
    fireEvent.click((await card('Eigenes')).getByRole('button', { name: '„Eigenes“ löschen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('listitem', { name: 'Eigenes' })).toBeTruthy();
  });

  it('reopens a completed project with can_edit_projects, after the confirmation', async () => {
    const done = buildProjectSummary({ id: 'p-done', name: 'Fertig', status: 'completed', ownerId: 'user-monteur' });
    let list = [done];
    const { fake } = setupWith(buildUser('Monteur'), {
      'GET /api/projects': () => ({ body: list }),
      'POST /api/projects/p-done/reopen': () => {
        list = [{ ...done, status: 'active' }];
        return { body: {} };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: t.completedTitleWithCount(1) }));
    fireEvent.click((await card('Fertig')).getByRole('button', { name: '„Fertig“ wieder öffnen' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Projekt wieder öffnen' })).getByRole('button', {
        name: 'Wieder öffnen',
      }),
    );

    await waitFor(() => expect(screen.getByRole('button', { name: t.activeTitleWithCount(1) })).toBeTruthy());
    expect(fake.calls('POST /api/projects/p-done/reopen')).toHaveLength(1);
  });

  it('offers no reopen without can_edit_projects', async () => {
    const done = buildProjectSummary({ id: 'p-done', name: 'Fertig', status: 'completed', ownerId: 'user-helfer' });
    setupWith(buildUser('Helfer'), { 'GET /api/projects': { body: [done] } });
    fireEvent.click(await screen.findByRole('button', { name: t.completedTitleWithCount(1) }));
    expect((await card('Fertig')).queryByRole('button')).toBeNull();
  });
});

describe('progress charts', () => {
  beforeEach(() => {
    // jsdom has no canvas: the chart stays a table, as it does for screen readers.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => jest.restoreAllMocks());

  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

  it("shows a project's progress and each column's share, 0 to 100 percent", async () => {
    const project = buildProjectSummary({ id: 'p-bad', name: 'Bad Müller', cardCount: 4, doneCount: 3 });
    const column = (id: string, position: string, title: string, cards: number) => ({
      id,
      rev: 1,
      position,
      title,
      cards: Array.from({ length: cards }, (_, index) => ({ id: `${id}-${index}` })),
    });
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': { body: [project] },
      'GET /api/projects/p-bad': {
        body: {
          id: 'p-bad',
          columns: [
            column('c3', 'c', 'Erledigt', 3),
            column('c1', 'a', 'To Do', 1),
            column('c2', 'b', 'In Bearbeitung', 0),
          ],
        },
      },
    });
    fireEvent.click((await card('Bad Müller')).getByRole('button', { name: 'Fortschrittsdiagramm für „Bad Müller“' }));

    // The chart's chunk loads on the first opening (dashboardDialogs.ts).
    await screen.findByText('Fortschritt: 75 % (3 von 4 Aufgaben erledigt)');
    const dialog = within(screen.getByRole('dialog', { name: 'Fortschritt: Bad Müller' }));
    expect(dialog.getByText('Fortschritt: 75 % (3 von 4 Aufgaben erledigt)')).toBeTruthy();
    const table = await dialog.findByRole('table', { name: 'Aufgaben je Spalte' });
    expect(rowsOf(table)).toEqual([
      ['Spalte', 'Anteil', 'Aufgaben'],
      ['To Do', '25 %', '1'],
      ['In Bearbeitung', '0 %', '0'],
      ['Erledigt', '75 %', '3'],
    ]);
  });

  it("shows the group's projects with their progress", async () => {
    setupWith(buildUser('Monteur'), {
      'GET /api/projects': {
        body: [
          buildProjectSummary({ id: 'p-1', name: 'Bad Müller', groupId: 'g-nord', cardCount: 4, doneCount: 1 }),
          buildProjectSummary({ id: 'p-2', name: 'Dach Schulz', groupId: 'g-nord', cardCount: 0, doneCount: 0 }),
          buildProjectSummary({ id: 'p-3', name: 'Keller', groupId: null, cardCount: 2, doneCount: 2 }),
        ],
      },
      'GET /api/project-groups': { body: [GROUP_NORD] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppenfortschritt für „Nord“' }));

    // The chart's chunk loads on the first opening (dashboardDialogs.ts).
    await screen.findByText('Fortschritt: 25 % (1 von 4 Aufgaben erledigt)');
    const dialog = within(screen.getByRole('dialog', { name: 'Gruppenfortschritt: Nord' }));
    expect(dialog.getByText('Fortschritt: 25 % (1 von 4 Aufgaben erledigt)')).toBeTruthy();
    expect(rowsOf(dialog.getByRole('table', { name: 'Fortschritt je Projekt' }))).toEqual([
      ['Projekt', 'Fortschritt', 'Erledigt'],
      ['Bad Müller', '25 %', '1/4'],
      ['Dach Schulz', '0 %', '0/0'],
    ]);
  });
});
