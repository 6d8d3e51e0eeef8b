import type { ColumnDto, ProjectDocument } from '../dto/projects';
import { inBoardOrder } from './sortKey';

/**
 * Time and material totals of one project or of a group of projects (beyond the spec): hours
 * per person, per day and per card, material per name and unit. Pure, for the board's panel,
 * the group menu, the CSV and the PDF report.
 *
 * Hours are summed in hundredths and quantities in thousandths, so that 0.1 + 0.2 is 0.3 and
 * not 0.30000000000000004 (hours step 0.25, quantities 0.1: both are exact in those units).
 */

export type TotalsProject = Pick<ProjectDocument, 'id' | 'name'> & { columns: readonly ColumnDto[] };

export interface PersonHours {
  /** The user id, or 'name:<username>' for an entry whose author's account was deleted. */
  key: string;
  username: string;
  hours: number;
}

export interface DayHours {
  /** YYYY-MM-DD */
  date: string;
  hours: number;
}

export interface CardHours {
  projectId: string;
  projectName: string;
  columnTitle: string;
  cardId: string;
  cardTitle: string;
  hours: number;
}

export interface MaterialTotal {
  /** As first written; entries that differ only in case or surrounding spaces are summed. */
  name: string;
  unit: string;
  quantity: number;
}

export interface TimeMaterialTotals {
  totalHours: number;
  /** By name (de-DE). */
  byPerson: PersonHours[];
  /** Oldest day first. */
  byDay: DayHours[];
  /** Cards with hours, in board order (projects in the order given). */
  byCard: CardHours[];
  /** By name, then unit (de-DE). */
  material: MaterialTotal[];
}

const HOURS_SCALE = 100;
const QUANTITY_SCALE = 1000;

const toUnits = (value: number, scale: number) => (Number.isFinite(value) ? Math.round(value * scale) : 0);

function addTo<K>(map: Map<K, number>, key: K, units: number): void {
  map.set(key, (map.get(key) ?? 0) + units);
}

const byName = (a: string, b: string) => a.localeCompare(b, 'de-DE', { sensitivity: 'base' });

export function timeMaterialTotals(projects: readonly TotalsProject[]): TimeMaterialTotals {
  let total = 0;
  const personUnits = new Map<string, number>();
  const personNames = new Map<string, string>();
  const dayUnits = new Map<string, number>();
  const byCard: CardHours[] = [];
  const materialUnits = new Map<string, number>();
  const materialLabels = new Map<string, { name: string; unit: string }>();

  for (const project of projects) {
    for (const column of inBoardOrder(project.columns)) {
      for (const card of column.cards) {
        let cardUnits = 0;
        for (const entry of card.timeEntries) {
          const units = toUnits(entry.hours, HOURS_SCALE);
          const person = entry.userId ?? `name:${entry.username}`;
          cardUnits += units;
          addTo(personUnits, person, units);
          // The newest name wins (a renamed user shows once, under the current name).
          if (!personNames.has(person) || entry.userId) personNames.set(person, entry.username);
          addTo(dayUnits, entry.date.slice(0, 10), units);
        }
        total += cardUnits;
        if (cardUnits !== 0)
          byCard.push({
            projectId: project.id,
            projectName: project.name,
            columnTitle: column.title,
            cardId: card.id,
            cardTitle: card.title,
            hours: cardUnits / HOURS_SCALE,
          });
        for (const entry of card.materialEntries) {
          const name = entry.name.trim();
          const unit = entry.unit.trim();
          const key = `${name.toLocaleLowerCase('de-DE')}\u0000${unit.toLocaleLowerCase('de-DE')}`;
          addTo(materialUnits, key, toUnits(entry.quantity, QUANTITY_SCALE));
          if (!materialLabels.has(key)) materialLabels.set(key, { name, unit });
        }
      }
    }
  }

  return {
    totalHours: total / HOURS_SCALE,
    byPerson: [...personUnits]
      .map(([key, units]) => ({ key, username: personNames.get(key) ?? '', hours: units / HOURS_SCALE }))
      .sort((a, b) => byName(a.username, b.username)),
    byDay: [...dayUnits]
      .map(([date, units]) => ({ date, hours: units / HOURS_SCALE }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    byCard,
    material: [...materialUnits]
      .map(([key, units]) => ({ ...materialLabels.get(key)!, quantity: units / QUANTITY_SCALE }))
      .sort((a, b) => byName(a.name, b.name) || byName(a.unit, b.unit)),
  };
}
