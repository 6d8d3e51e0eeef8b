import { screen, within } from '@testing-library/react';
import { ChangeLogDialog } from './ChangeLogDialog';
import { buildDocument, renderWithBoard, testId } from '../../test/board';

describe('ChangeLogDialog', () => {
  it("shows 'username action' with de-DE date and time, newest first", () => {
    renderWithBoard(<ChangeLogDialog onClose={jest.fn()} />, {
      document: buildDocument({
        changeLog: [
          {
            id: testId(),
            timestamp: '2026-03-01T09:00:00.000Z',
            userId: null,
            username: 'paula',
            action: 'hat das Projekt aus der Vorlage „Standard“ erstellt.',
          },
          {
            id: testId(),
            timestamp: '2026-03-04T15:45:00.000Z',
            userId: null,
            username: 'max',
            action: 'hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.',
          },
        ],
      }),
    });
    expect(screen.getByRole('dialog', { name: 'Änderungsprotokoll' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Einträge des Änderungsprotokolls' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'max hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.',
      'paula hat das Projekt aus der Vorlage „Standard“ erstellt.',
    ]);
    expect(within(items[0]!).getByText(/04\.03\.2026/)).toBeTruthy();
  });

  it('says so when nothing is logged yet', () => {
    renderWithBoard(<ChangeLogDialog onClose={jest.fn()} />);
    expect(screen.getByText('Noch keine Änderungen protokolliert.')).toBeTruthy();
  });
});
