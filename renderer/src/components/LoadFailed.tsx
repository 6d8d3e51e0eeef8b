import { de } from '@werkboard/common';

/** What a list or panel shows when its data could not be loaded: the reason and 'Erneut versuchen'. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="message message--error">
      <p>{message}</p>
      <button type="button" className="link-button" onClick={onRetry}>
        {de.actions.retry}
      </button>
    </div>
  );
}
