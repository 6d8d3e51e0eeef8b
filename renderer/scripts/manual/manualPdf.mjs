// The user manual as a PDF (pdfkit): a title page, a table of contents with page numbers and
// links, the chapters with their headings, text, lists and screenshots, PDF bookmarks, and
// 'Seite x von y' in every page's footer. The fonts are the reports' Inter (the same glyphs on
// every machine, „“ and – included).
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { parseManual } from './markdown.mjs';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 60, bottom: 72, side: 60 };
const WIDTH = PAGE.width - 2 * MARGIN.side;
const COLORS = { text: '#1d2125', muted: '#5f6b76', rule: '#c9d0d6', accent: '#c77d0a' };
const FONT = { regular: 'Manual-Regular', bold: 'Manual-Bold' };
/** A screenshot is at most this tall, so a phone's portrait screen leaves room for text. */
const IMAGE_MAX_HEIGHT = 380;
const TOC_LINE = { 2: 20, 3: 15 };

/**
 * @param {{ source: string, imageDir: string, fonts: { regular: Buffer, bold: Buffer }, version: string }} input
 * @returns {Promise<Buffer>}
 */
export function buildManualPdf({ source, imageDir, fonts, version }) {
  const blocks = parseManual(source);
  const title = blocks[0].text;
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    bufferPages: true,
    font: '',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: MARGIN.side, right: MARGIN.side },
    info: { Title: title, Subject: `Werkboard ${version}`, Creator: 'Werkboard', Producer: 'Werkboard' },
    lang: 'de-DE',
    displayTitle: true,
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);

  titlePage(doc, title, version);
  // The text before the first chapter introduces the manual on its title page.
  const firstChapter = blocks.findIndex((block) => block.kind === 'heading');
  const body = firstChapter === -1 ? [] : blocks.slice(firstChapter);
  doc.moveDown(3);
  for (const block of blocks.slice(1, firstChapter === -1 ? undefined : firstChapter)) {
    if (block.kind !== 'paragraph') throw new Error('Before the first chapter the manual has only paragraphs');
    paragraph(doc, block.spans);
  }
  const headings = body.filter((block) => block.kind === 'heading');
  const tocStart = doc.bufferedPageRange().count;
  for (let page = 0; page < tocPageCount(headings); page++) doc.addPage();

  /** @type {{ level: number, text: string, page: number, destination: string }[]} */
  const entries = [];
  let chapter = null;
  for (const block of body) {
    if (block.kind === 'heading') {
      const entry = heading(doc, block, entries.length);
      entries.push(entry);
      const outline = block.level === 2 ? doc.outline : (chapter ?? doc.outline);
      const item = outline.addItem(block.text);
      if (block.level === 2) chapter = item;
    } else if (block.kind === 'paragraph') paragraph(doc, block.spans);
    else if (block.kind === 'list') list(doc, block);
    else if (block.kind === 'image') image(doc, path.join(imageDir, block.file), block.caption);
  }
  tableOfContents(doc, entries, tocStart);
  footers(doc, `${title} · Version ${version}`);
  return collect(doc);
}

function font(doc, weight, size, color = COLORS.text) {
  return doc.font(FONT[weight]).fontSize(size).fillColor(color);
}

function bottom(doc) {
  return doc.page.height - doc.page.margins.bottom;
}

/** A new page unless `height` still fits below the cursor. */
function ensureSpace(doc, height) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function titlePage(doc, title, version) {
  doc.addPage();
  const [product, ...rest] = title.split(' – ');
  doc.roundedRect(MARGIN.side, 180, 64, 64, 12).fill(COLORS.accent);
  font(doc, 'bold', 40, '#111111').text('W', MARGIN.side, 192, { width: 64, align: 'center' });
  font(doc, 'bold', 34).text(product, MARGIN.side, 270, { width: WIDTH });
  if (rest.length > 0) font(doc, 'regular', 20, COLORS.muted).text(rest.join(' – '), { width: WIDTH });
  doc.moveDown(1.2);
  font(doc, 'regular', 11, COLORS.muted).text(`Version ${version}`, { width: WIDTH });
  font(doc, 'regular', 11, COLORS.muted).text('Projektorganisation für Handwerksprofis', { width: WIDTH });
}

function tocPageCount(headings) {
  const available = PAGE.height - MARGIN.top - MARGIN.bottom - 50;
  const needed = headings.reduce((sum, block) => sum + TOC_LINE[block.level], 0);
  return Math.max(1, Math.ceil(needed / available));
}

function heading(doc, block, index) {
  const destination = `abschnitt-${index + 1}`;
  if (block.level === 2) {
    doc.addPage();
    font(doc, 'bold', 20).text(block.text, MARGIN.side, doc.y, { width: WIDTH });
    const y = doc.y + 4;
    doc
      .moveTo(MARGIN.side, y)
      .lineTo(MARGIN.side + WIDTH, y)
      .lineWidth(1.2)
      .strokeColor(COLORS.accent)
      .stroke();
    doc.y = y + 14;
  } else {
    doc.moveDown(0.8);
    ensureSpace(doc, 70);
    font(doc, 'bold', 13).text(block.text, MARGIN.side, doc.y, { width: WIDTH });
    doc.moveDown(0.35);
  }
  const page = doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  doc.addNamedDestination(destination, 'XYZ', 0, doc.page.height, null);
  return { level: block.level, text: block.text, page, destination };
}

