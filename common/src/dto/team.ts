export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

/** GET /api/invitations (mine, pending) and GET /api/projects/{id}/invitations (pending). */
export interface InvitationDto {
  id: string;
  /** The project's id. */
  project: string;
  projectName: string;
  toUserId: string;
  toUsername: string;
  fromUserId: string | null;
  fromUsername: string;
  timestamp: string;
  status: InvitationStatus;
}
