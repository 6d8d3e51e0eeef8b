import { fireEvent, screen, within } from '@testing-library/react';
import type { CurrentUserDto, ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import { buildProjectSummary } from './overviewFixtures';

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
  const fake = createFakeFetch({ 'GET /api/projects': projects });
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
