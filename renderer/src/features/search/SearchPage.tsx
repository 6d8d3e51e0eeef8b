import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { MergedTag, SearchProjectDto, TagDto } from '@werkboard/common';
import { de, mergeTagsByLabel, SEARCH_LIMITS, tagColor } from '@werkboard/common';
import { useSearchQuery } from '../../api/endpoints/search';
import { isQueryError, serverMessageOr } from '../../api/errors';
import { useTagsQuery } from '../../api/endpoints/tags';
import { loadStateOf } from '../../api/loadState';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';

const t = de.organise.search;

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

const NO_TAGS: TagDto[] = [];

const sameLabel = (a: string, b: string) => a.toLocaleLowerCase('de') === b.toLocaleLowerCase('de');

/** The address's query: ?q= and repeated ?tag=, so going back from a project shows the same hits. */
function addressQuery(text: string, labels: readonly string[]): string {
  const params = new URLSearchParams();
  if (text) params.set('q', text);
  for (const label of labels) params.append('tag', label);
  return params.toString();
}

/**
 * /search (spec section 2): a text box (searched after a short pause in typing) and tag chips
 * (tags of all customer types with one label are one chip). Results come per project with
 * its matching tasks; the server answers both from SQL (GET /search).
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [query, setQuery] = useState(() => text.trim());
  const [labels, setLabels] = useState<string[]>(() => params.getAll('tag').filter(Boolean));
  const tagsLoad = loadStateOf(useTagsQuery());
  const textId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The address follows the search (replace: typing is not a history of its own) ...
  const wanted = addressQuery(query, labels);
  const address = params.toString();
  const written = useRef(address);
  useEffect(() => {
    if (wanted === written.current) return;
    written.current = wanted;
    setParams(wanted, { replace: true });
  }, [wanted, setParams]);
  // ... and an address from elsewhere (the navigation's link, going back) starts its search.
  useEffect(() => {
    if (address === written.current) return;
    written.current = address;
    const next = new URLSearchParams(address);
    const q = next.get('q') ?? '';
    setText(q);
    setQuery(q.trim());
    setLabels(next.getAll('tag').filter(Boolean));
  }, [address]);

  const idle = !query && labels.length === 0;
  const search = useSearchQuery({ text: query, tagLabels: labels }, { skip: idle });
  // A 400 says what is wrong with the query (too long, too many tags); else the spec's text.
  const failure =
    !search.isFetching && search.isError
      ? isQueryError(search.error) && search.error.status === 400
        ? serverMessageOr(search.error, t.loadFailed)
        : t.loadFailed
      : null;
  const status = idle ? 'idle' : search.isFetching ? 'loading' : failure ? 'failed' : 'loaded';
  // While the next search runs the last hits stay on screen.
  const shown = idle || failure ? null : (search.data ?? null);

  const tagList = tagsLoad.status === 'loaded' ? tagsLoad.data : NO_TAGS;
  const chips = useMemo(() => {
    const merged = mergeTagsByLabel(tagList);
    // Labels from the address that no tag has (any more) stay visible, so they can be turned off.
    const extra = labels
      .filter((label) => !merged.some((chip) => sameLabel(chip.label, label)))
      .map((label): MergedTag => ({ label, color: 'slate', priority: 1, tagIds: [] }));
    return [...merged, ...extra];
  }, [tagList, labels]);
  const tagsById = useMemo(() => new Map(tagList.map((tag) => [tag.id, tag])), [tagList]);

  const toggle = (label: string) =>
    setLabels((before) =>
      before.some((chosen) => sameLabel(chosen, label))
        ? before.filter((chosen) => !sameLabel(chosen, label))
        : [...before, label],
    );

  return (
    <div className="page search-page">
      <h1 className="page__title">{de.pages.search}</h1>
      <form className="search-form" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={textId}>{t.query}</label>
          <input
            id={textId}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_LIMITS.query}
            placeholder={t.queryPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches at once instead of waiting for the pause.
              if (event.key === 'Enter') setQuery(text.trim());
            }}
          />
        </div>
        <fieldset className="fieldset search-tags">
          <legend>{t.tagFilter}</legend>
          {tagsLoad.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
          {tagsLoad.status === 'failed' && <p className="muted">{t.tagsLoadFailed}</p>}
          {chips.length > 0 && (
            <div className="search-tags__chips">
              {chips.map((chip) => (
                <button
                  key={chip.label}
                  type="button"
                  className={`board-chip board-chip--toggle board-tone--${tagColor(chip.color)}`}
                  aria-pressed={labels.some((chosen) => sameLabel(chosen, chip.label))}
                  onClick={() => toggle(chip.label)}
                >
                  {chip.label}
                </button>
              ))}
            </div>
          )}
        </fieldset>
      </form>

      <div className="search-results" aria-busy={status === 'loading'}>
        {status === 'idle' && <p className="muted">{t.hint}</p>}
        {status === 'loading' && (
          <p role="status" className="muted">
            {t.searching}
          </p>
        )}
        {failure && (
          <p role="alert" className="message message--error">
            {failure}
          </p>
        )}
        {shown &&
          (shown.projects.length === 0 ? (
            status === 'loaded' && <p className="search-results__empty">{t.noResults}</p>
          ) : (
            <>
              <p className="muted search-results__count">{t.resultCount(shown.projects.length)}</p>
              <ul className="search-list" aria-label={t.results}>
                {shown.projects.map((project) => (
                  <SearchHit key={project.id} project={project} tagsById={tagsById} />
                ))}
              </ul>
              {shown.truncated && <p className="muted">{t.truncated(SEARCH_LIMITS.projects)}</p>}
            </>
          ))}
      </div>
    </div>
  );
}

function TagChips({ tagIds, tagsById }: { tagIds: readonly string[]; tagsById: ReadonlyMap<string, TagDto> }) {
  const tags = tagIds.map((id) => tagsById.get(id)).filter((tag): tag is TagDto => tag !== undefined);
  if (tags.length === 0) return null;
  return (
    <ul className="board-chips">
      {tags.map((tag) => (
        <li key={tag.id} className={`board-chip board-tone--${tagColor(tag.color)}`}>
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

function SearchHit({ project, tagsById }: { project: SearchProjectDto; tagsById: ReadonlyMap<string, TagDto> }) {
  const more = project.taskCount - project.tasks.length;
  return (
    <li className="search-hit" aria-label={project.name}>
      <div className="search-hit__head">
        <ProjectIconGlyph icon={project.icon} />
        <div className="search-hit__titles">
          <Link to={`/project/${encodeURIComponent(project.id)}`} className="search-hit__link">
            {project.name}
          </Link>
          <span className="search-hit__meta">
            {project.projectNumber && <span>{de.projectOverview.projectNumber(project.projectNumber)}</span>}
            {project.status === 'completed' && <span className="catalog-badge">{t.completed}</span>}
          </span>
        </div>
      </div>
      <TagChips tagIds={project.tagIds} tagsById={tagsById} />
      {project.tasks.length > 0 && (
        <ul className="search-tasks" aria-label={t.tasksOf(project.name)}>
          {project.tasks.map((task) => (
            <li key={task.id} className="search-task">
              <span className="search-task__title">{task.title}</span>
              <span className="search-task__column muted">{t.column(task.columnTitle)}</span>
              <TagChips tagIds={task.tagIds} tagsById={tagsById} />
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="search-hit__more muted">{t.moreTasks(more)}</p>}
    </li>
  );
}
