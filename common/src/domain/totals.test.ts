import { reportCard, reportColumn, reportProject, time, material, USER } from '../test/reportFixture';
import { timeMaterialTotals } from './totals';

describe('timeMaterialTotals', () => {
  it('sums hours per person, day and card, and material per name and unit', () => {
    const totals = timeMaterialTotals([reportProject()]);
    expect(totals.totalHours).toBe(6.75);
    expect(totals.byPerson).toEqual([
      { key: USER.max, username: 'max', hours: 5.5 },
      { key: USER.paula, username: 'paula', hours: 1.25 },
    ]);
    expect(totals.byDay).toEqual([
      { date: '2026-03-02', hours: 5.5 },
      { date: '2026-03-03', hours: 1.25 },
    ]);
    expect(totals.byCard.map((row) => [row.columnTitle, row.cardTitle, row.hours])).toEqual([
      ['To Do', 'Kabel ziehen', 3.75],
      ['In Bearbeitung', 'Steckdosen setzen', 3],
    ]);
    // 'NYM-J 3x1,5' and 'nym-j 3x1,5 ' are one material; the first spelling names it.
    expect(totals.material).toEqual([
      { name: 'Abzweigdose', unit: 'Stk', quantity: 4 },
      { name: 'NYM-J 3x1,5', unit: 'm', quantity: 37.5 },
      { name: 'Steckdose Busch-Jaeger', unit: 'Stk', quantity: 6 },
    ]);
  });

  it('keeps the same name in different units apart and sums without floating-point noise', () => {
    const project = reportProject({
      columns: [
        reportColumn('A', 'a0', [
          reportCard('x', {
            timeEntries: [time(USER.max, 'max', '2026-01-01', 0.1), time(USER.max, 'max', '2026-01-01', 0.2)],
            materialEntries: [material(0.1, 'm', 'Kabel'), material(0.2, 'm', 'Kabel'), material(1, 'Rolle', 'Kabel')],
          }),
        ]),
      ],
    });
    const totals = timeMaterialTotals([project]);
    expect(totals.totalHours).toBe(0.3);
    expect(totals.material).toEqual([
      { name: 'Kabel', unit: 'm', quantity: 0.3 },
      { name: 'Kabel', unit: 'Rolle', quantity: 1 },
    ]);
  });

  it('adds up a group and keeps deleted authors by name, in board order across projects', () => {
    const second = reportProject({
      id: 'second',
      name: 'Altbau Schmidt',
      columns: [
        reportColumn('Später', 'b0', [
          reportCard('Nachher', { timeEntries: [time(null, 'ehemalig', '2026-02-01', 1)] }),
        ]),
        reportColumn('Zuerst', 'a0', [reportCard('Vorher', { timeEntries: [time(USER.max, 'max', '2026-02-01', 2)] })]),
      ],
    });
    const totals = timeMaterialTotals([reportProject(), second]);
    expect(totals.totalHours).toBe(9.75);
    expect(totals.byPerson.map((row) => [row.username, row.hours])).toEqual([
      ['ehemalig', 1],
      ['max', 7.5],
      ['paula', 1.25],
    ]);
    expect(totals.byCard.slice(2).map((row) => [row.projectName, row.cardTitle])).toEqual([
      ['Altbau Schmidt', 'Vorher'],
      ['Altbau Schmidt', 'Nachher'],
    ]);
    expect(totals.byDay[0]).toEqual({ date: '2026-02-01', hours: 3 });
  });

  it('is empty for a project without entries', () => {
    const totals = timeMaterialTotals([reportProject({ columns: [reportColumn('A', 'a0', [reportCard('x')])] })]);
    expect(totals).toEqual({ totalHours: 0, byPerson: [], byDay: [], byCard: [], material: [] });
  });
});
