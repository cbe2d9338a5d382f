/** Helpers for the generated HTML pages. */

export const SANS = ["'DejaVu Sans'", "'Liberation Sans'"] as const;
export const SERIF = ["'DejaVu Serif'", "'Liberation Serif'"] as const;
export const MONO = ["'DejaVu Sans Mono'", "'Liberation Mono'"] as const;

/** A font stack starting with `first`, falling back to the other installed families. */
export function fontStack(first: string): string {
  const generic = (SERIF as readonly string[]).includes(first)
    ? 'serif'
    : (MONO as readonly string[]).includes(first)
      ? 'monospace'
      : 'sans-serif';
  return `${first}, ${generic}`;
}

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A whole page of the given viewport size; the body is exactly the viewport and must not overflow it. */
export function page(options: { width: number; height: number; css: string; body: string; lang?: string }): string {
  const { width, height, css, body, lang = 'en' } = options;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<style>
html, body { margin: 0; padding: 0; }
body { width: ${width}px; height: ${height}px; overflow: hidden; position: relative;
  -webkit-font-smoothing: antialiased; hyphens: manual;
  /* No ligatures: "fl" and "fi" stay two letters, as the truth has them. */
  font-variant-ligatures: none; font-feature-settings: 'liga' 0, 'clig' 0; }
* { box-sizing: border-box; }
${css}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** WCAG relative luminance of an sRGB colour given as #rrggbb. */
export function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const lin = (h: string) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(m[1]!) + 0.7152 * lin(m[2]!) + 0.0722 * lin(m[3]!);
}

/** WCAG contrast ratio of two #rrggbb colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function grey(level: number): string {
  const h = Math.max(0, Math.min(255, Math.round(level)))
    .toString(16)
    .padStart(2, '0');
  return `#${h}${h}${h}`;
}

/** The grey darker than `background` whose contrast ratio with it is closest to `ratio`. */
export function greyForContrast(background: string, ratio: number): string {
  let best = grey(0);
  for (let level = 0; level <= 255; level++) {
    const g = grey(level);
    if (luminance(g) > luminance(background)) break;
    if (Math.abs(contrastRatio(g, background) - ratio) < Math.abs(contrastRatio(best, background) - ratio)) best = g;
  }
  return best;
}

/** Time of day as a person reads it on a screen: "9:05 AM" (12 h) or "21:05" (24 h). */
export function clock(minutes: number, twelveHour = true): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const mm = String(m % 60).padStart(2, '0');
  if (!twelveHour) return `${h}:${mm}`;
  return `${((h + 11) % 12) + 1}:${mm} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Money with two decimals and thousands separators: 1234.5 → "1,234.50". */
export function money(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
