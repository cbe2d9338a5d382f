/**
 * Renders the PWA icons (web/public/icons) from the favicon (web/public/favicon.svg, the logo's note on a dark
 * rounded square). Run after changing the logo, then commit the PNGs:
 *   pnpm --filter @snapnotes/web exec tsx scripts/generate-icons.ts
 * - "any" icons (192, 512): the logo as is, transparent corners;
 * - maskable 512: the note on a full-bleed square, scaled into the central 80 % safe zone, so any launcher mask
 *   (circle, squircle) keeps it whole (w3.org/TR/appmanifest/#icon-masks);
 * - apple-touch-icon 180: full-bleed (iOS rounds the corners itself, transparency would turn black);
 * - favicon 32 (PNG, for browsers without SVG favicons).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = resolve(here, '../public');
const outDir = resolve(publicDir, 'icons');
/** The favicon's background colour: the maskable and Apple icons fill the whole square with it. */
const BACKGROUND = '#171717';
/** The maskable safe zone is a circle of 40 % radius: the logo's 32-unit box is drawn this much smaller. */
const SAFE_ZONE = 0.8;

/** The favicon's drawing (the note) without its rounded background, on a full square of BACKGROUND. */
function fullBleed(svg: string, scale: number): string {
  const inner = svg
    .replace(/<rect[^>]*\/>/, '')
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
  const offset = (32 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BACKGROUND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

async function render(svg: string, size: number, file: string, opaque = false): Promise<void> {
  const image = sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) }).resize(size, size);
  if (opaque) image.flatten({ background: BACKGROUND });
  await image.png({ compressionLevel: 9 }).toFile(resolve(outDir, file));
}

async function main(): Promise<void> {
  const svg = (await readFile(resolve(publicDir, 'favicon.svg'), 'utf8')).trim();
  await mkdir(outDir, { recursive: true });
  await Promise.all([
    render(svg, 192, 'icon-192.png'),
    render(svg, 512, 'icon-512.png'),
    render(fullBleed(svg, SAFE_ZONE), 512, 'maskable-512.png', true),
    render(fullBleed(svg, 0.9), 180, 'apple-touch-icon-180.png', true),
    render(svg, 32, 'favicon-32.png'),
  ]);
}

await main();
