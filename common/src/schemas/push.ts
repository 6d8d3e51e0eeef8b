import { z } from 'zod';
import { de } from '../messages';
import { BODY_ERROR, booleanField } from './fields';

const invalid = { error: de.push.subscriptionInvalid };
const base64url = z.string(invalid).regex(/^[A-Za-z0-9_-]+=*$/, invalid);

/** A browser's PushSubscription as `toJSON()` gives it; the push service is reached over https only. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: z
      .string(invalid)
      .max(1000, invalid)
      .regex(/^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/, invalid),
    keys: z.object({ p256dh: base64url.max(200, invalid), auth: base64url.max(100, invalid) }, invalid),
  },
  BODY_ERROR,
);
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string(invalid).max(1000, invalid) }, BODY_ERROR);

/** PUT /api/message-digest: whether the user gets the daily e-mail of unread messages. */
export const messageDigestSchema = z.object({ enabled: booleanField }, BODY_ERROR);
export type MessageDigestSetting = z.infer<typeof messageDigestSchema>;

/** GET/PUT /api/message-digest's answer: the setting, and from which hour the server sends. */
export interface MessageDigestDto {
  enabled: boolean;
  hour: number;
}
