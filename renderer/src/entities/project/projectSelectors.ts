import { createSelector } from '@reduxjs/toolkit';
import { EXTERNAL_ASSIGNEE_PREFIX } from '@werkboard/common';
import { selectExternalUsers } from '../../api/endpoints/users';
import { selectDocument } from './projectSlice';

/** Assignee value ('<user id>' or 'ext-<id>') → the name to show: the team and the cached external workers. */
export const selectAssigneeNames = createSelector(
  [(state: Parameters<typeof selectDocument>[0]) => selectDocument(state)?.team, selectExternalUsers],
  (team, externalUsers) => {
    const names = new Map<string, string>();
    for (const member of team ?? []) names.set(member.id, member.username);
    for (const external of externalUsers) names.set(`${EXTERNAL_ASSIGNEE_PREFIX}${external.id}`, external.name);
    return names;
  },
);
