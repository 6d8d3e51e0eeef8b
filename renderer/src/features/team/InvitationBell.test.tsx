import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvitationDto, ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { dashboardRoutes } from '../../test/dashboard';
import { buildProjectSummary } from '../../test/projectSummaries';
import { PROJECT_ID } from '../../test/project';
import { INVITATION_REFRESH_MS } from './InvitationBell';
import { buildInvitation, EVA_ID, INVITATION_ID } from '../../test/team';

const b = de.teamScreen.bell;
const about = de.teamScreen.about;
const eva = buildUser('Helfer', { id: EVA_ID, username: 'eva' });

const SECOND_ID = '99999999-0000-4000-8000-000000000002';
const OTHER_PROJECT_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
const second = buildInvitation({
  id: SECOND_ID,
  project: OTHER_PROJECT_ID,
  projectName: 'Halle Schmidt',
  fromUserId: null,
  fromUsername: 'dora',
  timestamp: '2026-03-03T10:00:00.000Z',
});

function navigation() {
  return within(screen.getByRole('navigation', { name: de.nav.primary }));
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function setup(path: string, routes: Record<string, FakeRoute>) {
  const fake = createFakeFetch(dashboardRoutes(routes));
  return renderApp(path, { user: eva, fake });
}

afterEach(() => {
  setOnline(true);
  jest.useRealTimers();
});

describe('the invitation bell', () => {
  it('shows the number of pending invitations in its name and on the icon', async () => {
    setup('/search', { 'GET /api/invitations': { body: [buildInvitation(), second] } });

    const bell = await navigation().findByRole('button', { name: 'Einladungen: 2 ausstehend' });
    expect(bell.querySelector('.nav-bell__count')?.textContent).toBe('2');
  });

  it("keeps the plain name 'Einladungen' and shows no number without invitations", async () => {
    const { fake } = setup('/search', { 'GET /api/invitations': { body: [] } });

    await waitFor(() => expect(fake.calls('GET /api/invitations')).toHaveLength(1));
    const bell = navigation().getByRole('button', { name: 'Einladungen' });
    expect(bell.textContent).not.toMatch(/\d/);
  });

  it('reads again every 5 minutes while online, not while offline, and when back online', async () => {
    jest.useFakeTimers();
    let list: InvitationDto[] = [buildInvitation()];
    const { fake } = setup('/search', { 'GET /api/invitations': () => ({ body: list }) });
    const reads = () => fake.calls('GET /api/invitations').length;
    expect(await navigation().findByRole('button', { name: b.label(1) })).toBeTruthy();
    expect(reads()).toBe(1);

    list = [buildInvitation(), second];
    act(() => jest.advanceTimersByTime(INVITATION_REFRESH_MS - 1000));
    expect(reads()).toBe(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(await navigation().findByRole('button', { name: b.label(2) })).toBeTruthy();
    expect(reads()).toBe(2);

    setOnline(false);
    act(() => jest.advanceTimersByTime(3 * INVITATION_REFRESH_MS));
    window.dispatchEvent(new StorageEvent('storage', { key: 'persist:werkboard-auth' }));
    expect(reads()).toBe(2);

    list = [];
    setOnline(true);
    await waitFor(() => expect(reads()).toBe(3));
    expect(await navigation().findByRole('button', { name: de.nav.invitations })).toBeTruthy();
  });

  it('reads again on storage events', async () => {
    let list: InvitationDto[] = [];
    const { fake } = setup('/search', { 'GET /api/invitations': () => ({ body: list }) });
    await waitFor(() => expect(fake.calls('GET /api/invitations')).toHaveLength(1));

    list = [buildInvitation()];
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'persist:werkboard-auth' }));
    });

    expect(await navigation().findByRole('button', { name: b.label(1) })).toBeTruthy();
    expect(fake.calls('GET /api/invitations')).toHaveLength(2);
  });

  it('lists each invitation with project, sender and time; accepting adds the project to the dashboard', async () => {
    let pending: InvitationDto[] = [buildInvitation(), second];
    let projects: ProjectSummaryDto[] = [];
    const { fake } = setup('/', {
      'GET /api/invitations': () => ({ body: pending }),
      'GET /api/projects': () => ({ body: projects }),
      [`POST /api/invitations/${INVITATION_ID}/respond`]: () => {
        pending = [second];
        projects = [buildProjectSummary({ id: PROJECT_ID, name: 'Bad Müller' })];
        return { body: { ...buildInvitation(), status: 'accepted' } };
      },
    });
    expect(await screen.findByText(de.dashboard.projects.noProjects)).toBeTruthy();

    fireEvent.click(await navigation().findByRole('button', { name: b.label(2) }));
    const dialog = within(screen.getByRole('dialog', { name: b.title }));
    const items = within(dialog.getByRole('list', { name: b.list })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Bad Müller')).toBeTruthy();
    expect(within(items[0]!).getByText(/Eingeladen von paula/)).toBeTruthy();
    expect(within(items[0]!).getByText(/02\.03\.2026/)).toBeTruthy();
    expect(within(items[1]!).getByText('Halle Schmidt')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: about(b.accept, 'Bad Müller') }));

    expect(await dialog.findByText(de.team.invitations.accepted)).toBeTruthy();
    expect(fake.calls(`POST /api/invitations/${INVITATION_ID}/respond`)[0]!.body).toEqual({ status: 'accepted' });
    await waitFor(() =>
      expect(within(dialog.getByRole('list', { name: b.list })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(await navigation().findByRole('button', { name: b.label(1) })).toBeTruthy();
    // The dashboard behind the dialog reads its projects again and shows the new one.
    expect(await screen.findByRole('listitem', { name: 'Bad Müller' })).toBeTruthy();

    // The link leads to the project and closes the dialog.
    fireEvent.click(dialog.getByRole('link', { name: b.openProject('Bad Müller') }));
    expect(screen.getByTestId('location').textContent).toBe(`/project/${PROJECT_ID}`);
    expect(screen.queryByRole('dialog', { name: b.title })).toBeNull();
  });

  it('declines an invitation', async () => {
    let pending: InvitationDto[] = [buildInvitation()];
    const { fake } = setup('/search', {
      'GET /api/invitations': () => ({ body: pending }),
      [`POST /api/invitations/${INVITATION_ID}/respond`]: () => {
        pending = [];
        return { body: { ...buildInvitation(), status: 'declined' } };
      },
    });
    fireEvent.click(await navigation().findByRole('button', { name: b.label(1) }));
    const dialog = within(screen.getByRole('dialog', { name: b.title }));

    fireEvent.click(await dialog.findByRole('button', { name: about(b.decline, 'Bad Müller') }));

    expect((await dialog.findByRole('status')).textContent).toBe(de.team.invitations.declined);
    expect(fake.calls(`POST /api/invitations/${INVITATION_ID}/respond`)[0]!.body).toEqual({ status: 'declined' });
    // The list is read again after the answer: it arrives after the confirmation.
    expect(await dialog.findByText(b.empty)).toBeTruthy();
    expect(await navigation().findByRole('button', { name: de.nav.invitations })).toBeTruthy();
    expect(fake.calls('GET /api/projects')).toHaveLength(0);
  });

  it('shows why an answer failed and reads the list again (e.g. withdrawn meanwhile)', async () => {
    let pending: InvitationDto[] = [buildInvitation()];
    const { fake } = setup('/search', {
      'GET /api/invitations': () => ({ body: pending }),
      [`POST /api/invitations/${INVITATION_ID}/respond`]: () => {
        pending = [];
        return { status: 400, body: { message: 'Die Einladung wurde bereits beantwortet oder zurückgezogen.' } };
      },
    });
    fireEvent.click(await navigation().findByRole('button', { name: b.label(1) }));
    const dialog = within(screen.getByRole('dialog', { name: b.title }));
    const readsBefore = fake.calls('GET /api/invitations').length;

    fireEvent.click(await dialog.findByRole('button', { name: about(b.accept, 'Bad Müller') }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(b.respondFailed);
    expect(alert.textContent).toContain('Die Einladung wurde bereits beantwortet oder zurückgezogen.');
    await waitFor(() => expect(fake.calls('GET /api/invitations').length).toBe(readsBefore + 1));
    expect(await dialog.findByText(b.empty)).toBeTruthy();
  });

  it('says so in the dialog when the invitations cannot be read', async () => {
    setup('/search', { 'GET /api/invitations': { status: 500, body: { message: 'x' } } });

    fireEvent.click(navigation().getByRole('button', { name: de.nav.invitations }));

    const dialog = within(screen.getByRole('dialog', { name: b.title }));
    expect((await dialog.findByRole('alert')).textContent).toBe(b.loadFailed);
  });
});
