import { de } from '../messages';
import { rolePermissionsUpdateSchema } from './permissions';
import { validate } from './validate';

describe('rolePermissionsUpdateSchema', () => {
  it('takes a map of roles to keys, dropping duplicates and accepting both apprentice spellings', () => {
    const result = validate(rolePermissionsUpdateSchema, {
      Monteur: ['can_view_dashboard', 'can_view_dashboard', 'can_view_archive'],
      Auszubildende: [],
    });
    expect(result).toEqual({
      ok: true,
      value: { Monteur: ['can_view_dashboard', 'can_view_archive'], Auszubildender: [] },
    });
  });

  it('names an unknown role or key in German', () => {
    expect(validate(rolePermissionsUpdateSchema, { Chef: [] })).toMatchObject({
      ok: false,
      message: 'Unbekannte Rolle: Chef.',
    });
    expect(validate(rolePermissionsUpdateSchema, { Monteur: ['can_fly'] })).toMatchObject({
      ok: false,
      message: 'Unbekannte Berechtigung: can_fly.',
    });
  });

  it('refuses anything but a map of lists', () => {
    for (const body of [['Monteur'], { Monteur: 'can_view_dashboard' }, 'x', null]) {
      expect(validate(rolePermissionsUpdateSchema, body)).toMatchObject({
        ok: false,
        message: de.permissions.invalidMap,
      });
    }
  });
});
