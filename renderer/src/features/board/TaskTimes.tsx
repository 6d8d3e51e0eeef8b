import type { FormEvent } from 'react';
import { useState } from 'react';
import type { CardDto } from '@werkboard/common';
import { canDeleteTimeEntry, de, formatDay, isIsoDay, newId } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import {
  addTimeEntry,
  cardHours,
  deleteTimeEntry,
  formatHours,
  isOnHoursStep,
  parseHoursInput,
  timeEntriesNewestFirst,
} from '@werkboard/common';
import { useBoardUi } from './boardUi';
import { todayIso } from './dates';
import { DecimalInput } from './DecimalInput';
import { useAppDispatch } from '../../store/hooks';
import { applyEdit } from '../../entities/project/projectThunks';
import { SealedLock, useSealedEntryIds } from './signoff/SealedLock';

const m = de.board.times;

/**
 * The Zeiten tab: the card's time entries (date, who, hours as '1,50'), their sum, and the
 * form to add one (date defaults to today, hours with a comma or a point, step 0.25), newest
 * first.
 * Entries cannot be edited; only their author deletes them.
 */
export function TaskTimes({ card }: { card: CardDto }) {
  const { readOnly, actor } = useBoardUi();
  const dispatch = useAppDispatch();
  const [date, setDate] = useState(todayIso);
  const [hours, setHours] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sealed = useSealedEntryIds();
  const formRef = useFocusFirstInvalid(errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseHoursInput(hours);
    const next: Record<string, string> = {};
    if (parsed === null) next.hours = m.hoursInvalid;
    else if (!isOnHoursStep(parsed)) next.hours = m.hoursStep;
    if (!isIsoDay(date)) next.date = m.dateInvalid;
    setErrors(next);
    if (parsed === null || next.hours || next.date || !actor) return;
    const id = newId();
    const input = { userId: actor.id, username: actor.username, date, hours: parsed };
    dispatch(applyEdit((draft) => addTimeEntry(draft, card.id, input, id)));
    setHours('');
  };

  const entries = timeEntriesNewestFirst(card.timeEntries);
  const canChange = !readOnly && actor !== null;

  return (
    <div className="task-entries">
      {entries.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <table className="entry-table">
          <caption className="visually-hidden">{m.listLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{m.date}</th>
              <th scope="col">{m.user}</th>
              <th scope="col" className="entry-table__number">
                {m.hours}
              </th>
              {canChange && (
                <th scope="col">
                  <span className="visually-hidden">{m.actions}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDay(entry.date)}</td>
                <td>{entry.username}</td>
                <td className="entry-table__number">{formatHours(entry.hours)}</td>
                {canChange && (
                  <td className="entry-table__actions">
                    {sealed.has(entry.id) && <SealedLock />}
                    {!sealed.has(entry.id) && canDeleteTimeEntry(actor, entry) && (
                      <button
                        type="button"
                        className="icon-button entry-table__delete"
                        title={m.delete(formatDay(entry.date), entry.username)}
                        onClick={() => dispatch(applyEdit((draft) => deleteTimeEntry(draft, card.id, entry.id)))}
                      >
                        <span aria-hidden="true">×</span>
                        <span className="visually-hidden">{m.delete(formatDay(entry.date), entry.username)}</span>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {m.sum}
              </th>
              <td className="entry-table__number">{formatHours(cardHours(card))}</td>
              {canChange && <td />}
            </tr>
          </tfoot>
        </table>
      )}

      {canChange && (
        <form ref={formRef} className="entry-form" onSubmit={submit} noValidate>
          <div className="entry-form__fields">
            <FormField label={m.date} error={errors.date}>
              <input type="date" value={date} required onChange={(event) => setDate(event.target.value)} />
            </FormField>
            <FormField label={m.hours} error={errors.hours}>
              <DecimalInput value={hours} step={0.25} onChange={setHours} />
            </FormField>
          </div>
          <button type="submit" className="button button--primary">
            {m.add}
          </button>
        </form>
      )}
    </div>
  );
}
