import { useState } from 'react';
import type { SignoffDto } from '@werkboard/common';
import { canRevokeSignoff, de, revokeSignoff, signedByText, signoffsOf } from '@werkboard/common';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { applyEdit } from '../../../entities/project/projectThunks';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useBoardUi } from '../boardUi';

const m = de.projects.signoff;

/**
 * 'Abgenommen von {Name} am {Datum}' for each sign-off of the card (or, null, of the project),
 * with 'Widerrufen' for who may revoke it (owner, deputy, Admin, Firmenleiter). The revocation
 * is saved like every edit; a refusal of the server shows as the board's save error.
 */
export function SignoffLines({ cardId }: { cardId: string | null }) {
  const dispatch = useAppDispatch();
  const document = useAppSelector((state) => state.project.document);
  const { readOnly, actor } = useBoardUi();
  const [revoking, setRevoking] = useState<SignoffDto | null>(null);
  const signoffs = document ? signoffsOf(document, cardId) : [];
  if (!document || signoffs.length === 0) return null;
  const mayRevoke = !readOnly && actor !== null && canRevokeSignoff(actor, document);
  return (
    <>
      <ul className="signoff-lines">
        {signoffs.map((signoff) => (
          <li key={signoff.id} className="signoff-lines__item">
            <span aria-hidden="true">✔</span> {signedByText(signoff)}
            {mayRevoke && (
              <button
                type="button"
                className="link-button signoff-lines__revoke"
                aria-label={m.revokeLabel(signoff.signerName)}
                onClick={() => setRevoking(signoff)}
              >
                {m.revoke}
              </button>
            )}
          </li>
        ))}
      </ul>
      {revoking && (
        <ConfirmDialog
          title={m.revokeTitle}
          confirmLabel={m.revoke}
          danger
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            const id = revoking.id;
            setRevoking(null);
            dispatch(applyEdit((draft) => revokeSignoff(draft, id)));
          }}
        >
          <p>{m.revokeQuestion(signedByText(revoking))}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
