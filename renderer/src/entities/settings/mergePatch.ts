import type { UserSettingsPatch } from '@werkboard/common';
import { mergeDeep } from '@werkboard/common';

/** Two pending settings changes as one: the later one's fields win. */
export function mergePatches(first: UserSettingsPatch, second: UserSettingsPatch): UserSettingsPatch {
  return mergeDeep(first, second);
}
