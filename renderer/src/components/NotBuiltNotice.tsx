import { de } from '@werkboard/common';

/** The honest placeholder for screens that later issues build: never fake content. */
export function NotBuiltNotice({ text = de.app.notBuiltText }: { text?: string }) {
  return (
    <section className="notice" aria-label={de.app.notBuiltTitle}>
      <h2 className="notice__title">{de.app.notBuiltTitle}</h2>
      <p className="notice__text">{text}</p>
    </section>
  );
}
