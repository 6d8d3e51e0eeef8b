import { progressOf, projectProgress } from './progress';

const cards = (count: number) => ({ cards: Array.from({ length: count }, () => null as never) });

describe('projectProgress', () => {
  it('counts the cards of the last column against all cards', () => {
    expect(projectProgress([cards(2), cards(1), cards(1)])).toEqual({ done: 1, total: 4, percent: 25 });
  });
  it('is 0 without cards or columns', () => {
    expect(projectProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
    expect(projectProgress([cards(0), cards(0)])).toEqual({ done: 0, total: 0, percent: 0 });
  });
  it('rounds to whole percent', () => {
    expect(progressOf(1, 3).percent).toBe(33);
    expect(progressOf(2, 3).percent).toBe(67);
  });
});
