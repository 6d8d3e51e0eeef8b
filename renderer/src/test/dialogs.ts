import { screen, waitFor, within } from '@testing-library/react';
import { deStart } from '@werkboard/common';

/**
 * The open dialog named `name` once its chunk has loaded (components/lazyDialog.tsx: until
 * then a frame of the same name says that it loads, and the loaded dialog replaces it).
 */
export async function findLoadedDialog(name: string | RegExp) {
  return waitFor(() => {
    const dialog = screen.getByRole('dialog', { name });
    if (within(dialog).queryByText(deStart.app.loading)) throw new Error(`'${String(name)}' is still loading`);
    return within(dialog);
  });
}
