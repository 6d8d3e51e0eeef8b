import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CurrentUserDto,
  ProjectDocument,
  ProjectSummaryDto,
  StatsCounts,
  SystemInfo,
  TemplateSummaryDto,
  UserDirectoryEntryDto,
} from '@werkboard/common';
import { DEFAULT_ROLE_PERMISSIONS, DEFAULT_USER_SETTINGS, de } from '@werkboard/common';
import { buildUser, withPermissions } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch, networkFailure } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import { buildProjectSummary, buildTemplateSummary } from '../../test/projectSummaries';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const GB = 1024 ** 3;
const MB = 1024 ** 2;

const PROJECTS: ProjectSummaryDto[] = [
  buildProjectSummary({
    id: 'p-bad',
    name: 'Bad Müller',
    projectNumber: '2026-017',
    description: 'Komplettsanierung im Obergeschoss',
    icon: 'home',
    ownerId: 'u-lena',
    ownerUsername: 'lena',
    cardCount: 4,
    doneCount: 1,
    lastModified: daysAgo(2),
  }),
  buildProjectSummary({
    id: 'p-halle',
    name: 'Halle Schmidt',
    ownerId: 'u-tom',
    ownerUsername: 'tom',
    status: 'completed',
    cardCount: 2,
    doneCount: 2,
    lastModified: daysAgo(1),
  }),
  buildProjectSummary({ id: 'p-anbau', name: 'Anbau Ost', ownerId: 'u-lena', ownerUsername: 'lena' }),
  buildProjectSummary({ id: 'p-alt', name: 'Altbau', ownerId: null, ownerUsername: null }),
  buildProjectSummary({ id: 'p-dach', name: 'Dach Weber', ownerId: 'u-ara', ownerUsername: 'Ärmin' }),
];

const DIRECTORY: UserDirectoryEntryDto[] = [
  { id: 'u-lena', username: 'lena', role: 'Projektleiter', usernameColor: '#FFFFFF', directMessagesEnabled: true },
  { id: 'u-tom', username: 'tom', role: 'Monteur', usernameColor: '#FFFFFF', directMessagesEnabled: true },
  { id: 'u-ara', username: 'Ärmin', role: 'Monteur', usernameColor: '#FFFFFF', directMessagesEnabled: true },
];

const TEMPLATES: TemplateSummaryDto[] = [
  buildTemplateSummary({ id: 't-std', name: 'Standard', customerType: 'Allgemein' }),
  buildTemplateSummary({
    id: 't-bad',
    name: 'Badsanierung',
    customerType: 'Privatkunde',
    ownerId: 'u-lena',
    ownerUsername: 'lena',
  }),
];

const SYSTEM_INFO: SystemInfo = {
  version: '1.2.3',
  ram: { used: 3 * GB, total: 16 * GB },
  disk: { used: 120 * GB, total: 480 * GB },
  os: { distro: 'Debian GNU/Linux 12 (bookworm)' },
  appData: { dbSize: 12.5 * MB, imagesSize: 0 },
};

const FREE_COUNTS: StatsCounts = {
  activeProjectCount: 4,
  templateCount: 2,
  userCount: 6,
  externalUserCount: 0,
  licenseType: 'Free',
  limits: { activeProjects: 10, templates: 10, users: 6, externalUsers: 10 },
};

function adminRoutes(routes: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET /api/admin/projects': { body: PROJECTS },
    'GET /api/admin/templates': { body: TEMPLATES },
    'GET /api/system-info': { body: SYSTEM_INFO },
    'GET /api/stats/counts': { body: FREE_COUNTS },
    'GET /api/users/directory': { body: DIRECTORY },
    'PUT /api/settings': { body: {} },
    ...routes,
  };
}

function setup(user: CurrentUserDto = buildUser('Admin'), routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch(adminRoutes(routes));
  return renderApp('/admin', { user, fake });
}

/** The answer of POST /projects/{id}/reassign: the project with its new owner. */
function reassignedDocument(project: ProjectSummaryDto, owner: UserDirectoryEntryDto): ProjectDocument {
  return {
    id: project.id,
    revision: project.revision + 1,
    isTemplate: false,
    status: project.status,
    name: project.name,
    description: project.description,
    icon: project.icon,
    projectNumber: project.projectNumber,
    customerType: project.customerType,
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: [],
    ownerId: owner.id,
    ownerUsername: owner.username,
    deputyOwnerId: null,
    memberIds: project.ownerId ? [project.ownerId] : [],
    team: [],
    columns: [],
    appointments: [],
    notes: [],
    signoffs: [],
    changeLog: [],
    lastModified: new Date().toISOString(),
    createdAt: project.createdAt,
  };
}

