/**
 * @jest-environment node
 */
import { defaultGroupReportOptions } from '@werkboard/common';
import type { GroupReportInput } from './groupReport';
import { buildGroupReportPdf } from './groupReport';
import { names, pdfText, reportTestProject, testFonts } from '../testReports';

const fonts = testFonts();

/** A 2x1 white PNG: stands in for the chart chart.js draws in the browser. */
const CHART_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADklEQVR42mP4//8/AxAAHvIC/sBIfl0AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
);

function groupInput(overrides: Partial<GroupReportInput> = {}): GroupReportInput {
  const first = reportTestProject(4);
  const second = reportTestProject(2, {
    id: '7a000000-0000-4000-8000-000000000002',
    name: 'Altbau Schmidt',
    projectNumber: 'P-2026-040',
  });
  const projects = [first, second].map((project) => ({
    project,
    names,
    address: `https://werkboard.example/#/project/${project.id}`,
  }));
  return {
    groupName: 'Baugebiet Nord',
    projects,
    options: defaultGroupReportOptions([first, second]),
    charts: { group: CHART_PNG, projects: new Map([[first.id, CHART_PNG]]) },
    version: '1.2.3',
    dashboardAddress: 'https://werkboard.example/#/',
    createdAt: new Date('2026-03-04T10:00:00Z'),
    ...overrides,
  };
}

describe('buildGroupReportPdf', () => {
  it('shows the group progress, each project with its columns and cards, and the group totals', async () => {
    const text = pdfText(await buildGroupReportPdf(groupInput(), fonts));
    expect(text).toContain('Baugebiet Nord');
    // 4 + 2 cards; one of them in a last column ('Erledigt').
    expect(text).toContain('Fortschritt: 17 % (1 von 6 Aufgaben erledigt)');
    expect(text).toContain('Gruppenfortschritt');
    expect(text).toContain('Neubau Familie Groß');
    expect(text).toContain('Altbau Schmidt');
    expect(text).toContain('P-2026-040');
    expect(text).toContain('Aufgabe 4: Steckdosen im Raum 4 setzen');
    expect(text).toContain('Summe: 1,75 Std.');
    // Six cards with 1,75 h each.
    expect(text).toMatch(/Gesamt\s+10,50 Std\./);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    // Overview, then one section per project, each on a page of its own.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages[1]).toContain('Neubau Familie Groß');
    pages.forEach((page, index) => expect(page).toContain(`Seite ${index + 1} von ${pages.length}`));
  });

  it('keeps only the chosen columns and leaves out the charts when asked', async () => {
    const input = groupInput();
    const text = pdfText(
      await buildGroupReportPdf({ ...input, options: { columnTitles: ['erledigt'], includeCharts: false } }, fonts),
    );
    expect(text).not.toContain('Gruppenfortschritt');
    expect(text).not.toContain('Aufgaben je Spalte');
    expect(text).not.toContain('Material bestellt');
    expect(text).toContain('Aufgabe 3: Steckdosen im Raum 3 setzen');
    expect(text).not.toContain('Aufgabe 4: Steckdosen im Raum 4 setzen');
    expect(text).toMatch(/Gesamt\s+1,75 Std\./);
  });

  it('says when the group has no projects', async () => {
    const text = pdfText(await buildGroupReportPdf(groupInput({ projects: [] }), fonts));
    expect(text).toContain('Keine Projekte in dieser Gruppe');
  });
});
