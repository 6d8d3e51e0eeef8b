import type { ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';

interface HintedButtonProps {
  className: string;
  /** Why the button cannot be used now; null when it can. */
  disabledReason: string | null;
  onClick: () => void;
  children: ReactNode;
  label?: string;
}

/** How long a tapped disabled button shows its reason. */
const HINT_MS = 4000;

/**
 * A button that may be unavailable with a reason (Free license, offline). It stays focusable
 * (aria-disabled instead of disabled), so keyboard and screen reader users meet the reason as
 * its description, mouse users as its tooltip, and a tap on a phone shows it as a bubble.
 */
export function HintedButton({ className, disabledReason, onClick, children, label }: HintedButtonProps) {
  const hintId = useId();
  const [showHint, setShowHint] = useState(false);

  useEffect(() => {
    if (!showHint) return;
    const timer = setTimeout(() => setShowHint(false), HINT_MS);
    return () => clearTimeout(timer);
  }, [showHint]);

  return (
    <span className="hinted">
      <button
        type="button"
        className={disabledReason ? `${className} is-disabled` : className}
        aria-disabled={disabledReason ? true : undefined}
        aria-describedby={disabledReason ? hintId : undefined}
        aria-label={label}
        title={disabledReason ?? undefined}
        onClick={() => (disabledReason ? setShowHint((shown) => !shown) : onClick())}
      >
        {children}
      </button>
      {disabledReason && (
        // Shown only while there is a reason: a button enabled meanwhile hides it.
        <span id={hintId} className={showHint ? 'hinted__bubble hinted__bubble--shown' : 'hinted__bubble'} role="note">
          {disabledReason}
        </span>
      )}
    </span>
  );
}
