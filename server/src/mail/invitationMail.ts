import { User } from '../models';
import type { InvitationRow } from '../presenters/invitation';
import { readSmtp } from '../services/settings';
import type { Services } from '../serverState';
import { canSend, sendMail } from './mailer';
import { invitationMail } from './mails';

/**
 * The invitation e-mail to the invited user, once the invitation is committed: only when the
 * Admin has set up SMTP and the user has an e-mail address. A failure is logged with its
 * German reason and not retried (the bell and the push still tell the user); it never undoes
 * or fails the invitation.
 */
export async function sendInvitationMail(services: Services, invitation: InvitationRow, appUrl: string): Promise<void> {
  try {
    const smtp = await readSmtp();
    if (!canSend(smtp)) return;
    const invitee = await User.findByPk(invitation.toUserId, { attributes: ['id', 'email'] });
    if (!invitee?.email) return;
    await sendMail(smtp, services.secrets.jwtSecret, invitationMail(invitee.email, invitation, appUrl));
    services.logger.info({ invitationId: invitation.id }, 'invitation e-mail sent');
  } catch (error) {
    services.logger.warn(
      { invitationId: invitation.id, reason: error instanceof Error ? error.message : String(error) },
      'invitation e-mail not sent',
    );
  }
}
