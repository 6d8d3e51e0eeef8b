import { useEffect, useRef } from 'react';

/**
 * After a refused submit, moves focus to the first field marked aria-invalid, so its German
 * message is in view (long dialogs scroll) and read out. Pass the field errors; an empty
 * object or undefined does nothing.
 */
export function useFocusFirstInvalid<E extends HTMLElement = HTMLFormElement>(
  errors: Record<string, string> | string | undefined,
) {
  const ref = useRef<E>(null);
  useEffect(() => {
    const hasErrors = typeof errors === 'string' ? errors !== '' : errors && Object.keys(errors).length > 0;
    if (hasErrors) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return ref;
}
