import { createSelector } from '@reduxjs/toolkit';
import { assigneeNames } from '@werkboard/common';
import { selectExternalUsers } from '../../api/endpoints/users';
import { selectDocument } from './projectSlice';

/** Assignee value ('<user id>' or 'ext-<id>') → the name to show: the team and the cached external workers. */
export const selectAssigneeNames = createSelector(
  [(state: Parameters<typeof selectDocument>[0]) => selectDocument(state)?.team, selectExternalUsers],
  (team, externalUsers) => assigneeNames(team ?? [], externalUsers),
);
