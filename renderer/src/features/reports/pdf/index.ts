import { loadReportFonts } from './browserAssets';
import type { GroupReportInput } from './groupReport';
import { buildGroupReportPdf } from './groupReport';
import type { ProjectReportInput } from './projectReport';
import { buildProjectReportPdf } from './projectReport';

/**
 * The lazy chunk of the reports (loaded by loadReportMaker with a dynamic import): pdfkit,
 * qrcode and the font files stay out of the initial bundle.
 */

export async function makeProjectReportPdf(input: ProjectReportInput): Promise<Uint8Array> {
  return buildProjectReportPdf(input, await loadReportFonts());
}

export async function makeGroupReportPdf(input: GroupReportInput): Promise<Uint8Array> {
  return buildGroupReportPdf(input, await loadReportFonts());
}

export { loadReportFonts, photoJpeg, progressChartJpeg } from './browserAssets';

export { columnToneColor } from './pdfLayout';
