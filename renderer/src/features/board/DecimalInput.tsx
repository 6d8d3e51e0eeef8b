import type { KeyboardEvent } from 'react';
import { parseDecimal } from '@werkboard/common';

interface DecimalInputProps {
  value: string;
  /** Arrow up/down change the value by this step (hours 0.25, quantities 0.1). */
  step: number;
  onChange: (value: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const stepFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, useGrouping: false });

/**
 * A decimal number as German users type it: '1,5' as well as '1.5' (spec section 5). A text
 * input with the decimal keypad, because a number input refuses the comma in many browsers;
 * the arrow keys still step like a number input's.
 */
export function DecimalInput({ value, step, onChange, ...field }: DecimalInputProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const current = parseDecimal(value);
    const base = Number.isFinite(current) ? current : 0;
    const next = Math.max(0, Math.round((base + (event.key === 'ArrowUp' ? step : -step)) * 100) / 100);
    onChange(stepFormat.format(next));
  };
  return (
    <input
      {...field}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      data-step={step}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
