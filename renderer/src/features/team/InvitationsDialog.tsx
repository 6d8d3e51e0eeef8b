import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { InvitationDto, InvitationRespondRequest } from '@werkboard/common';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { FeedbackMessage } from '../../components/FormFeedback';
import { useAppDispatch } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import type { LoadState } from '../../api/loadState';
import { respondToInvitation, TeamActionError } from './teamThunks';

const b = de.teamScreen.bell;
const about = de.teamScreen.about;

type Outcome =
  | { kind: 'accepted'; invitation: InvitationDto }
  | { kind: 'declined' }
  | { kind: 'error'; text: string; detail: string | null }
  | null;

interface InvitationsDialogProps {
  /** The pending invitations; an answered one leaves them (and the count) through the data layer. */
  invitations: LoadState<InvitationDto[]>;
  /** An answer failed (perhaps withdrawn meanwhile): read the list again. */
  onStale: () => void;
  onClose: () => void;
}

/**
 * 'Projekteinladungen': each pending invitation with its project, who sent it and when;
 * 'Annehmen' and 'Ablehnen' answer it (POST /invitations/{id}/respond). Accepting makes the
 * user a member: the dashboard reads its projects again, and a link leads to the project.
 */
export function InvitationsDialog({ invitations, onStale, onClose }: InvitationsDialogProps) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const respond = async (invitation: InvitationDto, status: InvitationRespondRequest['status']) => {
    if (busy) return;
    setBusy(invitation.id);
    setOutcome(null);
    try {
      // Accepting makes the user a member: the project lists read again (the data layer).
      await dispatch(respondToInvitation(invitation.id, status));
      setOutcome(status === 'accepted' ? { kind: 'accepted', invitation } : { kind: 'declined' });
    } catch (caught) {
      setOutcome(
        caught instanceof TeamActionError
          ? { kind: 'error', text: caught.message, detail: caught.detail }
          : { kind: 'error', text: b.respondFailed, detail: null },
      );
      onStale();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog title={b.title} onClose={onClose}>
      {invitations.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {invitations.status === 'failed' && (
        <p role="alert" className="message message--error">
          {b.loadFailed}
        </p>
      )}
      {invitations.status === 'loaded' && invitations.data.length === 0 && <p className="muted">{b.empty}</p>}
      {invitations.status === 'loaded' && invitations.data.length > 0 && (
        <ul className="team-list" aria-label={b.list}>
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="team-list__item">
              <div className="team-list__who team-list__who--stacked">
                <span className="team-list__name">{invitation.projectName}</span>
                <span className="team-list__meta muted">
                  {invitation.fromUsername ? b.from(invitation.fromUsername) : b.fromUnknown}
                  {' · '}
                  <time dateTime={invitation.timestamp}>{formatDateTime(invitation.timestamp)}</time>
                </span>
              </div>
              <div className="row-actions team-list__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  aria-label={about(b.accept, invitation.projectName)}
                  disabled={busy !== null}
                  onClick={() => void respond(invitation, 'accepted')}
                >
                  {b.accept}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={about(b.decline, invitation.projectName)}
                  disabled={busy !== null}
                  onClick={() => void respond(invitation, 'declined')}
                >
                  {b.decline}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {outcome?.kind === 'accepted' && (
        <div role="status" className="message message--success">
          <p>{de.team.invitations.accepted}</p>
          <p>
            <Link to={`/project/${encodeURIComponent(outcome.invitation.project)}`} onClick={onClose}>
              {b.openProject(outcome.invitation.projectName)}
            </Link>
          </p>
        </div>
      )}
      {outcome?.kind === 'declined' && (
        <p role="status" className="message message--success">
          {de.team.invitations.declined}
        </p>
      )}
      <FeedbackMessage feedback={outcome?.kind === 'error' ? outcome : null} />

      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {de.app.close}
        </button>
      </div>
    </Dialog>
  );
}