const projectsSection = () => screen.getByRole('region', { name: /^Projekte/ });
const ownerList = (owner: string) => screen.getByRole('list', { name: `Projekte von ${owner}` });
const ownerNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.classList.contains('project-card'))
    .map((item) => item.getAttribute('aria-label'));

async function projectsLoaded() {
  await screen.findByRole('heading', { level: 2, name: 'Projekte (5)' });
}

describe('/admin: projects by owner', () => {
  it('is the admin overview for Admin and Firmenleiter', async () => {
    const { fake } = setup(buildUser('Firmenleiter'));
    expect(screen.getByTestId('location').textContent).toBe('/admin');
    expect(screen.getByRole('heading', { level: 1, name: de.pages.admin })).toBeTruthy();
    await projectsLoaded();
    expect(screen.queryByText(de.app.notBuiltText)).toBeNull();
    expect(fake.calls('GET /api/admin/projects')).toHaveLength(1);
  });

  it("groups the projects by owner name, alphabetically, with 'Unbekannt' for an unknown owner", async () => {
    setup();
    await projectsLoaded();
    const headings = within(projectsSection())
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Ärmin (1)', 'lena (2)', 'tom (1)', 'Unbekannt (1)']);
    expect(ownerNames(ownerList('lena'))).toEqual(['Anbau Ost', 'Bad Müller']);
    expect(ownerNames(ownerList('Unbekannt'))).toEqual(['Altbau']);
  });

  it('shows icon, name, project number, description, progress and the last change of a project', async () => {
    setup();
    await projectsLoaded();
    const card = within(ownerList('lena')).getByRole('listitem', { name: 'Bad Müller' });
    expect(within(card).getByRole('link', { name: 'Bad Müller' }).getAttribute('href')).toBe('/project/p-bad');
    expect(within(card).getByText('Projekt-Nr: 2026-017')).toBeTruthy();
    expect(within(card).getByText('Komplettsanierung im Obergeschoss')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '25 %, 1 von 4 Aufgaben erledigt',
    );
    expect(within(card).getByText('Geändert vor 2 Tagen')).toBeTruthy();
    expect(card.querySelector('.project-icon svg')?.getAttribute('data-icon')).toBe('home');
    const completed = within(ownerList('tom')).getByRole('listitem', { name: 'Halle Schmidt' });
    expect(within(completed).getByText('Abgeschlossen')).toBeTruthy();
  });

  it('says so when there are no projects', async () => {
    setup(buildUser('Admin'), { 'GET /api/admin/projects': { body: [] } });
    expect(await screen.findByText('Keine Projekte vorhanden.')).toBeTruthy();
  });

  it("shows the server's message when the projects cannot be loaded, and loads them again", async () => {
    let fail = true;
    const { fake } = setup(buildUser('Admin'), {
      'GET /api/admin/projects': () =>
        fail ? { status: 403, body: { message: 'Keine Berechtigung für die Admin-Übersicht.' } } : { body: PROJECTS },
    });
    const alert = await within(projectsSection()).findByRole('alert');
    expect(alert.textContent).toContain('Keine Berechtigung für die Admin-Übersicht.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: de.actions.retry }));
    await projectsLoaded();
    expect(fake.calls('GET /api/admin/projects')).toHaveLength(2);
  });
});

describe('/admin: grid or list view (display.adminView.projectsViewMode)', () => {
  it("starts as tiles and saves 'Listenansicht' in the user's display settings", async () => {
    const { fake, store } = setup();
    await projectsLoaded();
    expect(ownerList('lena').className).toBe('project-grid');
    const grid = screen.getByRole('button', { name: 'Kachelansicht' });
    const list = screen.getByRole('button', { name: 'Listenansicht' });
    expect(grid.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(list);

    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    expect(ownerList('lena').className).toBe('project-list');
    expect(store.getState().auth.user?.settings.display.adminView.projectsViewMode).toBe('list');
    await waitFor(() => expect(fake.calls('PUT /api/settings')).toHaveLength(1));
    expect(fake.calls('PUT /api/settings')[0]?.body).toEqual({ display: { adminView: { projectsViewMode: 'list' } } });
  });

  it('opens in the list view the user chose', async () => {
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      display: { ...DEFAULT_USER_SETTINGS.display, adminView: { projectsViewMode: 'list' as const } },
    };
    setup(buildUser('Admin', { settings }));
    await projectsLoaded();
    expect(ownerList('lena').className).toBe('project-list');
    expect(
      within(ownerList('lena'))
        .getAllByRole('listitem')
        .every((item) => !item.classList.contains('project-card') || item.classList.contains('project-card--row')),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Listenansicht' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe("/admin: 'Projekt neu zuweisen'", () => {
  async function openReassign(name = 'Bad Müller') {
    await projectsLoaded();
    fireEvent.click(screen.getByRole('button', { name: `Projekt neu zuweisen: ${name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt neu zuweisen' });
    await within(dialog).findByRole('combobox', { name: 'Neuer Besitzer' });
    return dialog;
  }

  it('offers every user except the current owner and keeps the button disabled until one is chosen', async () => {
    setup();
    const dialog = await openReassign();
    const select = within(dialog).getByRole('combobox', { name: 'Neuer Besitzer' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bitte wählen …', 'Ärmin', 'tom']);
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Neu zuweisen' });
    expect(submit.disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'u-tom' } });
    expect(submit.disabled).toBe(false);
  });

  it("says 'Bitte wählen Sie einen neuen Besitzer aus.' without a choice and sends nothing", async () => {
    const { fake } = setup();
    const dialog = await openReassign();
    const select = within(dialog).getByRole('combobox', { name: 'Neuer Besitzer' });
    expect(within(dialog).queryByText(de.team.reassign.ownerRequired)).toBeNull();

    fireEvent.submit(select.closest('form') as HTMLFormElement);
    expect(within(dialog).getByText(de.team.reassign.ownerRequired)).toBeTruthy();
    expect(select.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(select, { target: { value: 'u-tom' } });
    expect(within(dialog).queryByText(de.team.reassign.ownerRequired)).toBeNull();
    fireEvent.change(select, { target: { value: '' } });
    expect(within(dialog).getByText(de.team.reassign.ownerRequired)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Neu zuweisen' }).disabled).toBe(true);
    expect(fake.calls('POST /api/projects/p-bad/reassign')).toHaveLength(0);
  });

  it('reassigns the project, says so and regroups the list', async () => {
    const tom = DIRECTORY[1] as UserDirectoryEntryDto;
    const { fake } = setup(buildUser('Admin'), {
      'POST /api/projects/p-bad/reassign': { body: reassignedDocument(PROJECTS[0] as ProjectSummaryDto, tom) },
    });
    const dialog = await openReassign();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Neuer Besitzer' }), {
      target: { value: 'u-tom' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Neu zuweisen' }));

    expect((await within(projectsSection()).findByRole('status')).textContent).toBe(
      'Projekt wurde erfolgreich neu zugewiesen.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls('POST /api/projects/p-bad/reassign')[0]?.body).toEqual({ newOwnerId: 'u-tom' });
    expect(ownerNames(ownerList('tom'))).toEqual(['Bad Müller', 'Halle Schmidt']);
    expect(ownerNames(ownerList('lena'))).toEqual(['Anbau Ost']);
    expect(screen.getByRole('heading', { level: 3, name: 'tom (2)' })).toBeTruthy();
  });

  it("gives an unknown owner's project a first owner and drops the 'Unbekannt' group", async () => {
    const lena = DIRECTORY[0] as UserDirectoryEntryDto;
    setup(buildUser('Admin'), {
      'POST /api/projects/p-alt/reassign': { body: reassignedDocument(PROJECTS[3] as ProjectSummaryDto, lena) },
    });
    const dialog = await openReassign('Altbau');
    const select = within(dialog).getByRole('combobox', { name: 'Neuer Besitzer' });
    expect(within(select).getAllByRole('option')).toHaveLength(4);
    fireEvent.change(select, { target: { value: 'u-lena' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Neu zuweisen' }));
    await within(projectsSection()).findByRole('status');
    expect(screen.queryByRole('list', { name: 'Projekte von Unbekannt' })).toBeNull();
    expect(ownerNames(ownerList('lena'))).toEqual(['Altbau', 'Anbau Ost', 'Bad Müller']);
  });

  it("shows the server's message in the dialog when the reassignment is refused", async () => {
    setup(buildUser('Admin'), {
      'POST /api/projects/p-bad/reassign': {
        status: 400,
        body: { message: 'Der gewählte Benutzer existiert nicht.', code: 'validation' },
      },
    });
    const dialog = await openReassign();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Neuer Besitzer' }), {
      target: { value: 'u-tom' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Neu zuweisen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Der gewählte Benutzer existiert nicht.');
    expect(ownerNames(ownerList('lena'))).toEqual(['Anbau Ost', 'Bad Müller']);
  });

  it("says 'Fehler beim Zuweisen des Projekts.' when the server cannot be reached", async () => {
    setup(buildUser('Admin'), { 'POST /api/projects/p-bad/reassign': networkFailure() });
    const dialog = await openReassign();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Neuer Besitzer' }), {
      target: { value: 'u-tom' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Neu zuweisen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Fehler beim Zuweisen des Projekts.');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Neu zuweisen' }).disabled).toBe(false);
  });

  it('says so when the users cannot be loaded', async () => {
    setup(buildUser('Admin'), { 'GET /api/users/directory': { status: 500, body: {} } });
    await projectsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Projekt neu zuweisen: Bad Müller' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt neu zuweisen' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Benutzer konnten nicht geladen werden.');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Neu zuweisen' }).disabled).toBe(true);
  });
});

describe('/admin: deleting a project', () => {
  it('asks first, explains the archive, then moves the project there', async () => {
    const { fake } = setup(buildUser('Admin'), {
      'DELETE /api/projects/p-bad': { body: { message: 'Projekt wurde archiviert.' } },
    });
    await projectsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Projekt löschen: Bad Müller' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt löschen' });
    expect(within(dialog).getByText('Möchten Sie das Projekt „Bad Müller“ wirklich löschen?')).toBeTruthy();
    expect(within(dialog).getByText(/in das Archiv verschoben/)).toBeTruthy();
    expect(fake.calls('DELETE /api/projects/p-bad')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));

    expect((await within(projectsSection()).findByRole('status')).textContent).toBe(
      'Das Projekt „Bad Müller“ wurde in das Archiv verschoben.',
    );
    expect(fake.calls('DELETE /api/projects/p-bad')).toHaveLength(1);
    expect(ownerNames(ownerList('lena'))).toEqual(['Anbau Ost']);
    expect(screen.getByRole('heading', { level: 2, name: 'Projekte (4)' })).toBeTruthy();
  });

  it('keeps the project when the dialog is cancelled', async () => {
    const { fake } = setup();
    await projectsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Projekt löschen: Bad Müller' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: de.actions.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls('DELETE /api/projects/p-bad')).toHaveLength(0);
    expect(ownerNames(ownerList('lena'))).toEqual(['Anbau Ost', 'Bad Müller']);
  });

  it("says 'Fehler beim Löschen des Projekts.' when the delete fails", async () => {
    setup(buildUser('Admin'), {
      'DELETE /api/projects/p-bad': { status: 403, body: { message: 'Keine Berechtigung zum Löschen.' } },
    });
    await projectsLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Projekt löschen: Bad Müller' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt löschen' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Fehler beim Löschen des Projekts.');
    expect(ownerNames(ownerList('lena'))).toEqual(['Anbau Ost', 'Bad Müller']);
  });
});

describe('/admin: who sees what', () => {
  it('shows no reassign button without can_reassign_projects and no delete without can_delete_any_project', async () => {
    const permissions = DEFAULT_ROLE_PERMISSIONS.Firmenleiter.filter(
      (key) => key !== 'can_reassign_projects' && key !== 'can_delete_any_project',
    );
    setup(withPermissions('Firmenleiter', permissions));
    await projectsLoaded();
    expect(screen.queryByRole('button', { name: /^Projekt neu zuweisen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Projekt löschen/ })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Aktionen für „Bad Müller“' })).toBeNull();
  });

  it('shows only reassign with can_reassign_projects alone', async () => {
    const permissions = DEFAULT_ROLE_PERMISSIONS.Firmenleiter.filter((key) => key !== 'can_delete_any_project');
    setup(withPermissions('Firmenleiter', permissions));
    await projectsLoaded();
    const actions = screen.getByRole('group', { name: 'Aktionen für „Bad Müller“' });
    expect(within(actions).getByRole('button', { name: 'Projekt neu zuweisen: Bad Müller' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: /löschen/ })).toBeNull();
  });

  it('loads nothing and says why for a Firmenleiter without can_view_admin_dashboard', () => {
    const permissions = DEFAULT_ROLE_PERMISSIONS.Firmenleiter.filter((key) => key !== 'can_view_admin_dashboard');
    const { fake } = setup(withPermissions('Firmenleiter', permissions));
    expect(screen.getByRole('heading', { level: 1, name: de.pages.admin }).textContent).toBe('Admin-Übersicht');
    expect(screen.getByText('Keine Berechtigung für die Admin-Übersicht.')).toBeTruthy();
    expect(fake.requests.filter((request) => /\/api\/(admin|system-info)/.test(request.url))).toHaveLength(0);
  });

  it('sends a Projektleiter to the dashboard', async () => {
    const { fake } = setup(buildUser('Projektleiter'));
    expect(screen.getByTestId('location').textContent).toBe('/');
    // The dashboard's project list has answered (the fake knows no GET /api/projects: 404).
    await screen.findByText(de.projectOverview.loadFailed);
    expect(fake.calls('GET /api/admin/projects')).toHaveLength(0);
  });
});

describe('/admin: template management', () => {
  const table = () => screen.getByRole('table', { name: /^Vorlagenverwaltung/ });
  const row = (name: string) => within(table()).getByRole('row', { name });

  afterEach(() => jest.restoreAllMocks());

  it("lists every template with its owner or 'Global', customer type and an edit link", async () => {
    setup();
    await screen.findByRole('heading', { level: 2, name: 'Vorlagenverwaltung (2)' });
    const names = within(table())
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names.map((name) => name?.replace(/^\W+/, ''))).toEqual(['Badsanierung', 'Standard']);
    expect(within(row('Standard')).getByText('Global')).toBeTruthy();
    expect(within(row('Standard')).getByText('Allgemein')).toBeTruthy();
    expect(within(row('Badsanierung')).getByText('lena')).toBeTruthy();
    expect(within(row('Badsanierung')).getByText('Privatkunde')).toBeTruthy();
    expect(
      within(row('Badsanierung')).getByRole('link', { name: 'Vorlage „Badsanierung“ bearbeiten' }).getAttribute('href'),
    ).toBe('/template/edit/t-bad');
  });

  it('offers to view, not edit, a template the user may not edit', async () => {
    setup(buildUser('Firmenleiter'));
    await screen.findByRole('heading', { level: 2, name: 'Vorlagenverwaltung (2)' });
    expect(within(row('Badsanierung')).getByRole('link', { name: 'Vorlage „Badsanierung“ ansehen' })).toBeTruthy();
    expect(within(row('Badsanierung')).queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(within(row('Standard')).getByRole('link', { name: 'Vorlage „Standard“ bearbeiten' })).toBeTruthy();
  });

  it('deletes nothing when the browser confirm is declined', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { fake } = setup();
    await screen.findByRole('heading', { level: 2, name: 'Vorlagenverwaltung (2)' });
    fireEvent.click(within(row('Standard')).getByRole('button', { name: 'Vorlage „Standard“ löschen' }));
    expect(confirm).toHaveBeenCalledWith('Möchten Sie die Vorlage „Standard“ löschen? Sie wird ins Archiv verschoben.');
    expect(fake.calls('DELETE /api/templates/t-std')).toHaveLength(0);
    expect(row('Standard')).toBeTruthy();
  });

  it('deletes a template after the browser confirm and says so', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { fake } = setup(buildUser('Admin'), {
      'DELETE /api/templates/t-std': { body: { message: 'Die Vorlage wurde ins Archiv verschoben.' } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Vorlagenverwaltung (2)' });
    fireEvent.click(within(row('Standard')).getByRole('button', { name: 'Vorlage „Standard“ löschen' }));

    const section = screen.getByRole('region', { name: /^Vorlagenverwaltung/ });
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Die Vorlage „Standard“ wurde ins Archiv verschoben.',
    );
    expect(fake.calls('DELETE /api/templates/t-std')).toHaveLength(1);
    expect(within(table()).queryByRole('row', { name: 'Standard' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Vorlagenverwaltung (1)' })).toBeTruthy();
  });

  it('says when the user may not delete the template', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    setup(buildUser('Admin'), {
      'DELETE /api/templates/t-std': { status: 403, body: { message: 'x', code: 'forbidden' } },
    });
    await screen.findByRole('heading', { level: 2, name: 'Vorlagenverwaltung (2)' });
    fireEvent.click(within(row('Standard')).getByRole('button', { name: 'Vorlage „Standard“ löschen' }));
    const section = screen.getByRole('region', { name: /^Vorlagenverwaltung/ });
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Sie haben keine Berechtigung, diese Vorlage zu löschen.',
    );
    expect(row('Standard')).toBeTruthy();
  });

  it('says when the templates cannot be loaded', async () => {
    setup(buildUser('Admin'), { 'GET /api/admin/templates': networkFailure() });
    const section = await screen.findByRole('region', { name: 'Vorlagenverwaltung' });
    expect((await within(section).findByRole('alert')).textContent).toContain('Vorlagen konnten nicht geladen werden.');
  });
});

describe('/admin: system information', () => {
  const section = () => screen.getByRole('region', { name: 'Systeminformationen' });
  /** The value of a <dt> label in the facts list. */
  const fact = (label: string) => within(section()).getByText(label).nextElementSibling?.textContent;
  const spaces = (value: string | null | undefined) => value?.replace(/\s/g, ' ');

  it('shows versions, OS, database and image sizes, RAM and disk in German formats', async () => {
    setup();
    await within(section()).findByText('Server-Version');
    expect(fact('Server-Version')).toBe('1.2.3');
    expect(fact('Client-Version')).toBe('0.0.0-test');
    expect(fact('Betriebssystem')).toBe('Debian GNU/Linux 12 (bookworm)');
    expect(fact('Datenbankgröße')).toBe('12,50 MB');
    expect(fact('Bildspeicher')).toBe('0 Bytes');
    expect(within(within(section()).getByRole('list', { name: 'Auslastung' })).getAllByRole('meter')).toHaveLength(2);
    expect(
      spaces(within(section()).getByRole('meter', { name: 'Arbeitsspeicher (RAM)' }).getAttribute('aria-valuetext')),
    ).toBe('3,00 GB von 16,00 GB belegt (19 %)');
    expect(spaces(within(section()).getByRole('meter', { name: 'Festplatte' }).getAttribute('aria-valuetext'))).toBe(
      '120,00 GB von 480,00 GB belegt (25 %)',
    );
  });

  it('shows the license usage on the Free license', async () => {
    setup();
    const usage = await within(section()).findByRole('list', { name: de.licenseScreen.usageTitle });
    expect(fact('Lizenz')).toBe('Free');
    expect(within(usage).getByRole('meter', { name: 'Benutzer' }).getAttribute('aria-valuetext')).toBe('6 von 6');
    expect(within(usage).getByText(de.license.limitExceeded)).toBeTruthy();
  });

  it('shows no usage on the Lifetime license', async () => {
    setup(buildUser('Admin', { licenseType: 'Lifetime' }), {
      'GET /api/stats/counts': { body: { ...FREE_COUNTS, licenseType: 'Lifetime', limits: null } },
    });
    await within(section()).findByText('Lifetime');
    expect(within(section()).queryByRole('list', { name: de.licenseScreen.usageTitle })).toBeNull();
    expect(within(section()).queryByText('Lizenznutzung')).toBeNull();
  });

  it('renders the changelog from its markup', async () => {
    setup();
    const changelog = await within(section()).findByRole('region', { name: 'Neuigkeiten' });
    expect(changelog.querySelector('strong')?.textContent).toBe('Version 0.1.0');
    expect(within(changelog).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(changelog.textContent).not.toContain('[b]');
  });

  it("shows the server's message when the system information is refused, and still the client version", async () => {
    setup(buildUser('Admin'), {
      'GET /api/system-info': {
        status: 403,
        body: { message: 'Keine Berechtigung für die Systeminformationen.', code: 'forbidden' },
      },
    });
    expect((await within(section()).findByRole('alert')).textContent).toContain(
      'Keine Berechtigung für die Systeminformationen.',
    );
    expect(fact('Client-Version')).toBe('0.0.0-test');
    expect(within(section()).queryByText('Server-Version')).toBeNull();
  });
});
