import { de } from '@werkboard/common';
import type * as ReportMaker from './pdf';

export type { ReportMaker };

/** A report failure with the German text to show (spec section 8). */
export class ReportError extends Error {}

/**
 * The report chunk (pdfkit, qrcode, fonts), loaded on first use. A failure, e.g. the chunk
 * or a font missing after an update or offline before the app was cached, is the spec's
 * 'PDF-Export-Bibliothek konnte nicht geladen werden. …'.
 */
export async function loadReportMaker(): Promise<typeof ReportMaker> {
  try {
    const maker = await import('./pdf');
    await maker.loadReportFonts();
    return maker;
  } catch (cause) {
    throw new ReportError(de.reports.errors.libraryLoadFailed, { cause });
  }
}

/** The text to show for a failure: a ReportError's own, else `fallback`. */
export function reportErrorText(error: unknown, fallback: string): string {
  return error instanceof ReportError ? error.message : fallback;
}

/** Runs `step`; a failure becomes a ReportError with `text` (unless it already is one). */
export async function reportStep<T>(text: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (cause) {
    if (cause instanceof ReportError) throw cause;
    throw new ReportError(text, { cause });
  }
}
