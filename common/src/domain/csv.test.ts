import { CSV_BOM, csvNumber, toCsv, totalsCsvRows } from './csv';
import { reportProject } from '../test/reportFixture';
import { timeMaterialTotals } from './totals';

describe('toCsv', () => {
  it('separates by semicolons, ends lines with CRLF and starts with the BOM', () => {
    expect(toCsv([['a', 'b'], [], ['c']])).toBe(`${CSV_BOM}a;b\r\n\r\nc\r\n`);
  });

  it('quotes semicolons, quotes and line breaks', () => {
    expect(toCsv([['Kabel; 3x1,5', 'Zoll "NPT"', 'Zeile 1\nZeile 2', 'ohne']])).toBe(
      `${CSV_BOM}"Kabel; 3x1,5";"Zoll ""NPT""";"Zeile 1\nZeile 2";ohne\r\n`,
    );
  });

  it('writes numbers with a decimal comma and no thousands separator', () => {
    expect(toCsv([[1234.5, 0.25, 3]])).toBe(`${CSV_BOM}1234,50;0,25;3,00\r\n`);
    expect(csvNumber(37.5, 1)).toBe('37,5');
  });

  it('defuses cells that Excel would run as formulas', () => {
    expect(toCsv([['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'ok=1']])).toBe(
      `${CSV_BOM}"'=HYPERLINK(""http://x"")";'+1;'-2;'@SUM(A1);ok=1\r\n`,
    );
  });
});

describe('totalsCsvRows', () => {
  it('lists each section with its header, the total and German numbers', () => {
    const csv = toCsv(totalsCsvRows('Neubau Müller', timeMaterialTotals([reportProject()]), false));
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Zeit- und Materialübersicht;Neubau Müller',
      '',
      'Stunden je Mitarbeiter',
      'Mitarbeiter;Stunden',
      'max;5,50',
      'paula;1,25',
      'Gesamt;6,75',
      '',
      'Stunden je Tag',
      'Datum;Stunden',
      '02.03.2026;5,50',
      '03.03.2026;1,25',
      '',
      'Stunden je Aufgabe',
      'Spalte;Aufgabe;Stunden',
      'To Do;Kabel ziehen;3,75',
      'In Bearbeitung;Steckdosen setzen;3,00',
      '',
      'Material je Bezeichnung und Einheit',
      'Material;Einheit;Menge',
      'Abzweigdose;Stk;4',
      'NYM-J 3x1,5;m;37,5',
      'Steckdose Busch-Jaeger;Stk;6',
      '',
    ]);
  });

  it('names the project of each card for a group', () => {
    const rows = totalsCsvRows('Gruppe', timeMaterialTotals([reportProject()]), true);
    expect(rows).toContainEqual(['Projekt', 'Spalte', 'Aufgabe', 'Stunden']);
    expect(rows).toContainEqual(['Neubau Müller', 'To Do', 'Kabel ziehen', 3.75]);
  });
});
