import type {
  AppointmentDto,
  CardDto,
  ColumnDto,
  NoteDto,
  ProjectDocument,
  ProjectReportOptions,
  ReportNames,
  SignoffDto,
  TimeMaterialTotals,
} from '@werkboard/common';
import {
  appointmentStatusLabel,
  cardHours,
  columnsById,
  columnTone,
  compareAppointmentsAscending,
  de,
  formatAppointmentDate,
  formatDay,
  formatHours,
  formatQuantity,
  inBoardOrder,
  projectPeople,
  projectProgress,
  signedByText,
  SIGNATURE_BOX,
  tagLabels,
  timeMaterialTotals,
} from '@werkboard/common';
import { formatDateTime } from '../../../utils/format';
import type { PdfDoc, ReportFonts } from './pdfLayout';
import {
  arrayBufferOf,
  COLORS,
  CONTENT_WIDTH,
  createReportDocument,
  ensureSpace,
  MARGIN,
  paragraph,
  pdfBytes,
  placeBlock,
  progressBar,
  sectionHeading,
  setFont,
  subHeading,
  tableRow,
  thinRule,
} from './pdfLayout';
import { drawFooters } from './footer';

const p = de.reports.pdf;
const charts = de.dashboard.charts;

/**
 * A picture of the project for the report: JPEG bytes (browserAssets.photoJpeg; a PNG with
 * transparency would need pdfkit's decoding worker in the browser), or null when it could not be loaded.
 */
export interface ReportPhoto {
  id: string;
  name: string;
  image: Uint8Array | null;
}

export interface ProjectReportInput {
  project: ProjectDocument;
  names: ReportNames;
  options: ProjectReportOptions;
  photos: readonly ReportPhoto[];
  version: string;
  /** `{server address}/#/project/{id}` for the QR code. */
  projectAddress: string;
  createdAt: Date;
}

/** How a card is shown: with its entries (the project report) or with its sum of hours only (the group report). */
export interface CardStyle {
  names: ReportNames;
  withEntries: boolean;
}

/**
 * The project PDF report (issue 15): header, progress, the chosen columns with their cards,
 * totals, appointments, notes and photos, each a section function of its own so that later
 * sections (the customer sign-off) slot in without touching the others.
 */
export async function buildProjectReportPdf(input: ProjectReportInput, fonts: ReportFonts): Promise<Uint8Array> {
  const { project, options } = input;
  const doc = createReportDocument(fonts, { title: p.fileName(project.name).replace(/\.pdf$/, ''), subject: p.title });
  const columns = columnsById(project.columns, options.columnIds);

  writeProjectHeader(doc, project, p.title);
  setFont(doc, 'regular', 8.5, COLORS.muted).text(p.createdOn(formatDateTime(input.createdAt.toISOString()) ?? ''));
  writeColumns(doc, columns, { names: input.names, withEntries: options.includeEntries });
  if (options.includeEntries) writeTotals(doc, timeMaterialTotals([{ ...project, columns }]));
  writeSignoffs(doc, project);
  if (options.includeAppointments) writeAppointments(doc, project.appointments);
  if (options.includeNotes) writeNotes(doc, project.notes);
  if (options.includePhotos) writePhotos(doc, input.photos);

  drawFooters(doc, {
    version: input.version,
    label: `${p.title}: ${project.name}`,
    qrAddress: () => input.projectAddress,
  });
  return pdfBytes(doc);
}

