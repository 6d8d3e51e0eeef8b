import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, ProjectSummaryDto, TagDto } from '@werkboard/common';
import { DEFAULT_USER_SETTINGS, localDay } from '@werkboard/common';
import { buildUser } from '../test/fixtures';
import type { FakeRoute } from '../test/fakeFetch';
import { createFakeFetch } from '../test/fakeFetch';
import { renderApp } from '../test/renderApp';
import { buildProject, MEMBER_ID, TAGS as BOARD_TAGS, timeEntry } from '../test/project';
import { buildProjectSummary } from '../test/projectSummaries';
import { buildDashboardAppointment, buildGroup, dashboardRoutes } from '../test/dashboard';
import { findLoadedDialog } from '../test/dialogs';

const FREE_GROUPS = 'Projektgruppen sind in der Free-Lizenz deaktiviert.';
const ONLINE_ONLY = 'Neue Projekte können nur online erstellt werden.';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const PROJECTS: ProjectSummaryDto[] = [
  buildProjectSummary({
    id: 'p-bad',
    name: 'Bad Müller',
    projectNumber: '2026-017',
    customerType: 'Privatkunde',
    ownerId: 'u-lena',
    ownerUsername: 'lena',
    memberIds: ['u-tom'],
    lastModified: daysAgo(2),
  }),
  buildProjectSummary({
    id: 'p-halle',
    name: 'Halle Schmidt',
    projectNumber: 'A-100',
    customerType: 'Großkunde',
    ownerId: 'u-tom',
    ownerUsername: 'tom',
    lastModified: daysAgo(1),
  }),
  buildProjectSummary({
    id: 'p-anbau',
    name: 'Anbau Ost',
    customerType: 'Allgemein',
    ownerId: 'u-anna',
    ownerUsername: 'anna',
    lastModified: daysAgo(3),
  }),
];

