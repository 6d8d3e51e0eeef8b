import { act, fireEvent, render, screen } from '@testing-library/react';
import { ProjectKwpDialog } from './KwpDialog';
import { COPY_CONFIRMATION_MS } from './useCopyText';
import { names, reportTestProject } from './testReports';

function setClipboard(clipboard: Partial<Clipboard> | undefined): void {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: clipboard });
}

function openDialog() {
  render(<ProjectKwpDialog project={reportTestProject(2)} names={names} onClose={() => undefined} />);
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Text für KWP' });
}

describe('ProjectKwpDialog', () => {
  afterEach(() => {
    setClipboard(undefined);
    jest.useRealTimers();
  });

  it('shows the KWP text and adds the appointments when asked', () => {
    const text = openDialog();
    expect(text.value).toContain('Projekt: Neubau Familie Groß');
    expect(text.value).not.toContain('Abnahme mit Bauherrn');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Termine einbeziehen' }));
    expect(text.value).toContain('Abnahme mit Bauherrn (Aktiv)');
  });

  it('copies the text and says so for 2 seconds', async () => {
    jest.useFakeTimers();
    const copied: string[] = [];
    setClipboard({ writeText: (value: string) => Promise.resolve(void copied.push(value)) });
    const text = openDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Text kopieren' }));
      await Promise.resolve();
    });
    expect(copied).toEqual([text.value]);
    expect(screen.getByRole('button', { name: 'Kopiert!' })).toBeTruthy();
    act(() => jest.advanceTimersByTime(COPY_CONFIRMATION_MS));
    expect(screen.getByRole('button', { name: 'Text kopieren' })).toBeTruthy();
  });

  it("says 'Clipboard API not available' without the API and 'Could not copy text to clipboard' when it refuses", async () => {
    setClipboard(undefined);
    openDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Text kopieren' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe('Clipboard API not available');

    setClipboard({ writeText: () => Promise.reject(new Error('NotAllowedError')) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Text kopieren' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe('Could not copy text to clipboard');
  });
});
