import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchProjectDto, SearchResponse, TagDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRequest, FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';

const TAGS: TagDto[] = [
  { id: 't-1', customerType: 'Allgemein', label: 'Dringend', color: 'amber', priority: 2 },
  { id: 't-2', customerType: 'Privatkunde', label: 'dringend', color: 'red', priority: 4 },
  { id: 't-3', customerType: 'Allgemein', label: 'Abnahme', color: 'blue', priority: 1 },
];

function hit(overrides: Partial<SearchProjectDto> = {}): SearchProjectDto {
  return {
    id: 'p-1',
    name: 'Bad Müller',
    projectNumber: '2026-017',
    icon: 'home',
    status: 'active',
    customerType: 'Allgemein',
    tagIds: [],
    projectMatches: false,
    tasks: [],
    taskCount: 0,
    ...overrides,
  };
}

const RESPONSE: SearchResponse = {
  truncated: false,
  projects: [
    hit({
      tasks: [
        { id: 'c-1', title: 'Kabel ziehen', columnTitle: 'In Bearbeitung', tagIds: ['t-1'] },
        { id: 'c-2', title: 'Kabelkanal setzen', columnTitle: 'To Do', tagIds: [] },
      ],
      taskCount: 5,
    }),
    hit({ id: 'p-2', name: 'Kabelwerk Schulz', projectNumber: '', projectMatches: true }),
  ],
};

/** GET /search answers by a function of the request; the requests are kept in order. */
function setup(search: (request: FakeRequest) => SearchResponse | { status: number; body: unknown }, path = '/search') {
  const searches: URL[] = [];
  const fixed: Record<string, FakeRoute> = { 'GET /api/tags': { body: TAGS } };
  const routes = new Proxy(fixed, {
    get: (target, key) =>
      typeof key === 'string' && key.startsWith('GET /api/search?')
        ? (request: FakeRequest) => {
            searches.push(new URL(request.url, 'http://localhost'));
            const answer = search(request);
            return 'status' in answer ? answer : { body: answer };
          }
        : target[key as string],
  });
  const fake = createFakeFetch(routes);
  return { ...renderApp(path, { user: buildUser('Monteur'), fake }), fake, searches };
}

const type = (value: string) => fireEvent.change(screen.getByLabelText('Suchbegriff'), { target: { value } });

