import type { CardDto } from '../dto/projects';
import { groupCards } from './cardGroups';

const card = (id: string, group: string | null) => ({ id, group }) as CardDto;
const shape = (sections: ReturnType<typeof groupCards>) =>
  sections.map((section) => [section.group, section.cards.map((c) => c.id)]);

describe('groupCards', () => {
  it('keeps a column without groups as one list', () => {
    expect(shape(groupCards([card('a', null), card('b', null)], ['Bad']))).toEqual([[null, ['a', 'b']]]);
  });

  it('puts ungrouped cards first, then groups in project order, then unknown groups by name', () => {
    const cards = [
      card('a', 'Küche'),
      card('b', null),
      card('c', 'Zählerschrank'),
      card('d', 'Bad'),
      card('e', 'Küche'),
      card('f', 'Anbau'),
    ];
    expect(shape(groupCards(cards, ['Küche', 'Bad']))).toEqual([
      [null, ['b']],
      ['Küche', ['a', 'e']],
      ['Bad', ['d']],
      ['Anbau', ['f']],
      ['Zählerschrank', ['c']],
    ]);
  });

  it('leaves out empty sections', () => {
    expect(shape(groupCards([card('a', 'Bad')], ['Küche', 'Bad']))).toEqual([['Bad', ['a']]]);
    expect(groupCards([], ['Bad'])).toEqual([]);
  });
});
