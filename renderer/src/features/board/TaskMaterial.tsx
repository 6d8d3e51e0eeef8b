import type { FormEvent } from 'react';
import { useState } from 'react';
import type { CardDto } from '@werkboard/common';
import { de, newId } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import {
  addMaterialEntry,
  deleteMaterialEntry,
  describeMaterial,
  formatQuantity,
  parseQuantityInput,
} from '@werkboard/common';
import { useBoardUi } from './boardUi';
import { DecimalInput } from './DecimalInput';
import { useAppDispatch } from '../../store/hooks';
import { applyEdit } from '../../entities/project/projectThunks';
import { SealedLock, useSealedEntryIds } from './signoff/SealedLock';

const m = de.board.material;

/** The Material tab: quantity, unit (optional) and name of each entry; add (step 0.1) and delete. */
export function TaskMaterial({ card }: { card: CardDto }) {
  const { readOnly } = useBoardUi();
  const dispatch = useAppDispatch();
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuantityInput(quantity);
    const next: Record<string, string> = {};
    // One message for both (spec section 5), shown at the field that is wrong.
    if (parsed === null) next.quantity = m.invalid;
    else if (!name.trim()) next.name = m.invalid;
    setErrors(next);
    if (parsed === null || !name.trim()) return;
    const id = newId();
    const input = { quantity: parsed, unit: unit.trim(), name: name.trim() };
    dispatch(applyEdit((draft) => addMaterialEntry(draft, card.id, input, id)));
    setQuantity('');
    setUnit('');
    setName('');
  };

  const entries = card.materialEntries;
  const canChange = !readOnly;
  const sealed = useSealedEntryIds();

  return (
    <div className="task-entries">
      {entries.length === 0 ? (
        <p className="muted">{m.empty}</p>
      ) : (
        <table className="entry-table">
          <caption className="visually-hidden">{m.listLabel}</caption>
          <thead>
            <tr>
              <th scope="col" className="entry-table__number">
                {m.quantity}
              </th>
              <th scope="col">{m.unit}</th>
              <th scope="col">{m.name}</th>
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
                <td className="entry-table__number">{formatQuantity(entry.quantity)}</td>
                <td>{entry.unit}</td>
                <td>{entry.name}</td>
                {canChange && (
                  <td className="entry-table__actions">
                    {sealed.has(entry.id) ? (
                      <SealedLock />
                    ) : (
                      <button
                        type="button"
                        className="icon-button entry-table__delete"
                        title={m.delete(describeMaterial(entry))}
                        onClick={() => dispatch(applyEdit((draft) => deleteMaterialEntry(draft, card.id, entry.id)))}
                      >
                        <span aria-hidden="true">×</span>
                        <span className="visually-hidden">{m.delete(describeMaterial(entry))}</span>
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {canChange && (
        <form ref={formRef} className="entry-form" onSubmit={submit} noValidate>
          <div className="entry-form__fields entry-form__fields--material">
            <FormField label={m.quantity} error={errors.quantity}>
              <DecimalInput value={quantity} step={0.1} onChange={setQuantity} />
            </FormField>
            <FormField label={m.unit}>
              <input value={unit} maxLength={50} onChange={(event) => setUnit(event.target.value)} />
            </FormField>
            <FormField label={m.name} error={errors.name}>
              <input value={name} maxLength={500} onChange={(event) => setName(event.target.value)} />
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
