import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ProjectGroupDto, ProjectIcon } from '@werkboard/common';
import {
  de,
  DEFAULT_GROUP_COLOR,
  DEFAULT_GROUP_ICON,
  DEFAULT_GROUP_ICON_COLOR,
  newId,
  projectGroupSchema,
  validate,
} from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { serverFieldErrors, useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { IconPicker } from '../../entities/project/IconPicker';
import { saveProjectGroup } from '../../api/endpoints/projectGroups';

const t = de.organise.groups;

interface GroupForm {
  name: string;
  description: string;
  color: string;
  icon: ProjectIcon;
  iconColor: string;
}

const FORM_FIELDS: readonly string[] = ['name', 'description', 'color', 'icon', 'iconColor'];

function formOf(group: ProjectGroupDto | null): GroupForm {
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    color: group?.color ?? DEFAULT_GROUP_COLOR,
    icon: group?.icon ?? DEFAULT_GROUP_ICON,
    iconColor: group?.iconColor ?? DEFAULT_GROUP_ICON_COLOR,
  };
}

/**
 * 'Neue Gruppe' / 'Gruppe bearbeiten' (spec sections 2 and 5): name, description, colour,
 * icon and icon colour. Checked with common's schema (the server's); a new group gets its id
 * here and is stored with PUT. The server's message (e.g. the Free license) shows on failure.
 */
export function ProjectGroupDialog(props: { group: ProjectGroupDto | null; onClose(): void }) {
  const { group } = props;
  const dispatch = useAppDispatch();
  const [form, setForm] = useState(() => formOf(group));
  // A new group keeps one id across retries, so a save that did arrive is not made twice.
  const [id] = useState(() => group?.id ?? newId());
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const submit = useSubmit();
  const formRef = useFocusFirstInvalid(fieldErrors);

  const set =
    <K extends keyof GroupForm>(key: K) =>
    (value: GroupForm[K]) =>
      setForm((before) => ({ ...before, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    const checked = validate(projectGroupSchema, form);
    if (!checked.ok) {
      submit.setError(null);
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    const saved = await submit.run(
      () => dispatch(saveProjectGroup({ id, ...checked.value })),
      (caught) => {
        const { fields, message } = serverFieldErrors(caught, t.saveFailed, FORM_FIELDS, [t.nameRequired]);
        setFieldErrors(fields);
        return message;
      },
    );
    if (saved) props.onClose();
  };

  return (
    <Dialog title={group ? t.editTitle : t.createTitle} onClose={() => props.onClose()}>
      <form ref={formRef} className="form group-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={t.name} error={fieldErrors.name}>
          <input
            type="text"
            autoComplete="off"
            value={form.name}
            onChange={(event) => set('name')(event.target.value)}
          />
        </FormField>
        <FormField label={t.description} error={fieldErrors.description} optional>
          <textarea rows={3} value={form.description} onChange={(event) => set('description')(event.target.value)} />
        </FormField>
        <div className="group-form__colors">
          <FormField label={t.color} error={fieldErrors.color}>
            <input
              type="color"
              className="color-input"
              value={form.color}
              onChange={(event) => set('color')(event.target.value)}
            />
          </FormField>
          <FormField label={t.iconColor} error={fieldErrors.iconColor}>
            <input
              type="color"
              className="color-input"
              value={form.iconColor}
              onChange={(event) => set('iconColor')(event.target.value)}
            />
          </FormField>
        </div>
        <IconPicker value={form.icon} onChange={set('icon')} />
        {fieldErrors.icon && <p className="field__error">{fieldErrors.icon}</p>}
        <FormError error={submit.error} />
        <DialogActions onCancel={() => props.onClose()} busy={submit.busy} />
      </form>
    </Dialog>
  );
}
