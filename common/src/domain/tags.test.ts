import type { TagDto } from '../dto/organisation';
import { highestPriorityTag, tagColor } from './tags';

const tag = (id: string, priority: TagDto['priority']): TagDto => ({
  id,
  customerType: 'Allgemein',
  label: id,
  color: 'red',
  priority,
});

describe('tags', () => {
  it('picks the highest priority among known tags', () => {
    const tags = new Map([tag('a', 1), tag('b', 4), tag('c', 2)].map((t) => [t.id, t]));
    expect(highestPriorityTag(['a', 'c', 'x'], tags)?.id).toBe('c');
    expect(highestPriorityTag(['a', 'b'], tags)?.id).toBe('b');
    expect(highestPriorityTag(['x'], tags)).toBeNull();
  });
  it('falls back to slate for unknown colours', () => {
    expect(tagColor('rose')).toBe('rose');
    expect(tagColor('chartreuse')).toBe('slate');
    expect(tagColor(null)).toBe('slate');
  });
});
