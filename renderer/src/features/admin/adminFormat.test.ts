import { buildProjectSummary } from '../../test/projectSummaries';
import { formatBytes } from '@werkboard/common';
import { formatShare, groupProjectsByOwner } from './adminFormat';

/** Intl de-DE puts a no-break space before '%'; compare with plain spaces. */
const spaces = (value: string) => value.replace(/\s/g, ' ');

describe('formatBytes (spec section 9: Bytes/KB/MB/GB/TB, two decimals, de-DE)', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1.023 Bytes'],
    [1024, '1,00 KB'],
    [1536, '1,50 KB'],
    [1024 ** 2, '1,00 MB'],
    [5.25 * 1024 ** 2, '5,25 MB'],
    [3.456 * 1024 ** 3, '3,46 GB'],
    [1024 ** 4, '1,00 TB'],
    [2048 * 1024 ** 4, '2.048,00 TB'],
  ])('shows %d bytes as %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('shows an unreadable size (%d) as 0 Bytes', (bytes) => {
    expect(formatBytes(bytes)).toBe('0 Bytes');
  });
});

describe('formatShare', () => {
  it('gives the share in whole German percent', () => {
    expect(spaces(formatShare(1, 4))).toBe('25 %');
    expect(spaces(formatShare(2, 3))).toBe('67 %');
  });

  it('gives 0 % when the total is unknown', () => {
    expect(spaces(formatShare(5, 0))).toBe('0 %');
    expect(spaces(formatShare(Number.NaN, 10))).toBe('0 %');
  });
});

describe('groupProjectsByOwner (spec section 2: by owner name, alphabetically, else Unbekannt)', () => {
  const project = (id: string, name: string, ownerUsername: string | null) =>
    buildProjectSummary({ id, name, ownerUsername, ownerId: ownerUsername ? `u-${ownerUsername}` : null });

  it('groups by owner name in German alphabetical order, with the projects by name', () => {
    const groups = groupProjectsByOwner([
      project('1', 'Zaun', 'Zoe'),
      project('2', 'Bad', 'Ärne'),
      project('3', 'Anbau', 'carla'),
      project('4', 'Dach', 'bernd'),
      project('5', 'Carport', 'Zoe'),
      project('6', 'Auffahrt', 'Ärne'),
    ]);
    expect(groups.map((group) => group.label)).toEqual(['Ärne', 'bernd', 'carla', 'Zoe']);
    expect(groups[0]?.projects.map((entry) => entry.name)).toEqual(['Auffahrt', 'Bad']);
    expect(groups[3]?.projects.map((entry) => entry.name)).toEqual(['Carport', 'Zaun']);
  });

  it("puts projects without an owner name under 'Unbekannt', sorted like a name", () => {
    const groups = groupProjectsByOwner([
      project('1', 'Ohne', null),
      project('2', 'Leer', '  '),
      project('3', 'Bad', 'anna'),
      project('4', 'Weg', 'wilma'),
    ]);
    expect(groups.map((group) => [group.label, group.owner])).toEqual([
      ['anna', 'anna'],
      ['Unbekannt', null],
      ['wilma', 'wilma'],
    ]);
    expect(groups[1]?.projects.map((entry) => entry.name)).toEqual(['Leer', 'Ohne']);
  });

  it('keeps a user called Unbekannt apart from the unknown owners', () => {
    const groups = groupProjectsByOwner([project('1', 'A', null), project('2', 'B', 'Unbekannt')]);
    expect(groups.map((group) => group.owner)).toEqual(['Unbekannt', null]);
  });

  it('sorts numbers in names by value', () => {
    const groups = groupProjectsByOwner([project('1', 'Haus 10', 'a'), project('2', 'Haus 9', 'a')]);
    expect(groups[0]?.projects.map((entry) => entry.name)).toEqual(['Haus 9', 'Haus 10']);
  });

  it('gives no groups for no projects', () => {
    expect(groupProjectsByOwner([])).toEqual([]);
  });
});
