import { useState } from 'react';
import type { InvitationDto, ProjectMemberDto } from '@werkboard/common';
import { canManageTeam, de } from '@werkboard/common';
import { useProjectInvitationsQuery } from '../../api/endpoints/invitations';
import { loadStateOf } from '../../api/loadState';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { FeedbackMessage } from '../../components/FormFeedback';
import type { Failure } from '../../components/useSubmit';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { UserAvatar } from '../../entities/user/UserAvatar';
import { useOpenProject } from '../../entities/project/useOpenProject';
import type { TeamChange } from './teamThunks';
import { changeTeam, TeamActionError, withdrawInvitation } from './teamThunks';

const t = de.teamScreen.team;
const server = de.team;
const about = de.teamScreen.about;

type Confirming = { kind: 'remove' | 'handOver'; member: ProjectMemberDto } | null;

const TEAM_ROLE_ORDER: Record<ProjectMemberDto['teamRole'], number> = { owner: 0, deputy: 1, member: 2 };

function sortedTeam(team: readonly ProjectMemberDto[]): ProjectMemberDto[] {
  return [...team].sort(
    (a, b) =>
      TEAM_ROLE_ORDER[a.teamRole] - TEAM_ROLE_ORDER[b.teamRole] ||
      a.username.localeCompare(b.username, 'de-DE', { sensitivity: 'base' }),
  );
}

/** A refused team action: the dialog's text, and the server's reason where it says more. */
function failureOf(fallback: string): (caught: unknown) => Failure {
  return (caught) =>
    caught instanceof TeamActionError
      ? { text: caught.message, detail: caught.detail }
      : { text: fallback, detail: null };
}

/**
 * 'Team verwalten' (the owner; spec sections 2 and 4): the active members (Projektleitung,
 * Vertretung, members) and the pending invitations. Per member: set or remove the deputy
 * role, remove from the project (confirmed), hand over the leadership (confirmed, with the
 * warning that it cannot be undone and that the owner becomes a normal member). Every answer
 * is the whole project, shown on the board at once.
 */
