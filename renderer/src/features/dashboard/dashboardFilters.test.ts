import type { ProjectGroupDto } from '@werkboard/common';
import { buildProjectSummary } from '../../test/projectSummaries';
import {
  ALL,
  customerTypeOptions,
  DEFAULT_DASHBOARD_FILTERS,
  employeeOptions,
  filterAndSortProjects,
  groupProjectSections,
  hasActiveFilters,
  matchesFilters,
  sortProjects,
} from './dashboardFilters';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;

const BAD = buildProjectSummary({
  id: 'p-bad',
  name: 'Bad Müller',
  projectNumber: '2026-017',
  customerType: 'Privatkunde',
  ownerId: 'u-lena',
  ownerUsername: 'lena',
  memberIds: ['u-tom'],
  groupId: 'g-nord',
  lastModified: at(5),
});
const HALLE = buildProjectSummary({
  id: 'p-halle',
  name: 'halle Schmidt',
  projectNumber: 'A-100',
  customerType: 'Großkunde',
  ownerId: 'u-tom',
  ownerUsername: 'tom',
  deputyOwnerId: 'u-lena',
  lastModified: at(20),
});
const ANBAU = buildProjectSummary({
  id: 'p-anbau',
  name: 'Anbau Ost',
  customerType: 'Allgemein',
  ownerId: 'u-anna',
  ownerUsername: 'anna',
  groupId: 'g-unknown',
  lastModified: at(1),
});
const PROJECTS = [BAD, HALLE, ANBAU];

const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

const group = (id: string, name: string): ProjectGroupDto => ({
  id,
  name,
  description: '',
  color: '#3b82f6',
  icon: 'folder',
  iconColor: '#ffffff',
});

describe('dashboard filters', () => {
  it('sorts by modified descending by default', () => {
    expect(DEFAULT_DASHBOARD_FILTERS.sort).toBe('modifiedDesc');
    expect(ids(filterAndSortProjects(PROJECTS, DEFAULT_DASHBOARD_FILTERS))).toEqual(['p-halle', 'p-bad', 'p-anbau']);
  });

  it('sorts by name and by change, both ways, case-insensitively', () => {
    expect(ids(sortProjects(PROJECTS, 'nameAsc'))).toEqual(['p-anbau', 'p-bad', 'p-halle']);
    expect(ids(sortProjects(PROJECTS, 'nameDesc'))).toEqual(['p-halle', 'p-bad', 'p-anbau']);
    expect(ids(sortProjects(PROJECTS, 'modifiedAsc'))).toEqual(['p-anbau', 'p-bad', 'p-halle']);
    expect(ids(sortProjects(PROJECTS, 'modifiedDesc'))).toEqual(['p-halle', 'p-bad', 'p-anbau']);
  });

  it('breaks ties: equal names by the newest change, equal times by name', () => {
    const older = buildProjectSummary({ id: 'old', name: 'Bad', lastModified: at(1) });
    const newer = buildProjectSummary({ id: 'new', name: 'bad', lastModified: at(2) });
    expect(ids(sortProjects([older, newer], 'nameAsc'))).toEqual(['new', 'old']);
    const b = buildProjectSummary({ id: 'b', name: 'B', lastModified: at(1) });
    const a = buildProjectSummary({ id: 'a', name: 'A', lastModified: at(1) });
    expect(ids(sortProjects([b, a], 'modifiedDesc'))).toEqual(['a', 'b']);
  });

  it('finds text in the name or the project number, trimmed and case-insensitive', () => {
    const search = (text: string) => ids(filterAndSortProjects(PROJECTS, { ...DEFAULT_DASHBOARD_FILTERS, text }));
    expect(search('  MÜLLER ')).toEqual(['p-bad']);
    expect(search('a-1')).toEqual(['p-halle']);
    expect(search('2026')).toEqual(['p-bad']);
    expect(search('keins')).toEqual([]);
  });

  it('filters by employee: owner, deputy or member', () => {
    const of = (employeeId: string) =>
      ids(filterAndSortProjects(PROJECTS, { ...DEFAULT_DASHBOARD_FILTERS, employeeId, sort: 'nameAsc' }));
    expect(of('u-lena')).toEqual(['p-bad', 'p-halle']);
    expect(of('u-tom')).toEqual(['p-bad', 'p-halle']);
    expect(of('u-anna')).toEqual(['p-anbau']);
    expect(of(ALL)).toEqual(['p-anbau', 'p-bad', 'p-halle']);
  });

  it('filters by customer type and combines the filters', () => {
    const filters = { ...DEFAULT_DASHBOARD_FILTERS, customerType: 'privatkunde' };
    expect(matchesFilters(BAD, filters)).toBe(true);
    expect(matchesFilters(HALLE, filters)).toBe(false);
    expect(matchesFilters(BAD, { ...filters, employeeId: 'u-anna' })).toBe(false);
  });

  it('knows when a filter may hide projects (the sort order hides none)', () => {
    expect(hasActiveFilters(DEFAULT_DASHBOARD_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_DASHBOARD_FILTERS, sort: 'nameAsc', text: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_DASHBOARD_FILTERS, text: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_DASHBOARD_FILTERS, employeeId: 'u-tom' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_DASHBOARD_FILTERS, customerType: 'Allgemein' })).toBe(true);
  });
});

describe('employee and customer type choices', () => {
  it('takes the users of GET /users when there are any, sorted by name', () => {
    const users = [
      { id: 'u-zoe', name: 'Zoe' },
      { id: 'u-ben', name: 'ben' },
    ];
    expect(employeeOptions(PROJECTS, users, { id: 'u-ben', name: 'ben' })).toEqual([
      { id: 'u-ben', name: 'ben' },
      { id: 'u-zoe', name: 'Zoe' },
    ]);
  });

  it("otherwise derives the names from the projects' owners, plus oneself", () => {
    expect(employeeOptions(PROJECTS, null, { id: 'u-me', name: 'monteur' })).toEqual([
      { id: 'u-anna', name: 'anna' },
      { id: 'u-lena', name: 'lena' },
      { id: 'u-me', name: 'monteur' },
      { id: 'u-tom', name: 'tom' },
    ]);
  });

  it('offers the known customer types and those of the projects once, Allgemein first', () => {
    expect(customerTypeOptions(['Allgemein', 'Industriekunde'], PROJECTS)).toEqual([
      'Allgemein',
      'Industriekunde',
      'Privatkunde',
      'Großkunde',
    ]);
  });
});

describe('project group sections', () => {
  const groups = [group('g-nord', 'Nord'), group('g-sued', 'Süd')];

  it("puts projects into their group's section and the rest into 'Weitere Projekte'", () => {
    const sections = groupProjectSections(PROJECTS, groups, { includeEmptyGroups: true });
    expect(sections.groups.map((section) => [section.group.name, ids(section.projects)])).toEqual([
      ['Nord', ['p-bad']],
      ['Süd', []],
    ]);
    // A group the dashboard does not know (deleted meanwhile) counts as no group.
    expect(ids(sections.ungrouped)).toEqual(['p-halle', 'p-anbau']);
  });

  it('leaves out empty groups while a filter hides projects', () => {
    const sections = groupProjectSections([HALLE], groups, { includeEmptyGroups: false });
    expect(sections.groups).toEqual([]);
    expect(ids(sections.ungrouped)).toEqual(['p-halle']);
  });
});
