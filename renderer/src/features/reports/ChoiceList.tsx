import { useId } from 'react';
import { de } from '@werkboard/common';

export interface Choice {
  key: string;
  label: string;
}

/**
 * A fieldset of checkboxes (the report's columns), with one box to choose or clear all.
 */
export function ChoiceList({
  legend,
  choices,
  chosen,
  onChange,
}: {
  legend: string;
  choices: readonly Choice[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const allId = useId();
  const all = choices.length > 0 && choices.every((choice) => chosen.includes(choice.key));
  const toggle = (key: string, on: boolean) =>
    onChange(choices.map((choice) => choice.key).filter((k) => (k === key ? on : chosen.includes(k))));
  return (
    <fieldset className="fieldset report-choices">
      <legend>{legend}</legend>
      <label className="checkbox report-choices__all" htmlFor={allId}>
        <input
          id={allId}
          type="checkbox"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? choices.map((choice) => choice.key) : [])}
        />
        {de.reports.dialog.allColumns}
      </label>
      <div className="report-choices__list">
        {choices.map((choice) => (
          <label key={choice.key} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(choice.key)}
              onChange={(event) => toggle(choice.key, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** One checkbox of the dialog's 'Inhalt'. */
export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
