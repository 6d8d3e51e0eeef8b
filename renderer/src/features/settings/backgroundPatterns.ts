import type { BackgroundTheme } from '@werkboard/common';

/**
 * The background themes of spec section 3 as small SVG tiles in the pattern colour, repeated
 * over the app background. Kept faint (opacity) so text stays readable on any colour.
 */
const TILES: Record<Exclude<BackgroundTheme, 'default'>, { size: [number, number]; body: (c: string) => string }> = {
  triangles: {
    size: [48, 42],
    body: (c) => `<path d="M0 42 L24 0 L48 42 Z M24 0 L0 0 M24 0 L48 0" fill="none" stroke="${c}" stroke-width="1"/>`,
  },
  hexagons: {
    size: [56, 98],
    body: (c) =>
      `<path d="M28 66 L0 50 L0 16 L28 0 L56 16 L56 50 L28 66 L28 98 M0 82 L28 98 L56 82" fill="none" stroke="${c}" stroke-width="1"/>`,
  },
  circuits: {
    size: [80, 80],
    body: (c) =>
      `<g fill="none" stroke="${c}" stroke-width="1.2"><path d="M0 20 H30 L40 30 V60 H80 M50 0 V15 L60 25 H80 M10 80 V50 H25"/>` +
      `<circle cx="30" cy="20" r="2.5"/><circle cx="40" cy="60" r="2.5"/><circle cx="60" cy="25" r="2.5"/><circle cx="25" cy="50" r="2.5"/></g>`,
  },
  lines: {
    size: [16, 16],
    body: (c) => `<path d="M-4 4 L4 -4 M0 16 L16 0 M12 20 L20 12" stroke="${c}" stroke-width="1"/>`,
  },
  dots: {
    size: [20, 20],
    body: (c) => `<circle cx="10" cy="10" r="1.6" fill="${c}"/>`,
  },
  cross: {
    size: [28, 28],
    body: (c) => `<path d="M14 9 V19 M9 14 H19" stroke="${c}" stroke-width="1.4" stroke-linecap="round"/>`,
  },
  waves: {
    size: [48, 20],
    body: (c) => `<path d="M0 10 Q12 0 24 10 T48 10" fill="none" stroke="${c}" stroke-width="1.2"/>`,
  },
};

const PATTERN_OPACITY = 0.14;

/** A CSS background-image value for the theme, or 'none' for the default (no pattern). */
export function backgroundPattern(theme: BackgroundTheme, color: string): string {
  if (theme === 'default') return 'none';
  const tile = TILES[theme] as (typeof TILES)[keyof typeof TILES] | undefined;
  if (!tile) return 'none';
  // Only a plain hex colour goes into the SVG: the value ends up inside CSS and markup.
  const safeColor = /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : '#ffffff';
  const [width, height] = tile.size;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g opacity="${PATTERN_OPACITY}">${tile.body(safeColor)}</g></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
