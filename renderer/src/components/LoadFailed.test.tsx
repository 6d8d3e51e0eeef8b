import { fireEvent, render, screen } from '@testing-library/react';
import { de } from '@werkboard/common';
import { LoadFailed } from './LoadFailed';

it('says why as an alert and loads again on request', () => {
  const onRetry = jest.fn();
  render(<LoadFailed message="Die Liste konnte nicht geladen werden." onRetry={onRetry} />);
  expect(screen.getByRole('alert').textContent).toContain('Die Liste konnte nicht geladen werden.');
  expect(onRetry).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: de.actions.retry }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});
