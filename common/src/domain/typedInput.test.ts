import { hoursSchema, quantitySchema } from '../schemas/projects';
import { isIsoDay, isIsoDayTime, parseDecimal, parseHoursInput, parseQuantityInput } from './typedInput';

describe('what the board reads from its forms', () => {
  it('reads hours with a comma or a point, and refuses what is not > 0 or more than a day', () => {
    expect(parseHoursInput('1,5')).toBe(1.5);
    expect(parseHoursInput(' 2.25 ')).toBe(2.25);
    expect(parseHoursInput(1.234)).toBe(1.23);
    expect(parseHoursInput('24')).toBe(24);
    for (const refused of ['0', '-1', 'abc', '', '0,001', '24,5', '1,2,3', null, undefined, Number.NaN, Infinity])
      expect({ refused, hours: parseHoursInput(refused) }).toEqual({ refused, hours: null });
  });

  it('reads quantities with three decimals', () => {
    expect(parseQuantityInput('0,5')).toBe(0.5);
    expect(parseQuantityInput('1,2345')).toBe(1.235);
    for (const refused of ['0', '0,0001', '-2', 'zwei', '1000000,5'])
      expect({ refused, quantity: parseQuantityInput(refused) }).toEqual({ refused, quantity: null });
  });

  it('reads decimals and calendar days', () => {
    expect(parseDecimal('1 5')).toBeNaN();
    expect(parseDecimal('-,5')).toBe(-0.5);
    expect(parseDecimal('-.5')).toBe(-0.5);
    expect(parseDecimal(3)).toBe(3);
    expect([isIsoDay('2026-02-28'), isIsoDay('2026-02-29'), isIsoDay('2026-2-28')]).toEqual([true, false, false]);
    expect([isIsoDayTime('2026-11-25T23:59'), isIsoDayTime('2026-11-25T24:00')]).toEqual([true, false]);
  });

  it('refuses in the form what the server refuses, with the same numbers', () => {
    // The request schemas read hours and quantities with these functions: one rule for both.
    const inputs = ['1,5', '0,3', '0', '-1', '24', '24,01', '0,004', '0,005', 'x', '', 7, null];
    for (const input of inputs) {
      const server = hoursSchema.safeParse(input);
      expect({ input, hours: server.success ? server.data : null }).toEqual({ input, hours: parseHoursInput(input) });
      const material = quantitySchema.safeParse(input);
      expect({ input, quantity: material.success ? material.data : null }).toEqual({
        input,
        quantity: parseQuantityInput(input),
      });
    }
    expect(hoursSchema.safeParse('0').error?.issues[0]?.message).toBe('Bitte geben Sie eine gültige Stundenzahl ein.');
  });
});
