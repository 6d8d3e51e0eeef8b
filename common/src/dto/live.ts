/**
 * The events of the live stream GET /api/events (docs/api.md "Live updates"), one JSON object
 * per Server-Sent Event. Other features add their types to `LiveEvent`.
 */

/** A project the reader may see is now at this revision (after any committed write). */
export interface ProjectRevisionEvent {
  type: 'project-revision';
  projectId: string;
  revision: number;
}

/** The caller's number of pending invitations changed. */
export interface InvitationCountEvent {
  type: 'invitation-count';
  count: number;
}

/** The recipient's (or reader's) number of unread direct messages changed. Never the text. */
export interface UnreadMessagesEvent {
  type: 'unread-messages';
  count: number;
}

/** POST /api/events/test: proves that the caller's open streams receive. */
export interface TestEvent {
  type: 'test';
  sentAt: string;
}

export type LiveEvent = ProjectRevisionEvent | InvitationCountEvent | UnreadMessagesEvent | TestEvent;
