import type { UserSettingsPatch } from '@werkboard/common';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mergeDeep(base: Plain, patch: Plain): Plain {
  const result: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = result[key];
    result[key] = isPlain(current) && isPlain(value) ? mergeDeep(current, value) : value;
  }
  return result;
}

/** Two pending settings changes as one: the later one's fields win. */
export function mergePatches(first: UserSettingsPatch, second: UserSettingsPatch): UserSettingsPatch {
  return mergeDeep(first, second);
}
