import { de } from '@werkboard/common';
import type { Services } from '../serverState';
import { sendPushToUser } from './webPush';

/**
 * A push for a new direct message, when the recipient has no tab open on this server (an open
 * tab shows the unread count through the live stream). It says who wrote, never the text: the
 * server cannot read it anyway (end-to-end encrypted).
 */
export async function sendMessagePush(
  services: Services,
  recipientId: string,
  sender: { id: string; name: string },
): Promise<void> {
  if (services.live.hub.isConnected(recipientId)) return;
  try {
    await sendPushToUser(services, recipientId, {
      type: 'message',
      title: de.push.messageTitle,
      body: de.push.messageBody(sender.name),
      // The conversation with the sender opens on click.
      url: `#/messages/${sender.id}`,
    });
  } catch (error) {
    services.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'push not sent');
  }
}