/** Text in regular and bold spans, wrapping at `width` and flowing onto the next page. */
function spans(doc, parts, x, width) {
  parts.forEach((part, index) => {
    font(doc, part.bold ? 'bold' : 'regular', 10.5);
    const options = { width, lineGap: 2.5, continued: index < parts.length - 1 };
    if (index === 0) doc.text(part.text, x, doc.y, options);
    else doc.text(part.text, options);
  });
}

function paragraph(doc, parts) {
  ensureSpace(doc, 30);
  spans(doc, parts, MARGIN.side, WIDTH);
  doc.moveDown(0.6);
}

function list(doc, block) {
  const indent = 16;
  block.items.forEach((item, index) => {
    ensureSpace(doc, 28);
    const y = doc.y;
    font(doc, 'regular', 10.5).text(block.ordered ? `${index + 1}.` : '•', MARGIN.side + 2, y, {
      width: indent,
      lineBreak: false,
    });
    doc.y = y;
    spans(doc, item, MARGIN.side + indent, WIDTH - indent);
    doc.moveDown(0.3);
  });
  doc.moveDown(0.4);
}

function image(doc, file, caption) {
  if (!fs.existsSync(file)) throw new Error(`Image of the manual missing: ${file}`);
  const picture = doc.openImage(file);
  const scale = Math.min(WIDTH / picture.width, IMAGE_MAX_HEIGHT / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  font(doc, 'regular', 9);
  const captionHeight = doc.heightOfString(caption, { width: WIDTH }) + 6;
  ensureSpace(doc, height + captionHeight + 12);
  const x = MARGIN.side + (WIDTH - width) / 2;
  const y = doc.y + 4;
  doc.image(picture, x, y, { width, height });
  doc.rect(x, y, width, height).lineWidth(0.6).strokeColor(COLORS.rule).stroke();
  font(doc, 'regular', 9, COLORS.muted).text(caption, MARGIN.side, y + height + 6, { width: WIDTH, align: 'center' });
  doc.moveDown(1);
}

function tableOfContents(doc, entries, firstPage) {
  let page = firstPage;
  doc.switchToPage(page);
  font(doc, 'bold', 20).text('Inhalt', MARGIN.side, MARGIN.top, { width: WIDTH });
  let y = MARGIN.top + 40;
  let chapterNumber = 0;
  let sectionNumber = 0;
  for (const entry of entries) {
    if (y + TOC_LINE[entry.level] > bottom(doc)) {
      doc.switchToPage(++page);
      y = MARGIN.top;
    }
    if (entry.level === 2) {
      chapterNumber += 1;
      sectionNumber = 0;
    } else sectionNumber += 1;
    const number = entry.level === 2 ? `${chapterNumber}` : `${chapterNumber}.${sectionNumber}`;
    const x = MARGIN.side + (entry.level === 2 ? 0 : 22);
    const size = entry.level === 2 ? 11.5 : 10.5;
    const weight = entry.level === 2 ? 'bold' : 'regular';
    if (entry.level === 2) y += 4;
    const pageText = String(entry.page);
    font(doc, weight, size);
    const pageWidth = doc.widthOfString(pageText);
    const label = `${number}  ${entry.text}`;
    const labelWidth = Math.min(doc.widthOfString(label), WIDTH - (x - MARGIN.side) - pageWidth - 24);
    doc.text(label, x, y, { width: labelWidth + 1, lineBreak: false, ellipsis: true, goTo: entry.destination });
    // Dotted leader from the title to the page number.
    const leaderY = y + size * 0.85;
    doc
      .moveTo(x + labelWidth + 6, leaderY)
      .lineTo(MARGIN.side + WIDTH - pageWidth - 6, leaderY)
      .lineWidth(0.6)
      .dash(1, { space: 2.5 })
      .strokeColor(COLORS.muted)
      .stroke()
      .undash();
    font(doc, weight, size).text(pageText, MARGIN.side + WIDTH - pageWidth, y, {
      width: pageWidth + 1,
      lineBreak: false,
      goTo: entry.destination,
    });
    y += TOC_LINE[entry.level];
  }
}

/** 'Seite x von y' on every page but the title page, drawn when the page count is known. */
function footers(doc, label) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start + 1; index < start + count; index++) {
    doc.switchToPage(index);
    const margins = doc.page.margins;
    // Below the bottom margin: without this, pdfkit would start a new page for the footer.
    doc.page.margins = { ...margins, bottom: 0 };
    const y = doc.page.height - 48;
    doc
      .moveTo(MARGIN.side, y - 8)
      .lineTo(MARGIN.side + WIDTH, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    font(doc, 'regular', 8.5, COLORS.muted).text(label, MARGIN.side, y, { width: WIDTH * 0.7, lineBreak: false });
    font(doc, 'bold', 8.5, COLORS.text).text(`Seite ${index - start + 1} von ${count}`, MARGIN.side, y, {
      width: WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}

function collect(doc) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}
