import { columnTone } from './columnTone';

describe('columnTone', () => {
  it.each([
    ['To Do', 'red'],
    ['todo', 'red'],
    ['Noch zu erledigen', 'red'],
    ['In Bearbeitung', 'yellow'],
    ['BEARBEITUNG', 'yellow'],
    ['Erledigt', 'green'],
    ['Abgeschlossen', 'green'],
    ['Done', 'green'],
    ['Material bestellt', 'blue'],
    ['', 'blue'],
  ])('%s is %s', (title, tone) => {
    expect(columnTone(title)).toBe(tone);
  });
});