/** Name, number, customer type, owner, deputy, team and the progress (of all columns). */
export function writeProjectHeader(doc: PdfDoc, project: ProjectDocument, kicker: string): void {
  setFont(doc, 'bold', 9, COLORS.muted).text(kicker.toLocaleUpperCase('de-DE'), MARGIN.left, doc.y, {
    width: CONTENT_WIDTH,
    characterSpacing: 0.8,
  });
  setFont(doc, 'bold', 20).text(project.name, MARGIN.left, doc.y + 2, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
  const people = projectPeople(project);
  const rows: [string, string][] = [
    [p.projectNumber, project.projectNumber.trim() || p.nobody],
    [p.customerType, project.customerType || p.nobody],
    [p.owner, people.owner ?? p.nobody],
    [p.deputy, people.deputy ?? p.nobody],
    [p.team, people.members.length > 0 ? people.members.join(', ') : p.nobody],
  ];
  for (const [label, value] of rows)
    tableRow(
      doc,
      [
        { text: label, share: 0.22, bold: true },
        { text: value, share: 0.78 },
      ],
      { size: 9.5 },
    );
  if (project.description.trim()) {
    doc.moveDown(0.4);
    paragraph(doc, project.description.trim(), { size: 9.5 });
  }
  const progress = projectProgress(inBoardOrder(project.columns));
  doc.moveDown(0.5);
  setFont(doc, 'bold', 10).text(charts.summary(progress.percent, progress.done, progress.total), MARGIN.left, doc.y, {
    width: CONTENT_WIDTH,
  });
  doc.moveDown(0.2);
  progressBar(doc, progress.percent);
}

export function writeColumns(doc: PdfDoc, columns: readonly ColumnDto[], style: CardStyle): void {
  for (const column of columns) writeColumn(doc, column, style);
}

/** A column: a band in its colour (spec section 9) with title and count, then its cards. */
function writeColumn(doc: PdfDoc, column: ColumnDto, style: CardStyle): void {
  const tone = COLORS.tones[columnTone(column.title)];
  doc.moveDown(0.8);
  // Never leave a column's band alone at the bottom of a page.
  ensureSpace(doc, 24 + 48);
  const y = doc.y;
  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, 22, 3).fill(tone.fill);
  setFont(doc, 'bold', 11, tone.text).text(column.title, MARGIN.left + 8, y + 5.5, {
    width: CONTENT_WIDTH - 110,
    lineBreak: false,
    ellipsis: true,
    height: 14,
  });
  setFont(doc, 'regular', 9, tone.text).text(
    p.cardCount(column.cards.length),
    MARGIN.left + CONTENT_WIDTH - 108,
    y + 7,
    {
      width: 100,
      align: 'right',
      lineBreak: false,
    },
  );
  doc.x = MARGIN.left;
  doc.y = y + 28;
  if (column.cards.length === 0) {
    paragraph(doc, p.noCards, { size: 9, color: COLORS.muted });
    return;
  }
  for (const card of column.cards) writeCard(doc, card, style);
}

const CARD_INDENT = 8;

function writeCard(doc: PdfDoc, card: CardDto, style: CardStyle): void {
  const x = MARGIN.left + CARD_INDENT;
  const width = CONTENT_WIDTH - CARD_INDENT;
  ensureSpace(doc, 40);
  setFont(doc, 'bold', 10.5).text(card.title, x, doc.y, { width });
  const meta: string[] = [];
  if (card.group) meta.push(`${p.taskGroup}: ${card.group}`);
  const assignee = card.assignedTo ? style.names.assignees.get(card.assignedTo) : undefined;
  if (assignee) meta.push(`${p.assignee}: ${assignee}`);
  const tags = tagLabels(card.tagIds, style.names.tags);
  if (tags.length > 0) meta.push(`${p.tags}: ${tags.join(', ')}`);
  if (meta.length > 0) paragraph(doc, meta.join('  ·  '), { x, size: 8.5, color: COLORS.muted });
  if (card.description.trim()) {
    doc.moveDown(0.15);
    paragraph(doc, card.description.trim(), { x, size: 9.5 });
  }
  if (style.withEntries) writeCardEntries(doc, card, x, width);
  else if (cardHours(card) > 0)
    paragraph(doc, p.cardHoursSum(formatHours(cardHours(card))), { x, size: 8.5, color: COLORS.muted });
  thinRule(doc, x, width);
}

/** A one-line table row at 8.5 pt. */
const ROW_HEIGHT = 13;

function writeCardEntries(doc: PdfDoc, card: CardDto, x: number, width: number): void {
  const table = { x: x + 8, width: width - 8, size: 8.5 };
  if (card.timeEntries.length > 0) {
    doc.moveDown(0.25);
    // The label with the first rows (a short list and its sum stay together).
    ensureSpace(doc, 14 + Math.min(card.timeEntries.length + 1, 5) * ROW_HEIGHT);
    setFont(doc, 'bold', 8.5, COLORS.muted).text(p.timeEntries, x, doc.y, { width });
    const entries = [...card.timeEntries].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const entry of entries)
      tableRow(
        doc,
        [
          { text: formatDay(entry.date), share: 0.2 },
          { text: entry.username, share: 0.55 },
          { text: p.hours(formatHours(entry.hours)), share: 0.25, align: 'right' },
        ],
        table,
      );
    tableRow(
      doc,
      [{ text: p.cardHoursSum(formatHours(cardHours(card))), share: 1, align: 'right', bold: true }],
      table,
    );
  }
  if (card.materialEntries.length > 0) {
    doc.moveDown(0.25);
    ensureSpace(doc, 14 + Math.min(card.materialEntries.length, 4) * ROW_HEIGHT);
    setFont(doc, 'bold', 8.5, COLORS.muted).text(p.materialEntries, x, doc.y, { width });
    for (const entry of card.materialEntries)
      tableRow(
        doc,
        [
          { text: [formatQuantity(entry.quantity), entry.unit.trim()].filter(Boolean).join(' '), share: 0.2 },
          { text: entry.name.trim(), share: 0.8 },
        ],
        table,
      );
  }
}

