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
import { ApiError, serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useFocusFirstInvalid(fieldErrors);

  const set =
    <K extends keyof GroupForm>(key: K) =>
    (value: GroupForm[K]) =>
      setForm((before) => ({ ...before, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setError(null);
    const checked = validate(projectGroupSchema, form);
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      await dispatch(saveProjectGroup({ id, ...checked.value }));
      props.onClose();
    } catch (caught) {
      setSaving(false);
      const message = serverMessageOr(caught, t.saveFailed);
      const fields = caught instanceof ApiError ? caught.fields : {};
      const shown = Object.fromEntries(Object.entries(fields).filter(([key]) => FORM_FIELDS.includes(key)));
      if (message === t.nameRequired) shown.name ??= message;
      setFieldErrors(shown);
      if (!Object.values(shown).includes(message)) setError(message);
    }
  };

  return (
    <Dialog title={group ? t.editTitle : t.createTitle} onClose={() => props.onClose()}>
      <form ref={formRef} className="form group-form" onSubmit={(event) => void submit(event)} noValidate>
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
            {saving ? de.actions.saving : de.actions.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
