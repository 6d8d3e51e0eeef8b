import type { FormEvent } from 'react';
import { useState } from 'react';
import { de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useSubmit } from '../../components/useSubmit';
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
  const submit = useSubmit();
  const formRef = useFocusFirstInvalid(nameError);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    const trimmed = name.trim();
    const invalid = !trimmed ? t.nameRequired : types.some((type) => sameName(type, trimmed)) ? t.nameTaken : null;
    if (invalid) {
      submit.setError(null);
      setNameError(invalid);
      return;
    }
    setNameError(undefined);
    await submit.run(
      async () => {
        props.onCreated(await dispatch(createCustomerType({ name: trimmed, copyTagsFrom: copyFrom || null })));
        props.onClose();
      },
      (caught) => {
        const message = serverMessageOr(caught, t.saveFailed);
        if (message !== t.nameRequired && message !== t.nameTaken) return message;
        setNameError(message);
        return null;
      },
    );
  };

  return (
    <Dialog title={t.newTitle} onClose={() => props.onClose()}>
      <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
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
        <FormError error={submit.error} />
        <DialogActions onCancel={() => props.onClose()} busy={submit.busy} submitLabel={t.create} />
      </form>
    </Dialog>
  );
}
