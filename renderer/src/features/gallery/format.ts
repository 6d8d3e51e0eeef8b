const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const number = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** Spec section 9: sizes in Bytes/KB/MB/GB/TB with (up to) two decimals, e.g. '1,5 MB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${number.format(bytes / 1024 ** exponent)} ${UNITS[exponent]}`;
}
