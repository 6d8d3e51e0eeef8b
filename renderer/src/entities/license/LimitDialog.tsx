import type { LimitKind } from '@werkboard/common';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';

/**
 * The Free license's limit is reached (the server answered 403 'limit_reached'): more entries
 * need a Lifetime license, which the administrator activates (spec sections 2 and 8).
 */
export function LimitDialog({ kind, onClose }: { kind: LimitKind; onClose: () => void }) {
  return (
    <Dialog title={de.limits[kind]} onClose={onClose}>
      <p>{de.limits.text}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {de.actions.ok}
        </button>
      </div>
    </Dialog>
  );
}
