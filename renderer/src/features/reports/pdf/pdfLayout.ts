import PDFDocument from 'pdfkit';
import { columnTone } from '@werkboard/common';

/**
 * The page and the small drawing vocabulary the report sections share: A4 portrait, a
 * footer band for the version, page numbers and the QR code (100x100, spec section 9), and
 * helpers that keep a block together or let long text flow onto the next page.
 */

export type PdfDoc = PDFKit.PDFDocument;

export interface ReportFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 48, left: 48, right: 48 } as const;
export const QR_SIZE = 100;
/** Space under the QR code to the paper's edge. */
export const FOOTER_BOTTOM = 28;
/** The footer band: the QR code plus a gap above it that content never enters. */
export const FOOTER_HEIGHT = QR_SIZE + FOOTER_BOTTOM + 14;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const COLORS = {
  text: '#1d2125',
  muted: '#5f6b76',
  rule: '#c9d0d6',
  band: '#eef1f4',
  progress: '#2e9d5b',
  tones: {
    red: { fill: '#c8373b', text: '#ffffff' },
    yellow: { fill: '#f2c230', text: '#1d2125' },
    green: { fill: '#2e9d5b', text: '#ffffff' },
    blue: { fill: '#3569b5', text: '#ffffff' },
  },
} as const;

/** A column's colour in the report (spec section 9), for its band and its bar in the charts. */
export function columnToneColor(title: string): string {
  return COLORS.tones[columnTone(title)].fill;
}

export const FONT = { regular: 'Report-Regular', bold: 'Report-Bold' } as const;

export interface ReportInfo {
  title: string;
  subject: string;
}

/**
 * A new report in the embedded fonts (the same glyphs on every machine, „“ and – included),
 * its pages kept in memory so that the footer can say 'Seite x von y' at the end.
 */
export function createReportDocument(fonts: ReportFonts, info: ReportInfo): PdfDoc {
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    bufferPages: true,
    // No default standard font: the browser build of pdfkit has none registered.
    font: '',
    margins: { top: MARGIN.top, left: MARGIN.left, right: MARGIN.right, bottom: FOOTER_HEIGHT },
    info: { Title: info.title, Subject: info.subject, Creator: 'Werkboard', Producer: 'Werkboard' },
    lang: 'de-DE',
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  doc.addPage();
  doc.font(FONT.regular).fontSize(10).fillColor(COLORS.text);
  return doc;
}

/** Ends the document and collects its bytes. */
export function pdfBytes(doc: PdfDoc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    });
    doc.end();
  });
}

/** The lowest y content may reach on this page. */
export function contentBottom(doc: PdfDoc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** The height one page offers content, from the top margin to the footer band. */
export function pageContentHeight(doc: PdfDoc): number {
  return contentBottom(doc) - doc.page.margins.top;
}

/**
 * Starts a new page unless `height` still fits below the cursor. Never from the top of a
 * page: a block taller than a page fits on no page, so a new one would only be empty; such a
 * block is split (tableRow) or scaled (placeBlock) by its caller instead.
 */
export function ensureSpace(doc: PdfDoc, height: number): void {
  const atPageTop = doc.y <= doc.page.margins.top + 0.5;
  if (doc.y + height > contentBottom(doc) && !atPageTop) doc.addPage();
}

/**
 * Room for a block drawn as a whole (a signature): a new page when it does not fit below the
 * cursor, and the scale, at most 1, at which it fits there.
 */
export function placeBlock(doc: PdfDoc, height: number): number {
  ensureSpace(doc, height);
  return Math.min(1, (contentBottom(doc) - doc.y) / height);
}

export function setFont(doc: PdfDoc, weight: 'regular' | 'bold', size: number, color: string = COLORS.text): PdfDoc {
  return doc.font(FONT[weight]).fontSize(size).fillColor(color);
}

/** A section heading, kept on one page with the first `keepWith` points after it. */
export function sectionHeading(doc: PdfDoc, text: string, keepWith = 40): void {
  doc.moveDown(0.6);
  ensureSpace(doc, 26 + keepWith);
  setFont(doc, 'bold', 13).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN.left, y)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y)
    .lineWidth(0.7)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 6;
}

