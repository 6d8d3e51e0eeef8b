import { type TagDto, tagColor } from '@werkboard/common';

/** A tag with a colour of the palette (an unknown stored colour shows as the fallback). */
export function presentTag(row: TagDto): TagDto {
  return { ...row, color: tagColor(row.color) };
}
