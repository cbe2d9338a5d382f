/**
 * The product's reader (OCR_ENGINE=auto, page-reader.ts) on the real engines: tesseract keeps the pages it reads
 * confidently and the pages in other languages than English; PP-OCRv4 reads a table in small, faint print that
 * tesseract cannot, into rows with TABs between cells; a picture without text stays without text.
 */
import pino from 'pino';
import { renderNoTextImage, renderScreenshot } from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TESSERACT_TRUSTED } from '../src/page-reader.js';
import { startOcrReader, type OcrReader } from '../src/reader.js';
import { hasEnoughText } from '../src/has-text.js';

let reader: OcrReader;

beforeAll(async () => {
  reader = await startOcrReader({ languages: ['eng', 'deu'], poolSize: 1, logger: pino({ level: 'warn' }) });
});
afterAll(async () => {
  await reader?.close();
});

const ROWS = [
  ['Region', 'Q1', 'Q2', 'Q3'],
  ['North', '1,204', '3,400', '2,871'],
  ['South', '2,310', '1,980', '4,102'],
  ['East', '987', '1,455', '1,630'],
  ['West', '3,021', '2,764', '3,388'],
];

/** A table as a small crop of a printed article: 8 px grey type, as in a figure cut out of a PDF page. */
function smallFaintTable(): Promise<Buffer> {
  const cells = ROWS.map((r, i) =>
    r
      .map(
        (c, j) =>
          `<text x="${6 + j * 52}" y="${12 + i * 12}" font-family="DejaVu Sans" font-size="8" fill="#777">${c}</text>`,
      )
      .join(''),
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="68"><rect width="100%" height="100%" fill="#fff"/>${cells}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const ITEMS = [
  ['Coffee beans 1lb', '12.99'],
  ['Baby spinach', '3.49'],
  ['Oat milk', '2.79'],
  ['Sourdough loaf', '5.25'],
  ['Free range eggs', '4.10'],
  ['Cheddar cheese', '6.80'],
  ['Bananas', '1.95'],
];

/** A receipt photographed `angle`° off straight: items on the left, prices far to the right, on a grey desk. */
async function tiltedReceipt(angle: number): Promise<Buffer> {
  const rows = ITEMS.map(
    ([item, price], i) =>
      `<text x="40" y="${110 + i * 44}" font-family="DejaVu Sans Mono" font-size="24" fill="#222">${item}</text>` +
      `<text x="520" y="${110 + i * 44}" font-family="DejaVu Sans Mono" font-size="24" fill="#222">${price}</text>`,
  ).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${170 + ITEMS.length * 44}">` +
    `<rect width="100%" height="100%" fill="#f4f1ea"/>` +
    `<text x="40" y="60" font-family="DejaVu Sans Mono" font-size="28" fill="#222">GREEN GROCER</text>${rows}</svg>`;
  const page = await sharp(Buffer.from(svg))
    .rotate(angle, { background: '#6b6b6b' })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#6b6b6b' })
    .png()
    .toBuffer();
  return sharp(page).blur(0.5).jpeg({ quality: 85 }).toBuffer();
}

describe('the product reader: tesseract, or PP-OCRv4 where tesseract is unsure', () => {
  it.each([9, -9])(
    'keeps each item with its price on one line on a receipt photographed %i° off straight',
    async (angle) => {
      const result = await reader.read(await tiltedReceipt(angle), ['eng']);
      const lines = result.text.split('\n');
      for (const [item, price] of ITEMS) {
        const line = lines.find((l) => l.includes(price!));
        expect(line, `${price} in ${JSON.stringify(result.text)}`).toBeDefined();
        expect(characterErrorRate(item!, line!.replace(price!, '').trim())).toBeLessThan(0.2);
      }
    },
  );

  it('keeps tesseract for a clean page it reads confidently', async () => {
    const lines = ['Quarterly planning notes', 'Ship the export feature before the holidays', 'Review the budget'];
    const result = await reader.read(await renderScreenshot({ lines }), ['eng']);
    expect(result.confidence).toBeGreaterThanOrEqual(TESSERACT_TRUSTED);
    expect(result.engine).toBe('tesseract');
    expect(characterErrorRate(lines, result.text)).toBeLessThan(0.02);
    // Each line comes back as a block, placed on the screenshot's content pane (below its 56 px title bar).
    expect(result.blocks.map((b) => b.text).join('\n')).toContain('Review the budget');
    expect(result.blocks.every((b) => b.box[1] >= 56 && b.box[0] + b.box[2] <= 1280)).toBe(true);
  });

  it('reads a table in small faint print with PP-OCRv4, row by row with TABs between cells', async () => {
    const result = await reader.read(await smallFaintTable(), ['eng']);
    expect(result.engine).toBe('pp-ocrv4');
    const rows = result.text.split('\n');
    expect(rows).toHaveLength(ROWS.length);
    expect(
      characterErrorRate(
        ROWS.map((r) => r.join(' ')),
        result.text,
      ),
    ).toBeLessThan(0.05);
    expect(rows.filter((r) => r.split('\t').length === 4).length).toBeGreaterThanOrEqual(4);
    expect(hasEnoughText(result.text, result.confidence)).toBe(true);
    // The structure handed on: a table row per printed row, its cells apart, each where it stands on the image.
    const tableRows = result.blocks.filter((b) => b.kind === 'table-row');
    expect(tableRows.length).toBeGreaterThanOrEqual(4);
    expect(tableRows.at(-1)).toMatchObject({ cells: ['West', '3,021', '2,764', '3,388'] });
    const [, top, , height] = tableRows.at(-1)!.box;
    expect(top).toBeGreaterThan(40);
    expect(top + height).toBeLessThanOrEqual(68);
  });

  it('keeps tesseract, with the German data, for a German page', async () => {
    const german = [
      'Die Straßenbahn fährt heute wegen Bauarbeiten',
      'nicht über den Marktplatz. Bitte benutzen Sie',
      'die Umleitung über die Königstraße und grüßen',
    ];
    const result = await reader.read(await renderScreenshot({ lines: german }), ['eng']);
    expect(result.engine).toBe('tesseract');
    expect(result.language).toBe('deu');
    expect(result.text).toContain('Straßenbahn');
    expect(characterErrorRate(german, result.text)).toBeLessThan(0.03);
  });

  it('finds no text in a photo without text', async () => {
    const result = await reader.read(await renderNoTextImage(), ['eng']);
    expect(hasEnoughText(result.text, result.confidence)).toBe(false);
  });
});