/** Hours per person and material per name and unit, over the columns in the report. */
export function writeTotals(doc: PdfDoc, totals: TimeMaterialTotals): void {
  sectionHeading(doc, p.totalsTitle);
  subHeading(doc, p.hoursByPerson);
  if (totals.byPerson.length === 0) paragraph(doc, p.noTimeEntries, { size: 9, color: COLORS.muted });
  else {
    totals.byPerson.forEach((row, index) =>
      tableRow(
        doc,
        [
          { text: row.username, share: 0.7 },
          { text: p.hours(formatHours(row.hours)), share: 0.3, align: 'right' },
        ],
        { shaded: index % 2 === 0 },
      ),
    );
    tableRow(doc, [
      { text: p.totalHours, share: 0.7, bold: true },
      { text: p.hours(formatHours(totals.totalHours)), share: 0.3, align: 'right', bold: true },
    ]);
  }
  subHeading(doc, p.materialByName);
  if (totals.material.length === 0) paragraph(doc, p.noMaterialEntries, { size: 9, color: COLORS.muted });
  else
    totals.material.forEach((row, index) =>
      tableRow(
        doc,
        [
          { text: row.name || p.nobody, share: 0.7 },
          { text: [formatQuantity(row.quantity), row.unit].filter(Boolean).join(' '), share: 0.3, align: 'right' },
        ],
        { shaded: index % 2 === 0 },
      ),
    );
}

function writeAppointments(doc: PdfDoc, appointments: readonly AppointmentDto[]): void {
  sectionHeading(doc, p.appointmentsTitle);
  if (appointments.length === 0) {
    paragraph(doc, p.noAppointments, { size: 9, color: COLORS.muted });
    return;
  }
  [...appointments].sort(compareAppointmentsAscending).forEach((appointment, index) => {
    const contact = [appointment.contactName, appointment.contactPhone].map((part) => part.trim()).filter(Boolean);
    tableRow(
      doc,
      [
        { text: formatAppointmentDate(appointment), share: 0.27 },
        { text: [appointment.title, ...contact].join('\n'), share: 0.5 },
        { text: appointmentStatusLabel(appointment.status), share: 0.23, align: 'right' },
      ],
      { shaded: index % 2 === 0 },
    );
  });
}

const SIGNATURE_WIDTH = 220;

/**
 * Each customer sign-off: what it signs (a card or the project), signer and time, the
 * entries it covers, and the signature drawn as a vector path.
 */
function writeSignoffs(doc: PdfDoc, project: ProjectDocument): void {
  if (project.signoffs.length === 0) return;
  const s = de.projects.signoff;
  const cards = new Map(project.columns.flatMap((column) => column.cards).map((card) => [card.id, card]));
  sectionHeading(doc, s.pdfHeading, 140);
  for (const signoff of project.signoffs) {
    const card = signoff.cardId === null ? undefined : cards.get(signoff.cardId);
    subHeading(doc, card ? s.pdfOfCard(card.title) : s.pdfOfProject);
    paragraph(doc, signedByText(signoff), { size: 10 });
    paragraph(doc, s.pdfCovers(signoff.coveredTimeEntryIds.length, signoff.coveredMaterialEntryIds.length), {
      size: 8.5,
      color: COLORS.muted,
    });
    coveredRows(signoff, cards).forEach((row, index) =>
      tableRow(
        doc,
        [
          { text: row[0], share: 0.3 },
          { text: row[1], share: 0.5 },
          { text: row[2], share: 0.2, align: 'right' },
        ],
        { size: 8.5, shaded: index % 2 === 0 },
      ),
    );
    drawSignature(doc, signoff.signature);
    thinRule(doc);
  }
}

