/** The colour of a column in the PDF report, by its title (spec section 9). */
export type ColumnTone = 'red' | 'yellow' | 'green' | 'blue';

/**
 * 'to do' or 'erledigen' red, 'bearbeitung' yellow, 'abgeschlossen', 'erledigt' or 'done'
 * green, otherwise blue; case-insensitive, anywhere in the title ('In Bearbeitung',
 * 'Noch zu erledigen'). 'todo' without the space counts as 'to do'.
 */
export function columnTone(title: string): ColumnTone {
  const text = title.toLocaleLowerCase('de-DE');
  if (/to ?do|erledigen/.test(text)) return 'red';
  if (text.includes('bearbeitung')) return 'yellow';
  if (/abgeschlossen|erledigt|done/.test(text)) return 'green';
  return 'blue';
}