export function subHeading(doc: PdfDoc, text: string): void {
  doc.moveDown(0.3);
  ensureSpace(doc, 36);
  setFont(doc, 'bold', 10.5).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
}

/** Running text that wraps and continues on the next page when it is long. */
export function paragraph(
  doc: PdfDoc,
  text: string,
  options: { x?: number; width?: number; size?: number; color?: string } = {},
): void {
  const x = options.x ?? MARGIN.left;
  setFont(doc, 'regular', options.size ?? 9.5, options.color ?? COLORS.text);
  ensureSpace(doc, doc.currentLineHeight(true));
  doc.text(text, x, doc.y, { width: options.width ?? MARGIN.left + CONTENT_WIDTH - x, lineGap: 1 });
}

export interface TableCell {
  text: string;
  /** Share of the table's width; the cells of a row add up to 1. */
  share: number;
  align?: 'left' | 'right';
  bold?: boolean;
}

/**
 * One row of a simple table: every cell wraps inside its width, the row is as tall as its
 * tallest cell and moves to the next page as a whole. A row taller than a page is split: its
 * cells one below the other, each flowing over as many pages as it needs.
 */
export function tableRow(
  doc: PdfDoc,
  cells: readonly TableCell[],
  options: { x?: number; width?: number; size?: number; shaded?: boolean; color?: string } = {},
): void {
  const x0 = options.x ?? MARGIN.left;
  const width = options.width ?? MARGIN.left + CONTENT_WIDTH - x0;
  const size = options.size ?? 9;
  const gap = 6;
  const widths = cells.map((cell) => cell.share * width - gap);
  const heights = cells.map((cell, index) => {
    setFont(doc, cell.bold ? 'bold' : 'regular', size);
    return doc.heightOfString(cell.text || ' ', { width: widths[index] });
  });
  const height = Math.max(...heights) + 3;
  if (height > pageContentHeight(doc)) {
    splitRow(doc, cells, { x: x0, width: width - gap, size, color: options.color });
    return;
  }
  ensureSpace(doc, height);
  const y = doc.y;
  if (options.shaded) doc.rect(x0 - 3, y - 1.5, width + 6 - gap, height).fill(COLORS.band);
  let x = x0;
  cells.forEach((cell, index) => {
    setFont(doc, cell.bold ? 'bold' : 'regular', size, options.color ?? COLORS.text);
    doc.text(cell.text, x, y, { width: widths[index], align: cell.align ?? 'left', lineGap: 0 });
    x += widths[index]! + gap;
  });
  doc.x = x0;
  doc.y = y + height;
}

function splitRow(
  doc: PdfDoc,
  cells: readonly TableCell[],
  options: { x: number; width: number; size: number; color: string | undefined },
): void {
  ensureSpace(doc, doc.currentLineHeight(true));
  for (const cell of cells) {
    setFont(doc, cell.bold ? 'bold' : 'regular', options.size, options.color ?? COLORS.text);
    doc.text(cell.text, options.x, doc.y, { width: options.width, align: cell.align ?? 'left', lineGap: 0 });
  }
  doc.x = options.x;
  doc.moveDown(0.2);
}

/** A horizontal progress bar, 0 to 100 percent. */
export function progressBar(doc: PdfDoc, percent: number, width: number = CONTENT_WIDTH): void {
  ensureSpace(doc, 12);
  const y = doc.y;
  doc.roundedRect(MARGIN.left, y, width, 8, 4).fill(COLORS.band);
  if (percent > 0) doc.roundedRect(MARGIN.left, y, (width * Math.min(100, percent)) / 100, 8, 4).fill(COLORS.progress);
  doc.y = y + 14;
}

export function thinRule(doc: PdfDoc, x: number = MARGIN.left, width: number = CONTENT_WIDTH): void {
  const y = doc.y + 3;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.4)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.y = y + 5;
}

/** The bytes as an ArrayBuffer of their own (pdfkit's types take ArrayBuffer, not Uint8Array). */
export function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}
