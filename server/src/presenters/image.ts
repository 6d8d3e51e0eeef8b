import type { ImageDto } from '@werkboard/common';

/** An image as the image query reads it. */
export interface ImageRow extends Omit<ImageDto, 'createdAt'> {
  createdAt: Date;
}

export function presentImage(row: ImageRow): ImageDto {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
