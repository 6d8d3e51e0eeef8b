import { reportCard, reportColumn, reportProject } from '../test/reportFixture';
import {
  columnsById,
  columnsByTitle,
  defaultGroupReportOptions,
  defaultProjectReportOptions,
  groupColumnTitles,
} from './reportOptions';

describe('report options', () => {
  it('chooses every column of the project by default, with entries and appointments', () => {
    const project = reportProject();
    expect(defaultProjectReportOptions(project)).toEqual({
      columnIds: project.columns.map((column) => column.id),
      includeEntries: true,
      includeAppointments: true,
      includeNotes: false,
      includePhotos: false,
    });
  });

  it('keeps the chosen columns in board order', () => {
    const project = reportProject();
    const [todo, , done] = project.columns;
    expect(columnsById(project.columns, [done!.id, todo!.id]).map((column) => column.title)).toEqual([
      'To Do',
      'Erledigt',
    ]);
    expect(columnsById(project.columns, [])).toEqual([]);
  });

  it('offers the columns of a group once each, matched by title whatever the case', () => {
    const other = reportProject({
      columns: [reportColumn('to do ', 'a0', [reportCard('x')]), reportColumn('Abnahme', 'a1', [])],
    });
    const projects = [reportProject(), other];
    expect(groupColumnTitles(projects)).toEqual(['To Do', 'In Bearbeitung', 'Erledigt', 'Abnahme']);
    expect(defaultGroupReportOptions(projects).includeCharts).toBe(true);
    expect(columnsByTitle(other.columns, ['TO DO']).map((column) => column.title)).toEqual(['to do ']);
  });
});
