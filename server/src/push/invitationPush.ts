import { de } from '@werkboard/common';
import type { InvitationRow } from '../presenters/invitation';
import type { Services } from '../serverState';
import { sendPushToUser } from './webPush';

/**
 * A push for a new invitation, when the invited user has no tab open on this server (an open
 * tab shows it in the bell through the live stream). With several replicas a tab on another
 * one does not count: the user may get both (docs/decisions.md).
 */
export async function sendInvitationPush(services: Services, invitation: InvitationRow): Promise<void> {
  if (services.live.hub.isConnected(invitation.toUserId)) return;
  try {
    await sendPushToUser(services, invitation.toUserId, {
      type: 'invitation',
      title: de.push.invitationTitle,
      body: de.push.invitationBody(invitation.fromUsername, invitation.projectName),
      url: '#/',
    });
  } catch (error) {
    services.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'push not sent');
  }
}
