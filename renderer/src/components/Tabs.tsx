import type { ReactNode } from 'react';
import { useId } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}

/** ARIA tabs: a tablist with one panel for the selected tab; arrow keys move between tabs. */
export function Tabs<Id extends string>({ tabs, selected, onSelect, children }: TabsProps<Id>) {
  const baseId = useId();
  const move = (delta: number) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = tabs[(index + delta + tabs.length) % tabs.length];
    if (next) onSelect(next.id);
  };
  return (
    <div className="tabs">
      <div
        role="tablist"
        className="tabs__list"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') move(1);
          if (event.key === 'ArrowLeft') move(-1);
        }}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        className="tabs__panel"
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
