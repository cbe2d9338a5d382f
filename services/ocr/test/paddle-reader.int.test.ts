/**
 * OCR_ENGINE=paddle through the product's reader: PP-OCRv4 reads an English table into rows, and a German page goes
 * to tesseract with the German data (PP-OCRv4 has no ß or ö).
 */
import pino from 'pino';
import { renderScreenshot } from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcrReader, type OcrReader } from '../src/reader.js';

let reader: OcrReader;

beforeAll(async () => {
  reader = await startOcrReader({
    languages: ['eng', 'deu'],
    poolSize: 1,
    logger: pino({ level: 'warn' }),
    engine: 'paddle',
  });
});
afterAll(async () => {
  await reader?.close();
});

function table(): Promise<Buffer> {
  const rows = [
    ['Region', 'Q1', 'Q2'],
    ['North', '1,204', '3,400'],
    ['South', '2,310', '1,980'],
  ];
  const cells = rows
    .map((r, i) =>
      r
        .map(
          (c, j) => `<text x="${20 + j * 180}" y="${50 + i * 44}" font-family="DejaVu Sans" font-size="22">${c}</text>`,
        )
        .join(''),
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="200"><rect width="100%" height="100%" fill="#fff"/>${cells}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('OCR_ENGINE=paddle', () => {
  it('reads an English table into rows with TABs between cells', async () => {
    const result = await reader.read(await table(), ['eng']);
    expect(result.text.split('\n')).toEqual(['Region\tQ1\tQ2', 'North\t1,204\t3,400', 'South\t2,310\t1,980']);
    expect(result.language).toBe('eng');
  });

  it('sends a German page to tesseract with the German data', async () => {
    const german = [
      'Die Straßenbahn fährt heute wegen Bauarbeiten',
      'nicht über den Marktplatz. Bitte benutzen Sie',
      'die Umleitung über die Königstraße und grüßen',
    ];
    const result = await reader.read(await renderScreenshot({ lines: german }), ['eng']);
    expect(result.language).toBe('deu');
    expect(result.text).toContain('Straßenbahn');
    expect(characterErrorRate(german, result.text)).toBeLessThan(0.03);
  });
});
