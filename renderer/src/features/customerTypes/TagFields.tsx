import { useId } from 'react';
import type { TagColor, TagPriority } from '@werkboard/common';
import { de, TAG_COLORS, TAG_PRIORITY_LABELS, tagColor } from '@werkboard/common';
import { FormField } from '../../components/FormField';

const t = de.organise.settings;

export interface TagValues {
  label: string;
  color: TagColor;
  priority: TagPriority;
}

export const NEW_TAG_VALUES: TagValues = { label: '', color: 'slate', priority: 1 };

const PRIORITIES: readonly TagPriority[] = [0, 1, 2, 3, 4];

/** A tag's colour as a small swatch; its German name for screen readers and as tooltip. */
export function TagSwatch({ color }: { color: string }) {
  const known = tagColor(color);
  return (
    <span className={`tag-swatch board-tone--${known}`} title={t.colors[known]}>
      <span className="visually-hidden">{t.colors[known]}</span>
    </span>
  );
}

/** The 18 tag colours as a radio group of swatches, each named in German. */
export function TagColorPicker({ value, onChange }: { value: TagColor; onChange: (color: TagColor) => void }) {
  const name = useId();
  return (
    <fieldset className="fieldset tag-colors">
      <legend>{t.color}</legend>
      <div className="tag-colors__grid">
        {TAG_COLORS.map((color) => (
          <label key={color} className={`tag-colors__option board-tone--${color}`} title={t.colors[color]}>
            <input type="radio" name={name} value={color} checked={value === color} onChange={() => onChange(color)} />
            <span className="tag-colors__swatch" aria-hidden="true" />
            <span className="visually-hidden">{t.colors[color]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Label, colour and priority of a tag: the add form's and the edit form's fields. */
export function TagFields({
  values,
  onChange,
  labelError,
}: {
  values: TagValues;
  onChange: (values: TagValues) => void;
  labelError?: string;
}) {
  return (
    <>
      <FormField label={t.tagLabel} error={labelError}>
        <input
          type="text"
          autoComplete="off"
          value={values.label}
          onChange={(event) => onChange({ ...values, label: event.target.value })}
        />
      </FormField>
      <TagColorPicker value={values.color} onChange={(color) => onChange({ ...values, color })} />
      <FormField label={t.priority}>
        <select
          value={values.priority}
          onChange={(event) => onChange({ ...values, priority: Number(event.target.value) as TagPriority })}
        >
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {TAG_PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}