function setup(user: CurrentUserDto, routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch(dashboardRoutes({ 'GET /api/projects': { body: PROJECTS }, ...routes }));
  return renderApp('/', { user, fake });
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The reason a button cannot be used, as screen readers hear it (aria-describedby). */
function description(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const runningNames = () =>
  screen
    .queryAllByRole('listitem', { name: /./ })
    .filter((item) => item.classList.contains('project-card'))
    .map((item) => item.getAttribute('aria-label'));

describe('dashboard buttons', () => {
  afterEach(() => setOnline(true));

  it("disables 'Neue Gruppe' on the Free license and says why", async () => {
    setup(buildUser('Admin', { licenseType: 'Free' }));
    const button = await screen.findByRole('button', { name: 'Neue Gruppe' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe(FREE_GROUPS);
    expect(description(button)).toBe(FREE_GROUPS);

    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('note').className).toContain('hinted__bubble--shown');
  });

  it("opens the group dialog from 'Neue Gruppe' with a Lifetime license", async () => {
    setup(buildUser('Admin', { licenseType: 'Lifetime' }));
    const button = await screen.findByRole('button', { name: 'Neue Gruppe' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(description(button)).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("links 'Projektgruppen verwalten' to /project-groups for those who manage groups", async () => {
    setup(buildUser('Firmenleiter'));
    const link = await screen.findByRole('link', { name: 'Projektgruppen verwalten' });
    expect(link.getAttribute('href')).toBe('/project-groups');
  });

  it('shows no group buttons without can_manage_project_groups', async () => {
    setup(buildUser('Projektleiter'));
    await screen.findByRole('listitem', { name: 'Bad Müller' });
    expect(screen.queryByRole('button', { name: 'Neue Gruppe' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Projektgruppen verwalten' })).toBeNull();
  });

  it("disables 'Neues Projekt' offline and says that projects are created online only", async () => {
    setup(buildUser('Monteur'));
    const button = await screen.findByRole('button', { name: 'Neues Projekt' });
    expect(button.getAttribute('aria-disabled')).toBeNull();

    setOnline(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe(ONLINE_ONLY);
    expect(description(button)).toBe(ONLINE_ONLY);
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();

    setOnline(true);
    expect(button.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button);
    expect(await findLoadedDialog('Vorlage auswählen')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Ohne Vorlage fortfahren' })).toBeTruthy();
  });
});

describe("'Suchen & Filtern'", () => {
  async function openFilters() {
    const toggle = await screen.findByRole('button', { name: 'Suchen & Filtern' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    return within(screen.getByRole('region', { name: 'Suchen & Filtern' }));
  }

  it('sorts by the last change, newest first, unless told otherwise', async () => {
    setup(buildUser('Monteur'));
    await screen.findByRole('listitem', { name: 'Bad Müller' });
    expect(runningNames()).toEqual(['Halle Schmidt', 'Bad Müller', 'Anbau Ost']);

    const panel = await openFilters();
    const sort = panel.getByLabelText<HTMLSelectElement>('Sortierung');
    expect([...sort.options].map((option) => option.text)).toEqual([
      'Name aufsteigend',
      'Name absteigend',
      'Änderung aufsteigend',
      'Änderung absteigend',
    ]);
    expect(sort.selectedOptions[0]?.text).toBe('Änderung absteigend');

    fireEvent.change(sort, { target: { value: 'nameAsc' } });
    expect(runningNames()).toEqual(['Anbau Ost', 'Bad Müller', 'Halle Schmidt']);
    fireEvent.change(sort, { target: { value: 'nameDesc' } });
    expect(runningNames()).toEqual(['Halle Schmidt', 'Bad Müller', 'Anbau Ost']);
    fireEvent.change(sort, { target: { value: 'modifiedAsc' } });
    expect(runningNames()).toEqual(['Anbau Ost', 'Bad Müller', 'Halle Schmidt']);
  });

  it('finds projects by name or number and says when nothing matches', async () => {
    setup(buildUser('Monteur'));
    const panel = await openFilters();
    await screen.findByRole('listitem', { name: 'Bad Müller' });

    fireEvent.change(panel.getByLabelText('Suche'), { target: { value: 'a-100' } });
    expect(runningNames()).toEqual(['Halle Schmidt']);
    expect(screen.getByRole('button', { name: 'Laufende Projekte (1)' })).toBeTruthy();

    fireEvent.change(panel.getByLabelText('Suche'), { target: { value: 'müller' } });
    expect(runningNames()).toEqual(['Bad Müller']);

    fireEvent.change(panel.getByLabelText('Suche'), { target: { value: 'Garage' } });
    expect(runningNames()).toEqual([]);
    expect(screen.getByText('Keine Projekte entsprechen Ihren Kriterien')).toBeTruthy();
    expect(screen.queryByText('Keine Projekte gefunden')).toBeNull();

    fireEvent.click(panel.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(runningNames()).toHaveLength(3);
  });

  it("filters by employee (owner or member), with the names of the projects' owners", async () => {
    setup(buildUser('Monteur', { id: 'u-me', username: 'monteur' }));
    const panel = await openFilters();
    await screen.findByRole('listitem', { name: 'Bad Müller' });
    const employee = panel.getByLabelText<HTMLSelectElement>('Mitarbeiter');
    expect([...employee.options].map((option) => option.text)).toEqual(['Alle', 'anna', 'lena', 'monteur', 'tom']);

    fireEvent.change(employee, { target: { value: 'u-tom' } });
    expect(runningNames()).toEqual(['Halle Schmidt', 'Bad Müller']);
  });

  it('takes the employees from GET /users/directory when the user may read them', async () => {
    setup(buildUser('Admin'), {
      'GET /api/users/directory': {
        body: [
          { id: 'u-tom', username: 'Tom Bauer' },
          { id: 'u-zoe', username: 'Zoe' },
        ],
      },
    });
    const panel = await openFilters();
    await waitFor(() =>
      expect([...panel.getByLabelText<HTMLSelectElement>('Mitarbeiter').options].map((option) => option.text)).toEqual([
        'Alle',
        'admin',
        'Tom Bauer',
        'Zoe',
      ]),
    );
  });

  it('filters by customer type', async () => {
    setup(buildUser('Monteur'), { 'GET /api/customer-types': { body: ['Allgemein', 'Großkunde', 'Privatkunde'] } });
    const panel = await openFilters();
    await screen.findByRole('listitem', { name: 'Bad Müller' });
    const type = panel.getByLabelText<HTMLSelectElement>('Kundentyp');
    await waitFor(() =>
      expect([...type.options].map((option) => option.text)).toEqual(['Alle', 'Allgemein', 'Großkunde', 'Privatkunde']),
    );

    fireEvent.change(type, { target: { value: 'Privatkunde' } });
    expect(runningNames()).toEqual(['Bad Müller']);
  });
});

describe('appointment overview', () => {
  const today = localDay(new Date());
  const tomorrow = localDay(new Date(Date.now() + 86_400_000));
  const lastWeek = localDay(new Date(Date.now() - 7 * 86_400_000));
  const TAGS: TagDto[] = [{ id: 't-1', customerType: 'Allgemein', label: 'Abnahme', color: 'green', priority: 2 }];
  const APPOINTMENTS = [
    buildDashboardAppointment({
      id: 'a-1',
      title: 'Aufmaß',
      date: `${today}T09:00`,
      projectId: 'p-bad',
      projectName: 'Bad Müller',
      tagIds: ['t-1'],
    }),
    buildDashboardAppointment({
      id: 'a-2',
      title: 'Lieferung',
      date: `${tomorrow}T07:30`,
      projectId: 'p-halle',
      projectName: 'Halle Schmidt',
    }),
    buildDashboardAppointment({
      id: 'a-3',
      title: 'Verpasst',
      date: `${lastWeek}T10:00`,
      projectId: 'p-old',
      projectName: 'Alt',
      projectStatus: 'completed',
    }),
    buildDashboardAppointment({
      id: 'a-4',
      title: 'Abnahme',
      date: `${lastWeek}T11:00`,
      status: 'client_not_present',
      projectId: 'p-bad',
      projectName: 'Bad Müller',
    }),
  ];

  function withDisplay(display: Partial<typeof DEFAULT_USER_SETTINGS.display.dashboardAppointments>, features = {}) {
    return buildUser('Monteur', {
      settings: {
        ...DEFAULT_USER_SETTINGS,
        features: { ...DEFAULT_USER_SETTINGS.features, ...features },
        display: {
          ...DEFAULT_USER_SETTINGS.display,
          dashboardAppointments: { ...DEFAULT_USER_SETTINGS.display.dashboardAppointments, ...display },
        },
      },
    });
  }

  const column = (name: string) => within(screen.getByRole('region', { name }));

  it('shows Heute, Demnächst and Abgelaufen with links to the projects and the tags', async () => {
    setup(buildUser('Monteur'), { 'GET /api/appointments': { body: APPOINTMENTS }, 'GET /api/tags': { body: TAGS } });

    const toggle = await screen.findByRole('button', { name: 'Termine (4)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const aufmass = within(column('Heute').getByRole('listitem', { name: 'Aufmaß' }));
    expect(aufmass.getByRole('link').getAttribute('href')).toBe('/project/p-bad');
    expect(aufmass.getByText('Projekt: Bad Müller')).toBeTruthy();
    expect(aufmass.getByRole('list', { name: 'Tags des Termins' }).textContent).toBe('Abnahme');
    expect(column('Demnächst').getByRole('link').getAttribute('href')).toBe('/project/p-halle');
    const expired = column('Abgelaufen');
    expect(expired.getAllByRole('listitem', { name: /./ }).map((item) => item.getAttribute('aria-label'))).toEqual([
      'Abnahme',
      'Verpasst',
    ]);
    expect(expired.getByText('KUNDE NICHT ANWESEND')).toBeTruthy();
  });

  it('follows the detail level, showExpired and showTags settings', async () => {
    setup(withDisplay({ detailLevel: 'next_upcoming', showExpired: 'if_project_active', showTags: false }), {
      'GET /api/appointments': { body: APPOINTMENTS },
      'GET /api/tags': { body: TAGS },
    });
    await screen.findByRole('button', { name: 'Termine (2)' });
    expect(screen.getByRole('region', { name: 'Heute' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Demnächst' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Abgelaufen' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Tags des Termins' })).toBeNull();
  });

  it('shows the empty texts', async () => {
    setup(buildUser('Monteur'), {
      'GET /api/appointments': { body: [APPOINTMENTS[1]!] },
    });
    await screen.findByRole('button', { name: 'Termine (1)' });
    expect(column('Heute').getByText('Keine Termine für heute')).toBeTruthy();
    expect(column('Abgelaufen').getByText('Keine abgelaufenen Termine')).toBeTruthy();
  });

  it("shows only Heute with the detail level 'today_only'", async () => {
    setup(withDisplay({ detailLevel: 'today_only' }), {
      'GET /api/appointments': { body: [APPOINTMENTS[0]!, APPOINTMENTS[1]!] },
    });
    await screen.findByRole('button', { name: 'Termine (1)' });
    expect(screen.queryByRole('region', { name: 'Demnächst' })).toBeNull();
  });

  it("says 'Keine anstehenden Termine' without any appointment", async () => {
    setup(buildUser('Monteur'));
    expect(await screen.findByText('Keine anstehenden Termine')).toBeTruthy();
  });

  it("says 'Keine demnächst anstehenden Termine' in an empty Demnächst", async () => {
    setup(buildUser('Monteur'), { 'GET /api/appointments': { body: [APPOINTMENTS[0]!] } });
    await screen.findByRole('button', { name: 'Termine (1)' });
    expect(column('Demnächst').getByText('Keine demnächst anstehenden Termine')).toBeTruthy();
  });

  it('folds in and saves that as the visibility', async () => {
    const { fake } = setup(withDisplay({ visibility: 'collapsed' }), {
      'GET /api/appointments': { body: APPOINTMENTS },
    });
    const toggle = await screen.findByRole('button', { name: 'Termine (4)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Heute' })).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('region', { name: 'Heute' })).toBeTruthy();
    await waitFor(() => expect(fake.calls('PUT /api/settings')).toHaveLength(1));
    expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({
      display: { dashboardAppointments: { visibility: 'expanded' } },
    });
  });

  it('is not there (and not loaded) when the feature is off', async () => {
    const { fake } = setup(withDisplay({}, { showAppointmentsOnDashboard: false }));
    await screen.findByRole('listitem', { name: 'Bad Müller' });
    expect(screen.queryByRole('button', { name: /^Termine/ })).toBeNull();
    expect(fake.calls('GET /api/appointments')).toHaveLength(0);
  });

  it('says so when the appointments cannot be loaded', async () => {
    setup(buildUser('Monteur'), { 'GET /api/appointments': { status: 500, body: { message: 'x' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Termine konnten nicht geladen werden.');
  });
});

describe('group actions', () => {
  const NORD = buildGroup({ id: 'g-nord', name: 'Nord' });
  const grouped = [
    buildProjectSummary({ id: 'p-1', name: 'Bad Müller', groupId: 'g-nord' }),
    buildProjectSummary({ id: 'p-2', name: 'Keller', groupId: null }),
  ];

  it('offers chart and PDF export to everyone, KWP export only with the feature, no edit without the right', async () => {
    setup(buildUser('Monteur'), {
      'GET /api/projects': { body: grouped },
      'GET /api/project-groups': { body: [NORD] },
    });
    const menu = within(await screen.findByRole('group', { name: 'Aktionen für Gruppe „Nord“' }));
    expect(menu.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Gruppenfortschritt für „Nord“',
      'Gruppen-PDF-Export für „Nord“',
      'Zeiten & Material für „Nord“',
    ]);
  });

  it('opens the KWP text, the group PDF choices and the totals of the group’s running projects', async () => {
    const user = buildUser('Firmenleiter', {
      licenseType: 'Lifetime',
      settings: { ...DEFAULT_USER_SETTINGS, features: { ...DEFAULT_USER_SETTINGS.features, kwpExportEnabled: true } },
    });
    const document = buildProject({ id: 'p-1', name: 'Bad Müller', groupId: 'g-nord' });
    document.columns[0]!.cards[0]!.timeEntries = [timeEntry('t-1', MEMBER_ID, 'max', 2.5)];
    const fake = createFakeFetch(
      dashboardRoutes({
        'GET /api/projects': { body: grouped },
        'GET /api/project-groups': { body: [NORD] },
        'GET /api/projects/p-1': { body: document },
        'GET /api/tags': { body: BOARD_TAGS },
        'GET /api/external-users': { body: [] },
      }),
    );
    renderApp('/', { user, fake });

    fireEvent.click(await screen.findByRole('button', { name: 'KWP-Export für „Nord“' }));
    const kwp = within(await screen.findByRole('dialog', { name: 'KWP-Export: Nord' }));
    const text = await kwp.findByRole<HTMLTextAreaElement>('textbox', { name: 'Text für KWP' });
    expect(text.value).toContain('Projektgruppe: Nord');
    expect(text.value).toContain('Projekt: Bad Müller');
    expect(text.value).toContain('  - Kabel ziehen (max, 2,50 Std.)');
    // Only the group's project was read, not the ungrouped one.
    expect(fake.calls('GET /api/projects/p-2')).toHaveLength(0);
    fireEvent.click(kwp.getAllByRole('button', { name: 'Schließen' })[1]!);

    fireEvent.click(screen.getByRole('button', { name: 'Gruppen-PDF-Export für „Nord“' }));
    const pdf = within(await screen.findByRole('dialog', { name: 'Gruppen-PDF-Export' }));
    expect((await pdf.findByRole<HTMLInputElement>('checkbox', { name: 'In Bearbeitung' })).checked).toBe(true);
    expect(pdf.getByRole<HTMLInputElement>('checkbox', { name: 'Diagramme' }).checked).toBe(true);
    fireEvent.click(pdf.getByRole('checkbox', { name: 'Alle Spalten' }));
    fireEvent.click(pdf.getByRole('button', { name: 'PDF erstellen' }));
    expect(pdf.getByRole('alert').textContent).toBe('Bitte wählen Sie mindestens eine Spalte aus.');
    fireEvent.click(pdf.getAllByRole('button', { name: 'Schließen' })[1]!);

    fireEvent.click(screen.getByRole('button', { name: 'Zeiten & Material für „Nord“' }));
    const totals = within(await screen.findByRole('dialog', { name: 'Zeiten & Material: Nord' }));
    const byPerson = await totals.findByRole('table', { name: 'Stunden je Mitarbeiter' });
    expect(
      within(byPerson)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['MitarbeiterStunden', 'max2,50', 'Gesamt2,50']);
  });

  it('the menu button folds the actions on a phone', async () => {
    setup(buildUser('Monteur'), {
      'GET /api/projects': { body: grouped },
      'GET /api/project-groups': { body: [NORD] },
    });
    const toggle = await screen.findByRole('button', { name: 'Aktionen für Gruppe „Nord“' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.parentElement!.className).toContain('group-actions--open');
  });

  it('disables edit and delete on the Free license with the reason', async () => {
    setup(buildUser('Admin', { licenseType: 'Free' }), {
      'GET /api/projects': { body: grouped },
      'GET /api/project-groups': { body: [NORD] },
    });
    const edit = await screen.findByRole('button', { name: 'Gruppe „Nord“ bearbeiten' });
    expect(edit.getAttribute('aria-disabled')).toBe('true');
    expect(description(edit)).toBe(FREE_GROUPS);
    fireEvent.click(edit);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Gruppe „Nord“ löschen' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('edits a group and shows the saved one', async () => {
    setup(buildUser('Admin', { licenseType: 'Lifetime' }), {
      'GET /api/projects': { body: grouped },
      'GET /api/project-groups': { body: [NORD] },
      'PUT /api/project-groups/g-nord': { body: { ...NORD, name: 'Nordost' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppe „Nord“ bearbeiten' }));
    const dialog = await findLoadedDialog('Gruppe bearbeiten');
    fireEvent.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('button', { name: 'Nordost (1)' })).toBeTruthy();
  });

  it('deletes a group; its projects become ungrouped', async () => {
    let projects = grouped;
    const { fake } = setup(buildUser('Admin', { licenseType: 'Lifetime' }), {
      'GET /api/projects': () => ({ body: projects }),
      'GET /api/project-groups': { body: [NORD] },
      'DELETE /api/project-groups/g-nord': () => {
        projects = grouped.map((project) => ({ ...project, groupId: null }));
        return { body: { message: 'ok' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Gruppe „Nord“ löschen' }));
    const dialog = await findLoadedDialog('Gruppe löschen');
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /^Nord/ })).toBeNull());
    expect(fake.calls('DELETE /api/project-groups/g-nord')).toHaveLength(1);
    expect(
      within(screen.getByRole('list', { name: 'Laufende Projekte' })).getAllByRole('listitem', { name: /./ }),
    ).toHaveLength(2);
  });
});
