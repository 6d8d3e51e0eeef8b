import type { GroupReportOptions, ProjectDocument, ReportNames } from '@werkboard/common';
import { columnsByTitle, de, inBoardOrder, progressOf, projectProgress, timeMaterialTotals } from '@werkboard/common';
import { formatDateTime } from '../../../utils/format';
import type { PdfDoc, ReportFonts } from './pdfLayout';
import {
  arrayBufferOf,
  COLORS,
  CONTENT_WIDTH,
  createReportDocument,
  MARGIN,
  paragraph,
  pdfBytes,
  progressBar,
  sectionHeading,
  setFont,
  tableRow,
} from './pdfLayout';
import { drawFooters } from './footer';
import { writeColumns, writeProjectHeader, writeTotals } from './projectReport';

const p = de.reports.pdf;
const charts = de.dashboard.charts;

export interface GroupReportProject {
  project: ProjectDocument;
  names: ReportNames;
  /** `{server address}/#/project/{id}`: the QR code of the project's pages. */
  address: string;
}

/** Charts drawn by chart.js in the browser, as JPEG bytes (browserAssets.progressChartJpeg says why not PNG). */
export interface GroupReportCharts {
  group: Uint8Array | null;
  /** Project id → its tasks per column. */
  projects: ReadonlyMap<string, Uint8Array>;
}

export interface GroupReportInput {
  groupName: string;
  projects: readonly GroupReportProject[];
  options: GroupReportOptions;
  charts: GroupReportCharts;
  version: string;
  /** `{server address}/#/`: the QR code of the group's own pages (overview and totals). */
  dashboardAddress: string;
  createdAt: Date;
}

/**
 * The group PDF (issue 15): the group's progress with its chart, one section per project
 * (header, progress, the chosen columns with their cards and hours, its chart) and the
 * time and material totals of the whole group. Each page's QR code opens the project the
 * page shows.
 */
export async function buildGroupReportPdf(input: GroupReportInput, fonts: ReportFonts): Promise<Uint8Array> {
  const doc = createReportDocument(fonts, {
    title: p.groupFileName(input.groupName).replace(/\.pdf$/, ''),
    subject: p.groupTitle,
  });
  const pageAddresses = [input.dashboardAddress];
  let address = input.dashboardAddress;
  doc.on('pageAdded', () => pageAddresses.push(address));

  writeGroupOverview(doc, input);
  const chosenColumns = (project: ProjectDocument) => columnsByTitle(project.columns, input.options.columnTitles);
  for (const { project, names, address: projectAddress } of input.projects) {
    address = projectAddress;
    doc.addPage();
    writeProjectHeader(doc, project, p.title);
    if (input.options.includeCharts)
      writeChart(doc, charts.columnsCaption, input.charts.projects.get(project.id) ?? null);
    writeColumns(doc, chosenColumns(project), { names, withEntries: false });
  }
  address = input.dashboardAddress;
  writeTotals(
    doc,
    timeMaterialTotals(input.projects.map(({ project }) => ({ ...project, columns: chosenColumns(project) }))),
  );

  drawFooters(doc, {
    version: input.version,
    label: `${p.groupTitle}: ${input.groupName}`,
    qrAddress: (pageIndex) => pageAddresses[pageIndex] ?? input.dashboardAddress,
  });
  return pdfBytes(doc);
}

function writeGroupOverview(doc: PdfDoc, input: GroupReportInput): void {
  setFont(doc, 'bold', 9, COLORS.muted).text(p.groupTitle.toLocaleUpperCase('de-DE'), MARGIN.left, doc.y, {
    width: CONTENT_WIDTH,
    characterSpacing: 0.8,
  });
  setFont(doc, 'bold', 20).text(input.groupName, MARGIN.left, doc.y + 2, { width: CONTENT_WIDTH });
  setFont(doc, 'regular', 8.5, COLORS.muted).text(p.createdOn(formatDateTime(input.createdAt.toISOString()) ?? ''));
  const progresses = input.projects.map(({ project }) => projectProgress(inBoardOrder(project.columns)));
  const total = progressOf(
    progresses.reduce((sum, progress) => sum + progress.done, 0),
    progresses.reduce((sum, progress) => sum + progress.total, 0),
  );
  doc.moveDown(0.6);
  setFont(doc, 'bold', 10).text(charts.summary(total.percent, total.done, total.total), MARGIN.left, doc.y, {
    width: CONTENT_WIDTH,
  });
  doc.moveDown(0.2);
  progressBar(doc, total.percent);

  sectionHeading(doc, p.projectsTitle);
  if (input.projects.length === 0) {
    paragraph(doc, p.noProjects, { size: 9, color: COLORS.muted });
    return;
  }
  tableRow(
    doc,
    [
      { text: charts.project, share: 0.5, bold: true },
      { text: p.projectNumber, share: 0.25, bold: true },
      { text: charts.progress, share: 0.25, align: 'right', bold: true },
    ],
    { size: 9 },
  );
  input.projects.forEach(({ project }, index) => {
    const progress = progresses[index]!;
    tableRow(
      doc,
      [
        { text: project.name, share: 0.5 },
        { text: project.projectNumber.trim() || p.nobody, share: 0.25 },
        {
          text: `${charts.percent(progress.percent)} (${progress.done}/${progress.total})`,
          share: 0.25,
          align: 'right',
        },
      ],
      { size: 9, shaded: index % 2 === 0 },
    );
  });
  if (input.options.includeCharts) writeChart(doc, p.chartTitle, input.charts.group);
}

const CHART_MAX_HEIGHT = 320;

/** A chart image at the content's width (at most CHART_MAX_HEIGHT tall); nothing when there is none. */
function writeChart(doc: PdfDoc, title: string, image: Uint8Array | null): void {
  if (!image) return;
  sectionHeading(doc, title, 120);
  const height = Math.min(CHART_MAX_HEIGHT, doc.page.height - doc.page.margins.bottom - doc.y);
  // In the document's flow (no x, y given) pdfkit moves the cursor below the image.
  doc.x = MARGIN.left;
  doc.image(arrayBufferOf(image), { fit: [CONTENT_WIDTH, height], align: 'center' });
  doc.moveDown(0.5);
}
