import interBoldUrl from './fonts/Inter-Report-Bold.ttf?url';
import interRegularUrl from './fonts/Inter-Report-Regular.ttf?url';
import type { ChartConfiguration, Plugin } from 'chart.js';
import type { ProgressChartRow } from '../../../utils/progressChart';
import { loadChartJs, PRINT_LOOK, progressChartConfig } from '../../../utils/progressChart';
import type { ReportFonts } from './pdfLayout';

/**
 * What the PDF needs from the browser: the embedded font files (Inter, SIL Open Font License,
 * which allows embedding and modifying; reduced to kerning and mark positioning by
 * scripts/subsetReportFonts.sh, because Inter's contextual rules cost most of the layout time;
 * files of the build, precached by the service worker so that the report works offline), chart images drawn by chart.js on a canvas outside the page, and photos
 * turned into JPEG (pdfkit reads JPEG and PNG only; the gallery's thumbnails are WebP).
 */

let fonts: Promise<ReportFonts> | null = null;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The fonts, fetched once per page load (a failed load is tried again next time). */
export function loadReportFonts(): Promise<ReportFonts> {
  fonts ??= Promise.all([fetchBytes(interRegularUrl), fetchBytes(interBoldUrl)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

/** A canvas outside the page: nothing of it is shown. */
function makeCanvas(width: number, height: number): HTMLCanvasElement {
  return Object.assign(document.createElement('canvas'), { width, height });
}

async function canvasBytes(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new Error('canvas could not be encoded');
  return new Uint8Array(await blob.arrayBuffer());
}

/** Paints the chart's background white (a canvas is transparent, the PDF page is white anyway, but viewers differ). */
const whiteBackground: Plugin<'bar'> = {
  id: 'werkboardWhiteBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

const CHART_WIDTH = 1200;
const CHART_ROW_HEIGHT = 54;

/**
 * A progress chart (0 to 100 %) as JPEG bytes, drawn at twice the PDF's resolution. JPEG, not
 * PNG: pdfkit's browser build decodes a PNG with an alpha channel in a blob worker, which the
 * app's Content Security Policy (worker-src 'self') rightly refuses; a JPEG is embedded as it is.
 */
export async function progressChartJpeg(
  rows: readonly ProgressChartRow[],
  labels: { dataset: string; axis: string },
): Promise<Uint8Array> {
  const ChartJs = await loadChartJs();
  const height = Math.max(2, rows.length) * CHART_ROW_HEIGHT + 110;
  const canvas = makeCanvas(CHART_WIDTH, height);
  const config: ChartConfiguration<'bar'> = progressChartConfig(rows, labels, PRINT_LOOK, {
    responsive: false,
    fontSize: 22,
  });
  const chart = new ChartJs(canvas, {
    ...config,
    options: { ...config.options, devicePixelRatio: 1 },
    plugins: [whiteBackground],
  });
  try {
    chart.draw();
    return await canvasBytes(canvas, 'image/jpeg', 0.92);
  } finally {
    chart.destroy();
  }
}

const PHOTO_MAX_PX = 480;

/** An image blob as JPEG bytes of at most 480 px (thumbnail size), or null when the browser cannot decode it. */
export async function photoJpeg(blob: Blob): Promise<Uint8Array | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = makeCanvas(
      Math.max(1, Math.round(bitmap.width * scale)),
      Math.max(1, Math.round(bitmap.height * scale)),
    );
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: white behind transparent pixels, as on the page.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return await canvasBytes(canvas, 'image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}
