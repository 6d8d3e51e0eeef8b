import { isRankedBelow, normalizeRole, roleRank, ROLES } from './roles';

describe('roles', () => {
  it('ranks Admin highest and Helfer lowest', () => {
    expect(roleRank('Admin')).toBeGreaterThan(roleRank('Firmenleiter'));
    expect(roleRank('Auszubildender')).toBeGreaterThan(roleRank('Helfer'));
    expect(ROLES.map(roleRank)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('compares ranks strictly', () => {
    expect(isRankedBelow('Monteur', 'Projektleiter')).toBe(true);
    expect(isRankedBelow('Monteur', 'Monteur')).toBe(false);
    expect(isRankedBelow('Admin', 'Helfer')).toBe(false);
  });

  it('accepts both spellings of the apprentice role and nothing else', () => {
    expect(normalizeRole('Auszubildende')).toBe('Auszubildender');
    expect(normalizeRole('Auszubildender')).toBe('Auszubildender');
    expect(normalizeRole('admin')).toBeNull();
    expect(normalizeRole('Superuser')).toBeNull();
  });
});
