import type { ReactNode } from 'react';
import { useId, useState } from 'react';

interface CollapsibleProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
  /** 3 inside a dialog (whose title is an h2); 2 for a section of a page, right under its h1. */
  headingLevel?: 2 | 3;
}

/** A section whose heading is a button that folds the content in and out (aria-expanded). */
export function Collapsible({ title, children, defaultOpen = false, headingLevel = 3 }: CollapsibleProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [open, setOpen] = useState(defaultOpen);
  const contentId = useId();
  return (
    <section className={open ? 'collapsible collapsible--open' : 'collapsible'}>
      <Heading className="collapsible__heading">
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
      </Heading>
      <div id={contentId} className="collapsible__content" hidden={!open}>
        {open && children}
      </div>
    </section>
  );
}