/** The covered entries as rows: the card, what, and the amount. */
function coveredRows(signoff: SignoffDto, cards: ReadonlyMap<string, CardDto>): [string, string, string][] {
  const times = new Set(signoff.coveredTimeEntryIds);
  const materials = new Set(signoff.coveredMaterialEntryIds);
  const rows: [string, string, string][] = [];
  for (const card of cards.values()) {
    for (const entry of card.timeEntries)
      if (times.has(entry.id))
        rows.push([card.title, `${formatDay(entry.date)}, ${entry.username}`, `${formatHours(entry.hours)} h`]);
    for (const entry of card.materialEntries)
      if (materials.has(entry.id))
        rows.push([card.title, entry.name, `${formatQuantity(entry.quantity)} ${entry.unit}`.trim()]);
  }
  return rows;
}

function drawSignature(doc: PdfDoc, path: string): void {
  const fit = placeBlock(doc, (SIGNATURE_WIDTH / SIGNATURE_BOX.width) * SIGNATURE_BOX.height + 12);
  const width = SIGNATURE_WIDTH * fit;
  const scale = width / SIGNATURE_BOX.width;
  const height = SIGNATURE_BOX.height * scale;
  const x = MARGIN.left;
  const y = doc.y + 4;
  doc.save();
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  // The path's numbers are the box's; scaled as a whole, the line width scales with it.
  doc
    .translate(x, y)
    .scale(scale)
    .path(path)
    .lineWidth(2.5 / scale / 2)
    .lineCap('round')
    .lineJoin('round');
  doc.strokeColor('#1a237e').stroke();
  doc.restore();
  doc.y = y + height + 6;
  doc.x = MARGIN.left;
}

function writeNotes(doc: PdfDoc, notes: readonly NoteDto[]): void {
  sectionHeading(doc, p.notesTitle);
  for (const note of notes) {
    ensureSpace(doc, 40);
    setFont(doc, 'bold', 10).text(note.title || p.nobody, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    paragraph(doc, p.noteBy(note.authorUsername, formatDateTime(note.timestamp) ?? ''), {
      size: 8.5,
      color: COLORS.muted,
    });
    if (note.content.trim()) paragraph(doc, note.content.trim());
    thinRule(doc);
  }
}

const PHOTO = { perRow: 4, gap: 10, height: 96, caption: 12 } as const;

/** Thumbnails in a grid; a picture that could not be loaded shows as 'Bild nicht verfügbar'. */
function writePhotos(doc: PdfDoc, photos: readonly ReportPhoto[]): void {
  if (photos.length === 0) return;
  sectionHeading(doc, p.photosTitle, PHOTO.height + PHOTO.caption);
  const width = (CONTENT_WIDTH - PHOTO.gap * (PHOTO.perRow - 1)) / PHOTO.perRow;
  for (let start = 0; start < photos.length; start += PHOTO.perRow) {
    ensureSpace(doc, PHOTO.height + PHOTO.caption + PHOTO.gap);
    const y = doc.y;
    photos.slice(start, start + PHOTO.perRow).forEach((photo, index) => {
      const x = MARGIN.left + index * (width + PHOTO.gap);
      drawPhoto(doc, photo, x, y, width);
      setFont(doc, 'regular', 7.5, COLORS.muted).text(photo.name, x, y + PHOTO.height + 2, {
        width,
        lineBreak: false,
        ellipsis: true,
        height: PHOTO.caption,
      });
    });
    doc.x = MARGIN.left;
    doc.y = y + PHOTO.height + PHOTO.caption + PHOTO.gap;
  }
}

function drawPhoto(doc: PdfDoc, photo: ReportPhoto, x: number, y: number, width: number): void {
  if (photo.image) {
    try {
      doc.image(arrayBufferOf(photo.image), x, y, { fit: [width, PHOTO.height], align: 'center', valign: 'center' });
      return;
    } catch {
      // Not a JPEG or PNG pdfkit can read: shown as unavailable below.
    }
  }
  doc.rect(x, y, width, PHOTO.height).fill(COLORS.band);
  setFont(doc, 'regular', 8, COLORS.muted).text(p.photoUnavailable, x, y + PHOTO.height / 2 - 5, {
    width,
    align: 'center',
    lineBreak: false,
  });
}
