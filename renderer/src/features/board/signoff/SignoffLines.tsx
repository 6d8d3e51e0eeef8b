import { signedByText, signoffsOf } from '@werkboard/common';
import { useAppSelector } from '../../../store/hooks';

/** 'Abgenommen von {Name} am {Datum}' for each sign-off of the card (or, null, of the project). */
export function SignoffLines({ cardId }: { cardId: string | null }) {
  const document = useAppSelector((state) => state.project.document);
  const signoffs = document ? signoffsOf(document, cardId) : [];
  if (signoffs.length === 0) return null;
  return (
    <ul className="signoff-lines">
      {signoffs.map((signoff) => (
        <li key={signoff.id} className="signoff-lines__item">
          <span aria-hidden="true">✔</span> {signedByText(signoff)}
        </li>
      ))}
    </ul>
  );
}
