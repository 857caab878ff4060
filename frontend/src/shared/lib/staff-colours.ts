/**
 * docs/product.md#screens: "Staff chip colours cycle through 38 colours by staff id". Each person keeps the same
 * colour on every screen and every visit, so a glance at the rota finds them.
 */

export interface StaffColour {
  /** The chip's background, `#rrggbb`. */
  background: string;
  /** White or near-black, whichever reads better on the background (contrast ≥ 4.5:1). */
  text: string;
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#111111';

/**
 * 38 backgrounds: seventeen hues in a strong and a pale shade, and four muted extras, ordered so
 * that neighbours differ in hue and lightness.
 */
const BACKGROUNDS = [
  '#dc2626', // red
  '#86efac', // pale green
  '#2563eb', // blue
  '#fdba74', // pale orange
  '#7c3aed', // violet
  '#5eead4', // pale teal
  '#db2777', // pink
  '#fde047', // pale yellow
  '#0d9488', // teal
  '#f0abfc', // pale fuchsia
  '#ea580c', // orange
  '#93c5fd', // pale blue
  '#16a34a', // green
  '#fca5a5', // pale red
  '#4f46e5', // indigo
  '#bef264', // pale lime
  '#c026d3', // fuchsia
  '#67e8f9', // pale cyan
  '#ca8a04', // dark yellow
  '#c4b5fd', // pale violet
  '#0891b2', // cyan
  '#f9a8d4', // pale pink
  '#65a30d', // lime
  '#a5b4fc', // pale indigo
  '#e11d48', // rose
  '#6ee7b7', // pale emerald
  '#9333ea', // purple
  '#fcd34d', // pale amber
  '#059669', // emerald
  '#d8b4fe', // pale purple
  '#d97706', // amber
  '#7dd3fc', // pale sky
  '#0284c7', // sky
  '#fda4af', // pale rose
  '#57534e', // stone
  '#92400e', // brown
  '#64748b', // slate
  '#155e75', // deep cyan
] as const;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => parseInt(part ?? '0', 16));
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

function textFor(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}

export const STAFF_COLOURS: readonly StaffColour[] = BACKGROUNDS.map((background) => ({
  background,
  text: textFor(background),
}));

/** FNV-1a: a small, well-spread 32-bit hash; the same id always gives the same number. */
function hash(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The chip colour of a staff member: stable for their id. */
export function staffColour(staffId: string): StaffColour {
  // The modulo keeps the index in range, so the entry always exists.
  return STAFF_COLOURS[hash(staffId) % STAFF_COLOURS.length] as StaffColour;
}
