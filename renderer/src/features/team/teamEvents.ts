import { useEffect, useRef } from 'react';

/**
 * Two small signals between parts of the page that share no state: the invite and team
 * dialogs tell the project header that the project's pending invitations changed (so 'Team
 * verwalten' can appear or go), and the bell tells the dashboard that the user's projects
 * changed (an accepted invitation adds one). Window events keep them free of the store's
 * shape; each listener reads the server again.
 */
const INVITATIONS_CHANGED = 'werkboard:project-invitations-changed';
const PROJECTS_CHANGED = 'werkboard:projects-changed';

/** The pending invitations of `projectId` changed (sent, withdrawn). */
export function notifyInvitationsChanged(projectId: string): void {
  window.dispatchEvent(new CustomEvent<string>(INVITATIONS_CHANGED, { detail: projectId }));
}

/** The signed-in user's project list changed (an invitation was accepted). */
export function notifyProjectsChanged(): void {
  window.dispatchEvent(new Event(PROJECTS_CHANGED));
}

/** Calls the latest `listener` on every event `type` while mounted. */
function useWindowEvent(type: string, listener: (event: Event) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const onEvent = (event: Event) => latest.current(event);
    window.addEventListener(type, onEvent);
    return () => window.removeEventListener(type, onEvent);
  }, [type]);
}

/** Runs `listener` whenever the pending invitations of `projectId` changed. */
export function useInvitationsChanged(projectId: string, listener: () => void): void {
  useWindowEvent(INVITATIONS_CHANGED, (event) => {
    if ((event as CustomEvent<string>).detail === projectId) listener();
  });
}

/** Runs `listener` whenever the user's project list changed (the dashboard reads it again). */
export function useProjectsChanged(listener: () => void): void {
  useWindowEvent(PROJECTS_CHANGED, listener);
}
