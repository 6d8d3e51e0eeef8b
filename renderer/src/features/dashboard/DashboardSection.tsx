import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';

interface DashboardSectionProps {
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Buttons beside the heading (view toggle, group actions); outside the toggle button. */
  actions?: ReactNode;
  /** Heading level of the toggle (sections inside 'Laufende Projekte' are one deeper). */
  level?: 2 | 3;
  className?: string;
  /** Extra before the title inside the toggle (a group's icon). */
  icon?: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A folding dashboard section whose open state the caller owns (the display settings persist
 * it). Same markup as components/Collapsible: the heading is a button with aria-expanded.
 */
export function DashboardSection({
  title,
  open,
  onToggle,
  actions,
  level = 2,
  className,
  icon,
  style,
  children,
}: DashboardSectionProps) {
  const contentId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      className={['collapsible', 'dash-section', open ? 'collapsible--open' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      style={style}
    >
      <div className="dash-section__header">
        <Heading className="collapsible__heading dash-section__heading">
          <button
            type="button"
            className="collapsible__toggle"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => onToggle(!open)}
          >
            <span className="collapsible__chevron" aria-hidden="true" />
            {icon}
            <span className="dash-section__title">{title}</span>
          </button>
        </Heading>
        {actions && <div className="dash-section__actions">{actions}</div>}
      </div>
      <div id={contentId} className="collapsible__content dash-section__content" hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}
