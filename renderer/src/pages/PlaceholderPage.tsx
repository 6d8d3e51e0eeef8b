import { NotBuiltNotice } from '../components/NotBuiltNotice';

/** A route that exists with its German heading but whose screen a later issue builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      <NotBuiltNotice />
    </div>
  );
}
