import { de } from '@werkboard/common';
import type { PdfDoc } from './pdfLayout';
import { COLORS, FOOTER_BOTTOM, MARGIN, QR_SIZE, setFont } from './pdfLayout';
import { drawQrCode } from './qrCode';

const p = de.reports.pdf;

export interface FooterContent {
  version: string;
  /** A short line naming the document ('Projektbericht: Neubau Müller'). */
  label: string;
  /** The address the page's QR code opens (per page: a group report changes project). */
  qrAddress(pageIndex: number): string;
}

/**
 * The footer of every page (spec section 9): product version, 'Seite x von y' and the QR
 * code, 100x100, at the bottom right. Drawn at the end, when the number of pages is known.
 */
export function drawFooters(doc: PdfDoc, content: FooterContent): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // The footer lies below the content's bottom margin: without this, text there would
    // make pdfkit start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    const qrX = doc.page.width - MARGIN.right - QR_SIZE;
    const qrY = doc.page.height - FOOTER_BOTTOM - QR_SIZE;
    doc
      .moveTo(MARGIN.left, qrY - 8)
      .lineTo(doc.page.width - MARGIN.right, qrY - 8)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    drawQrCode(doc, content.qrAddress(index - start), qrX, qrY, QR_SIZE);
    const textWidth = qrX - MARGIN.left - 16;
    const textY = qrY + QR_SIZE - 36;
    setFont(doc, 'regular', 8, COLORS.muted).text(content.label, MARGIN.left, textY, {
      width: textWidth,
      lineBreak: false,
      ellipsis: true,
      height: 10,
    });
    setFont(doc, 'regular', 8, COLORS.muted).text(p.footerVersion(content.version), MARGIN.left, textY + 12, {
      width: textWidth,
      lineBreak: false,
    });
    setFont(doc, 'bold', 9).text(p.page(index - start + 1, count), MARGIN.left, textY + 24, {
      width: textWidth,
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}
