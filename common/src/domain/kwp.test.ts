import { groupKwpText, projectKwpText } from './kwp';
import { reportCard, reportColumn, reportNames, reportProject } from '../test/reportFixture';

describe('projectKwpText', () => {
  it('lists each column with its cards by task group, the progress and separator lines', () => {
    expect(projectKwpText(reportProject(), reportNames, { includeAppointments: false }).split('\n')).toEqual([
      'Projekt: Neubau Müller',
      'Projekt-Nr.: P-2026-014',
      'Kundentyp: Privatkunde',
      'Fortschritt: 25 % (1 von 4 Aufgaben erledigt)',
      '========================================',
      '',
      'To Do (2 Aufgaben)',
      '----------------------------------------',
      'Ohne Gruppierung',
      '  - Zählerschrank prüfen (Elektro Schulz GmbH)',
      'Küche',
      '  - Kabel ziehen (max, 3,75 Std.)',
      '',
      'In Bearbeitung (1 Aufgabe)',
      '----------------------------------------',
      'Bad',
      '  - Steckdosen setzen (3,00 Std.)',
      '',
      'Erledigt (1 Aufgabe)',
      '----------------------------------------',
      'Ohne Gruppierung',
      '  - Baustelle einrichten',
      '',
      '========================================',
    ]);
  });

  it('adds the appointments, oldest first, with their status when asked', () => {
    const text = projectKwpText(reportProject(), reportNames, { includeAppointments: true });
    expect(text).toContain(
      [
        'Termine',
        '----------------------------------------',
        '  - So., 01.03.2026, 07:00 – Material anliefern (Wahrgenommen)',
        '  - Fr., 20.03.2026, 09:30 – Abnahme mit Bauherrn (Aktiv)',
      ].join('\n'),
    );
  });

  it('says when a column or the appointments are empty, leaves out a missing number and flattens multi-line titles', () => {
    const project = reportProject({
      projectNumber: ' ',
      appointments: [],
      columns: [reportColumn('Leer', 'a0', []), reportColumn('Voll', 'a1', [reportCard('Zeile 1\r\nZeile 2')])],
    });
    const lines = projectKwpText(project, reportNames, { includeAppointments: true }).split('\n');
    expect(lines).not.toContainEqual(expect.stringContaining('Projekt-Nr.'));
    expect(lines).toContain('  Keine Aufgaben');
    expect(lines).toContain('  Keine Termine');
    expect(lines).toContain('  - Zeile 1 Zeile 2');
  });
});

describe('groupKwpText', () => {
  it('heads the projects with the group and its overall progress', () => {
    const second = reportProject({ name: 'Altbau', columns: [reportColumn('Erledigt', 'a0', [reportCard('x')])] });
    const text = groupKwpText(
      'Baugebiet Nord',
      [
        { project: reportProject(), names: reportNames },
        { project: second, names: reportNames },
      ],
      { includeAppointments: false },
    );
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Projektgruppe: Baugebiet Nord',
      'Fortschritt: 40 % (2 von 5 Aufgaben erledigt)',
      '========================================',
    ]);
    expect(lines).toContain('Projekt: Neubau Müller');
    expect(lines).toContain('Projekt: Altbau');
    expect(lines.indexOf('Projekt: Altbau')).toBeGreaterThan(lines.indexOf('Projekt: Neubau Müller'));
  });

  it('says when the group has no projects', () => {
    expect(groupKwpText('Leer', [], { includeAppointments: false })).toContain('Keine Projekte in dieser Gruppe');
  });
});
