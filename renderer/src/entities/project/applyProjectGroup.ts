import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';

/**
 * Puts the project into a group (or none) when the user changed the select in the edit
 * modal; like applyProjectFields it writes only a change against what the modal opened with,
 * so a replay on a newer copy keeps another user's choice otherwise. Returns the log action.
 */
export function applyProjectGroup(
  draft: Pick<ProjectDocument, 'groupId'>,
  base: string | null,
  value: string | null,
): string[] {
  if (value === base || draft.groupId === value) return [];
  draft.groupId = value;
  return [de.projectPanels.log.projectEdited(de.organise.groups.projectGroup)];
}
