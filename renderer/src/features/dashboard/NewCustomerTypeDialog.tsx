import type { FormEvent } from 'react';
import { useState } from 'react';
import { de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useAppDispatch } from '../../store/hooks';
import { createCustomerType, useCustomerTypesQuery } from '../../api/endpoints/customerTypes';
import { sameName } from '../../utils/names';

const t = de.organise.customerTypes;
const NO_TYPES: string[] = [];

/**
 * 'Neuer Kundentyp' (spec sections 2 and 5): a name, optionally the tags of another type to
 * copy. The name is checked here first (not empty, not taken case-insensitively) with the
 * spec's messages; the server checks again and its message wins on failure.
 */
export function NewCustomerTypeDialog(props: { onClose(): void; onCreated(name: string): void }) {
  const dispatch = useAppDispatch();
  // Without the list (offline, an older server) the server's own check still refuses duplicates.
  const types = useCustomerTypesQuery().data ?? NO_TYPES;
  const [name, setName] = useState('');
  const [copyFrom, setCopyFrom] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useFocusFirstInvalid(nameError);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setError(null);
    const trimmed = name.trim();
    const invalid = !trimmed ? t.nameRequired : types.some((type) => sameName(type, trimmed)) ? t.nameTaken : null;
    if (invalid) {
      setNameError(invalid);
      return;
    }
    setNameError(undefined);
    setSaving(true);
    try {
      props.onCreated(await dispatch(createCustomerType({ name: trimmed, copyTagsFrom: copyFrom || null })));
      props.onClose();
    } catch (caught) {
      setSaving(false);
      const message = serverMessageOr(caught, t.saveFailed);
      if (message === t.nameRequired || message === t.nameTaken) setNameError(message);
      else setError(message);
    }
  };

  return (
    <Dialog title={t.newTitle} onClose={() => props.onClose()}>
      <form ref={formRef} className="form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField label={t.name} error={nameError}>
          <input type="text" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        {types.length > 0 && (
          <FormField label={t.copyTagsFrom} optional>
            <select value={copyFrom} onChange={(event) => setCopyFrom(event.target.value)}>
              <option value="">{t.noCopy}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => props.onClose()}>
            {de.actions.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? de.actions.saving : t.create}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
