import type { ColumnDto } from '../dto/projects';

export interface Progress {
  done: number;
  total: number;
  /** 0 to 100, rounded; 0 without cards. */
  percent: number;
}

export function progressOf(done: number, total: number): Progress {
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** Progress = cards in the last column / all cards (spec section 4). Columns in board order. */
export function projectProgress(columns: readonly Pick<ColumnDto, 'cards'>[]): Progress {
  const total = columns.reduce((sum, column) => sum + column.cards.length, 0);
  const done = columns.length === 0 ? 0 : columns[columns.length - 1]!.cards.length;
  return progressOf(done, total);
}