export function TeamDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { document, readOnly } = useOpenProject();
  const user = useAppSelector((state) => state.auth.user);
  const isOwner = user !== null && canManageTeam(user, document);
  const manage = isOwner && !readOnly;
  // The owner's read; sending and withdrawing anywhere on the page read it again (the data layer).
  const invitations = loadStateOf(useProjectInvitationsQuery(document.id, { skip: !isOwner }));
  // Actions from the lists, and the confirmed ones (whose failure stays in the confirmation).
  const action = useSubmit();
  const confirmation = useSubmit();
  const busy = action.busy || confirmation.busy;
  const [confirming, setConfirming] = useState<Confirming>(null);
  // The last outcome under the lists: a confirmed action's success, or a list action's outcome.
  const outcome = confirmation.feedback?.kind === 'success' ? confirmation.feedback : action.feedback;
  const confirmErrorText =
    confirmation.feedback?.kind === 'error'
      ? [confirmation.feedback.text, confirmation.feedback.detail].filter(Boolean).join(' ')
      : null;

  const act = async (write: () => Promise<unknown>, fallback: string, success: string) => {
    if (busy) return;
    confirmation.clear();
    await action.run(write, failureOf(fallback), success);
  };

  const run = (change: TeamChange, fallback: string, success: string) =>
    act(() => dispatch(changeTeam(change, fallback)), fallback, success);

  const withdraw = (invitation: InvitationDto) =>
    act(
      () => dispatch(withdrawInvitation(document.id, invitation.id)),
      server.invitations.withdrawFailed,
      server.invitations.withdrawn,
    );

  const confirm = async () => {
    if (!confirming || busy) return;
    const { kind, member } = confirming;
    action.clear();
    const [change, fallback, success]: [TeamChange, string, string] =
      kind === 'remove'
        ? [{ kind: 'remove', userId: member.id }, t.removeFailed, server.team.memberRemoved(member.username)]
        : [
            { kind: 'handOver', body: { newOwnerId: member.id } },
            server.team.handoverFailed,
            server.team.handedOver(member.username),
          ];
    if (await confirmation.run(() => dispatch(changeTeam(change, fallback)), failureOf(fallback), success))
      setConfirming(null);
  };

  const ask = (kind: 'remove' | 'handOver', member: ProjectMemberDto) => {
    confirmation.clear();
    setConfirming({ kind, member });
  };

  return (
    <Dialog title={t.title} onClose={onClose} wide>
      {!isOwner && (
        <p role="status" className="message team-notice">
          {t.notOwnerAnyMore}
        </p>
      )}

      <section className="team-section">
        <h3 className="subheading">{t.members}</h3>
        <ul className="team-list" aria-label={t.members}>
          {sortedTeam(document.team).map((member) => (
            <li key={member.id} className="team-list__item">
              <div className="team-list__who">
                <UserAvatar username={member.username} color={member.usernameColor} />
                <span className="team-list__name">{member.username}</span>
                <span className={`role-badge team-role--${member.teamRole}`}>{t[member.teamRole]}</span>
                <span className="team-list__meta muted">{member.role}</span>
              </div>
              {manage && member.teamRole !== 'owner' && (
                <div className="row-actions team-list__actions">
                  {member.teamRole === 'deputy' ? (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={about(t.removeDeputy, member.username)}
                      disabled={busy}
                      onClick={() =>
                        void run({ kind: 'deputy', body: { userId: null } }, t.deputyFailed, server.team.deputyRemoved)
                      }
                    >
                      {t.removeDeputy}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={about(t.setDeputy, member.username)}
                      disabled={busy}
                      onClick={() =>
                        void run(
                          { kind: 'deputy', body: { userId: member.id } },
                          t.deputyFailed,
                          server.team.deputySet(member.username),
                        )
                      }
                    >
                      {t.setDeputy}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={about(t.handOver, member.username)}
                    disabled={busy}
                    onClick={() => ask('handOver', member)}
                  >
                    {t.handOver}
                  </button>
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={about(t.remove, member.username)}
                    disabled={busy}
                    onClick={() => ask('remove', member)}
                  >
                    {t.remove}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      {isOwner && (
        <section className="team-section">
          <h3 className="subheading">{t.invitations}</h3>
          {invitations.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
          {invitations.status === 'failed' && (
            <p role="alert" className="message message--error">
              {t.invitationsLoadFailed}
            </p>
          )}
          {invitations.status === 'loaded' && invitations.data.length === 0 && (
            <p className="muted">{t.noInvitations}</p>
          )}
          {invitations.status === 'loaded' && invitations.data.length > 0 && (
            <ul className="team-list" aria-label={t.invitations}>
              {invitations.data.map((invitation) => {
                const when = formatDateTime(invitation.timestamp) ?? '';
                return (
                  <li key={invitation.id} className="team-list__item">
                    <div className="team-list__who">
                      <span className="team-list__name">{invitation.toUsername}</span>
                      <span className="team-list__meta muted">
                        {invitation.fromUsername ? t.invitedBy(invitation.fromUsername, when) : t.invitedAt(when)}
                      </span>
                    </div>
                    {manage && (
                      <div className="row-actions team-list__actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={about(t.withdraw, invitation.toUsername)}
                          disabled={busy}
                          onClick={() => void withdraw(invitation)}
                        >
                          {t.withdraw}
                        </button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      <FeedbackMessage feedback={outcome} />

      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {de.app.close}
        </button>
      </div>

      {confirming?.kind === 'remove' && (
        <ConfirmDialog
          title={t.removeTitle}
          confirmLabel={t.removeConfirm}
          busyLabel={t.removing}
          busy={busy}
          danger
          error={confirmErrorText}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t.removeQuestion(confirming.member.username, document.name)}</p>
          <p className="muted">{t.removeHint}</p>
        </ConfirmDialog>
      )}
      {confirming?.kind === 'handOver' && (
        <ConfirmDialog
          title={t.handOverTitle}
          confirmLabel={t.handOverConfirm}
          busyLabel={t.handingOver}
          busy={busy}
          danger
          error={confirmErrorText}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        >
          <p>{t.handOverQuestion(confirming.member.username, document.name)}</p>
          <p className="message team-warning">
            <strong>{t.handOverWarning}</strong>
          </p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
