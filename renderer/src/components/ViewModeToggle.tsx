import { LayoutGrid, List } from 'lucide-react';
import { de } from '@werkboard/common';

export type ViewMode = 'grid' | 'list';

const t = de.dashboard.projects;
const VIEW_MODES = ['grid', 'list'] as const satisfies readonly ViewMode[];

/** 'Kachelansicht' / 'Listenansicht': the grid or list view of the dashboard and the admin overview. */
export function ViewModeToggle({ view, onChange }: { view: ViewMode; onChange: (view: ViewMode) => void }) {
  return (
    <div className="dash-view-toggle" role="group" aria-label={t.viewMode}>
      {VIEW_MODES.map((mode) => (
        <button
          key={mode}
          type="button"
          className={view === mode ? 'dash-view-toggle__button is-active' : 'dash-view-toggle__button'}
          aria-pressed={view === mode}
          aria-label={t[mode]}
          title={t[mode]}
          onClick={() => onChange(mode)}
        >
          {mode === 'grid' ? (
            <LayoutGrid className="icon-glyph" aria-hidden="true" focusable="false" />
          ) : (
            <List className="icon-glyph" aria-hidden="true" focusable="false" />
          )}
          <span className="dash-view-toggle__text" aria-hidden="true">
            {t[mode]}
          </span>
        </button>
      ))}
    </div>
  );
}
