/**
 * @jest-environment node
 */
// Blocks taller than a page: none may ask for a new page forever; each is split or scaled.
import type { PdfDoc } from './pdfLayout';
import {
  contentBottom,
  createReportDocument,
  ensureSpace,
  pageContentHeight,
  paragraph,
  pdfBytes,
  placeBlock,
  tableRow,
} from './pdfLayout';
import { pdfText, testFonts } from '../testReports';

const fonts = testFonts();
const newDoc = () => createReportDocument(fonts, { title: 'Test', subject: 'Test' });
const pageCount = (doc: PdfDoc) => doc.bufferedPageRange().count;

describe('ensureSpace', () => {
  it('adds no page at the top of a page for a block taller than a page, however often it is asked', () => {
    const doc = newDoc();
    const tall = pageContentHeight(doc) * 3;
    for (let i = 0; i < 5; i++) ensureSpace(doc, tall);
    expect(pageCount(doc)).toBe(1);
  });

  it('starts one new page when the block does not fit below the cursor', () => {
    const doc = newDoc();
    paragraph(doc, 'Eine Zeile');
    ensureSpace(doc, pageContentHeight(doc));
    ensureSpace(doc, pageContentHeight(doc) * 2);
    expect(pageCount(doc)).toBe(2);
  });
});

describe('placeBlock', () => {
  it('scales a block taller than a page so that it fits on the next page', () => {
    const doc = newDoc();
    paragraph(doc, 'Eine Zeile');
    const height = pageContentHeight(doc) * 2;
    const scale = placeBlock(doc, height);
    expect(pageCount(doc)).toBe(2);
    expect(scale).toBeLessThan(1);
    expect(doc.y + height * scale).toBeLessThanOrEqual(contentBottom(doc) + 0.001);
  });

  it('keeps a block that fits at its size on the same page', () => {
    const doc = newDoc();
    expect(placeBlock(doc, 100)).toBe(1);
    expect(pageCount(doc)).toBe(1);
  });
});

describe('tableRow', () => {
  it('splits a row taller than a page over the following pages with every line of it', async () => {
    const doc = newDoc();
    paragraph(doc, 'DAVOR');
    const lines = Array.from({ length: 400 }, (_, index) => `Zeile ${index + 1} des Wertes`);
    tableRow(doc, [
      { text: 'Bezeichnung', share: 0.3, bold: true },
      { text: lines.join('\n'), share: 0.7 },
    ]);
    paragraph(doc, 'DANACH');
    const pages = pageCount(doc);
    const text = pdfText(await pdfBytes(doc));
    for (const line of ['Bezeichnung', 'Zeile 1 des Wertes', 'Zeile 400 des Wertes', 'DANACH'])
      expect(text).toContain(line);
    expect(text.match(/Zeile \d+ des Wertes/g)).toHaveLength(400);
    // Split where it stands: no page left empty below the line before it.
    expect(text.split('\f')[0]).toContain('Bezeichnung');
    // 400 lines of 9 pt need about seven pages; a row retried page after page would need many more.
    expect(pages).toBeGreaterThan(4);
    expect(pages).toBeLessThan(10);
  });
});
