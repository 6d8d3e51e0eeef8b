import { useEffect } from 'react';
import type { LiveEvent } from '@werkboard/common';
import { apiSlice } from '../api/apiSlice';
import { runLiveEvents } from '../api/liveEvents';
import { projectRevisionAnnounced, reloadProject } from '../entities/project/projectThunks';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import type { AppThunk } from '../store/types';
import { sideReadsMayStart } from '../api/sideReads';

/** What each live event changes in this tab; other features add their events here. */
function liveEventArrived(event: LiveEvent): AppThunk {
  return (dispatch) => {
    switch (event.type) {
      case 'project-revision':
        void dispatch(projectRevisionAnnounced(event.projectId, event.revision));
        break;
      case 'invitation-count':
        dispatch(apiSlice.util.invalidateTags(['MyInvitations']));
        break;
      case 'unread-messages':
        // The count, the conversation list and an open thread read again (the texts are sealed).
        dispatch(apiSlice.util.invalidateTags(['Messages']));
        break;
      case 'test':
        break;
    }
  };
}

/** The open board reads what changed since its copy (a delta, issue 17). */
function refreshOpenProject(): AppThunk {
  return (dispatch, getState) => {
    const { kind, status } = getState().project;
    if (kind === 'project' && status === 'loaded') void dispatch(reloadProject());
  };
}

/** After a break in the stream (network loss): read once what its events would have said. */
function catchUp(): AppThunk {
  return (dispatch) => {
    dispatch(apiSlice.util.invalidateTags(['MyInvitations', 'Messages']));
    dispatch(refreshOpenProject());
  };
}

function startLiveUpdates(): AppThunk<() => void> {
  return (dispatch, _getState, { api }) => {
    const stop = runLiveEvents({
      open: (signal) => api.openStream('/events', signal),
      onEvent: (event) => dispatch(liveEventArrived(event)),
      onReconnected: () => dispatch(catchUp()),
      // The open board's delta since its copy: edits made before the stream was there.
      onFirstOpen: () => dispatch(refreshOpenProject()),
      isOnline: () => navigator.onLine,
      events: window,
    });
    // A tab in the background may have missed events while its stream still looked open (a
    // phone suspends it): the open board reads what changed when it is looked at again. A
    // stream that broke catches up on reconnecting; the rest waits for that.
    const focused = () => dispatch(refreshOpenProject());
    window.addEventListener('focus', focused);
    return () => {
      window.removeEventListener('focus', focused);
      stop();
    };
  };
}

/**
 * The tab's live event stream while signed in (issue 16): opened with the session's token,
 * opened again with a new one (password change), closed at logout. The spec's polling stays
 * as it is, the fallback when the stream cannot be held. On a start with a stored session it
 * opens once the landing page's content is on the screen (api/sideReads.ts).
 */
export function useLiveUpdates(): void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.token);
  useEffect(() => {
    if (!token) return undefined;
    // Not a state of the frame: its change would render the whole signed-in page again.
    let stop: (() => void) | null = null;
    let unmounted = false;
    void sideReadsMayStart().then(() => {
      if (!unmounted) stop = dispatch(startLiveUpdates());
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [dispatch, token]);
}
