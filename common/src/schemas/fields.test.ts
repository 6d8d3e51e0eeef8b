import { z } from 'zod';
import { de } from '../messages';
import { textField, textProblem } from './fields';
import { validate } from './validate';

describe('text fields (issue 13, finding 15)', () => {
  it.each([
    ['a NUL byte', 'Kabel\u0000'],
    ['a bell', 'Kabel\u0007'],
    ['an escape', '\u001b[31mrot'],
    ['DEL', 'Kabel\u007f'],
    ['a C1 control', 'Kabel\u0085'],
  ])('refuses %s in every kind of field', (_name, value) => {
    for (const kind of ['multiLine', 'line', 'name'] as const)
      expect(textProblem(value, kind)).toBe(de.validation.controlCharacters);
  });

  it('keeps tabs and line breaks for multi-line fields only', () => {
    const text = 'Erste Zeile\r\nZweite\tZeile';
    expect(textProblem(text, 'multiLine')).toBeNull();
    expect(textProblem(text, 'line')).toBe(de.validation.lineBreaks);
    expect(textProblem('Zeile\u2028Zeile', 'line')).toBe(de.validation.lineBreaks);
  });

  it('refuses bidi overrides in names, not in other texts', () => {
    for (const override of ['\u202e', '\u202a', '\u2066', '\u2069']) {
      expect(textProblem(`Rechnung${override}fdp.exe`, 'name')).toBe(de.validation.bidiOverrides);
      expect(textProblem(`Rechnung${override}fdp.exe`, 'line')).toBeNull();
    }
    expect(textProblem('Müller & Söhne – Bad (2. OG) ✓', 'name')).toBeNull();
  });

  it('answers the field with the message, as sent (before trimming)', () => {
    const schema = z.object({ title: textField('line', 'Titel fehlt.').trim().min(1) });
    expect(validate(schema, { title: 'Kabel\u0000' })).toEqual({
      ok: false,
      message: de.validation.controlCharacters,
      fields: { title: de.validation.controlCharacters },
    });
    expect(validate(schema, { title: 'Kabel\n' })).toMatchObject({ ok: false, message: de.validation.lineBreaks });
    expect(validate(schema, { title: 42 })).toMatchObject({ ok: false, message: 'Titel fehlt.' });
    expect(validate(schema, { title: '  Kabel ' })).toEqual({ ok: true, value: { title: 'Kabel' } });
  });
});