describe('/search', () => {
  it('shows a hint and searches nothing while nothing is entered', async () => {
    const { searches } = setup(() => RESPONSE);
    expect(screen.getByRole('heading', { level: 1, name: 'Suche' })).toBeTruthy();
    expect(screen.getByText(/Geben Sie einen Suchbegriff ein/)).toBeTruthy();
    await screen.findByRole('button', { name: 'Abnahme' });
    expect(searches).toHaveLength(0);
  });

  it('merges tags with the same label into one chip', async () => {
    setup(() => RESPONSE);
    await screen.findByRole('button', { name: 'Abnahme' });
    const chips = within(screen.getByRole('group', { name: 'Nach Tags filtern' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Abnahme', 'Dringend']);
    // The highest priority's colour wins.
    expect(chips[1]?.className).toContain('board-tone--red');
    expect(chips.every((chip) => chip.getAttribute('aria-pressed') === 'false')).toBe(true);
  });

  it('searches after a pause in typing, once, with the trimmed text', async () => {
    const { searches } = setup(() => RESPONSE);
    type('K');
    type('Ka');
    type(' Kabel ');

    expect(await screen.findByRole('list', { name: 'Suchergebnisse' })).toBeTruthy();
    expect(searches).toHaveLength(1);
    expect(searches[0]?.searchParams.get('q')).toBe('Kabel');
    expect(searches[0]?.searchParams.getAll('tag')).toEqual([]);
  });

  it('sends each chosen chip as its own tag parameter and toggles chips off again', async () => {
    const { searches } = setup(() => RESPONSE);
    fireEvent.click(await screen.findByRole('button', { name: 'Dringend' }));
    await screen.findByRole('list', { name: 'Suchergebnisse' });
    fireEvent.click(screen.getByRole('button', { name: 'Abnahme' }));
    await waitFor(() => expect(searches).toHaveLength(2));

    expect(screen.getByRole('button', { name: 'Dringend' }).getAttribute('aria-pressed')).toBe('true');
    expect(searches[1]?.searchParams.get('q')).toBe('');
    expect(searches[1]?.searchParams.getAll('tag')).toEqual(['Dringend', 'Abnahme']);

    fireEvent.click(screen.getByRole('button', { name: 'Dringend' }));
    await waitFor(() => expect(searches).toHaveLength(3));
    expect(searches[2]?.searchParams.getAll('tag')).toEqual(['Abnahme']);
    expect(screen.getByRole('button', { name: 'Dringend' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows results per project with their matching tasks and the rest as a count', async () => {
    setup(() => RESPONSE);
    type('Kabel');

    const results = within(await screen.findByRole('list', { name: 'Suchergebnisse' }));
    expect(screen.getByText('2 Projekte gefunden')).toBeTruthy();
    const bad = within(results.getByRole('listitem', { name: 'Bad Müller' }));
    expect(bad.getByRole('link', { name: 'Bad Müller' }).getAttribute('href')).toBe('/project/p-1');
    expect(bad.getByText('Projekt-Nr: 2026-017')).toBeTruthy();
    const tasks = within(bad.getByRole('list', { name: 'Passende Aufgaben in „Bad Müller“' }));
    const first = within(tasks.getAllByRole('listitem')[0]!);
    expect(first.getByText('Kabel ziehen')).toBeTruthy();
    expect(first.getByText('Spalte: In Bearbeitung')).toBeTruthy();
    expect(first.getByText('Dringend')).toBeTruthy();
    expect(bad.getByText('+3 weitere Aufgaben')).toBeTruthy();

    const schulz = within(results.getByRole('listitem', { name: 'Kabelwerk Schulz' }));
    expect(schulz.getByRole('link', { name: 'Kabelwerk Schulz' }).getAttribute('href')).toBe('/project/p-2');
    expect(schulz.queryByText(/weitere Aufgabe/)).toBeNull();
  });

  it("says 'Keine Treffer' when nothing matches", async () => {
    setup(() => ({ projects: [], truncated: false }));
    type('Zzz');
    expect(await screen.findByText('Keine Treffer')).toBeTruthy();
  });

  it("says 'Daten konnten nicht geladen werden.' when the search fails", async () => {
    setup(() => ({ status: 500, body: { message: 'Interner Fehler' } }));
    type('Kabel');
    expect((await screen.findByRole('alert')).textContent).toBe('Daten konnten nicht geladen werden.');
  });

  it('starts from the address (?q= and ?tag=) so going back shows the same search', async () => {
    const { searches } = setup(() => RESPONSE, '/search?q=Kabel&tag=Dringend');
    expect(screen.getByLabelText<HTMLInputElement>('Suchbegriff').value).toBe('Kabel');
    await screen.findByRole('list', { name: 'Suchergebnisse' });
    expect(searches[0]?.searchParams.get('q')).toBe('Kabel');
    expect(searches[0]?.searchParams.getAll('tag')).toEqual(['Dringend']);
    expect(screen.getByRole('button', { name: 'Dringend' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("starts over when the navigation's link to /search is followed", async () => {
    setup(() => RESPONSE, '/search?q=Kabel');
    await screen.findByRole('list', { name: 'Suchergebnisse' });

    const navigation = within(screen.getByRole('navigation', { name: de.nav.primary }));
    fireEvent.click(navigation.getByRole('link', { name: 'Suche' }));

    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Suchbegriff').value).toBe(''));
    expect(screen.getByText(/Geben Sie einen Suchbegriff ein/)).toBeTruthy();
  });
});
