import type { ReactNode } from 'react';
import { useId, useState } from 'react';

interface CollapsibleProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

/** A section whose heading is a button that folds the content in and out (aria-expanded). */
export function Collapsible({ title, children, defaultOpen = false }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <section className={open ? 'collapsible collapsible--open' : 'collapsible'}>
      <h3 className="collapsible__heading">
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="collapsible__chevron" aria-hidden="true" />
          {title}
        </button>
      </h3>
      <div id={contentId} className="collapsible__content" hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}
