import { formatDay } from './format';
import { formatQuantity } from './boardOperations';
import { reportMessages } from '../messages/reports';
import type { TimeMaterialTotals } from './totals';

/**
 * CSV as German Excel reads it: semicolon separated, decimal comma, CRLF line ends and
 * UTF-8 with a byte order mark (without it Excel takes the file for Windows-1252 and
 * garbles umlauts).
 */

export type CsvCell = string | number;

export const CSV_BOM = '\uFEFF';
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';

/** A cell that Excel would run as a formula (CSV injection): '=HYPERLINK(…)' in a card title. */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvText(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A number with a decimal comma and no thousands separator (Excel reads '1234,5', not '1.234,5' as text). */
export function csvNumber(value: number, fractionDigits = 2): string {
  return value.toFixed(fractionDigits).replace('.', ',');
}

function csvCell(cell: CsvCell): string {
  return typeof cell === 'number' ? csvNumber(cell) : csvText(cell);
}

/** Rows to the file's text, BOM first. An empty row is a blank line between sections. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';
}

const t = reportMessages.totals;

/**
 * The totals as CSV sections: hours per person (with the total), per day, per card and
 * material per name and unit. `withProject` adds the project column to the cards (a group).
 */
export function totalsCsvRows(title: string, totals: TimeMaterialTotals, withProject: boolean): CsvCell[][] {
  const quantity = (value: number) => formatQuantity(value).replace(/\./g, '');
  return [
    [t.csvTitle, title],
    [],
    [t.hoursByPerson],
    [t.person, t.hours],
    ...totals.byPerson.map((row) => [row.username, row.hours]),
    [t.total, totals.totalHours],
    [],
    [t.hoursByDay],
    [t.day, t.hours],
    ...totals.byDay.map((row) => [formatDay(row.date), row.hours]),
    [],
    [t.hoursByCard],
    withProject ? [t.project, t.column, t.card, t.hours] : [t.column, t.card, t.hours],
    ...totals.byCard.map((row) =>
      withProject
        ? [row.projectName, row.columnTitle, row.cardTitle, row.hours]
        : [row.columnTitle, row.cardTitle, row.hours],
    ),
    [],
    [t.material],
    [t.materialName, t.unit, t.quantity],
    // Quantities keep their own decimals (0,1 steps, up to three), as the board shows them.
    ...totals.material.map((row) => [row.name, row.unit, quantity(row.quantity)]),
  ];
}
