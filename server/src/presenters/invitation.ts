import type { InvitationDto } from '@werkboard/common';

/** An invitation as the invitation query reads it. */
export type InvitationRow = Omit<InvitationDto, 'timestamp'> & { timestamp: Date };

export function presentInvitation(row: InvitationRow): InvitationDto {
  return { ...row, timestamp: row.timestamp.toISOString() };
}
