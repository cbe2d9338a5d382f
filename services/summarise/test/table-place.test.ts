/**
 * Ragged tables as OCR reads them (local/table-place.ts, local/table-figures.ts): rows with a cell missing placed
 * in their columns by where the row stands, two figures read as one split again, and the figures read over the
 * rows that have them, naming those that do not. Boxes are in pixels of the scanned page, as OCR hands them over.
 */
import type { PageBlock, PageBox } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { rowsOfBlocks } from '../src/local/rows.js';
import { findTable } from '../src/local/table.js';
import { placeRow, splitMerged, tableEdges } from '../src/local/table-place.js';
import { recordingLogger } from './logger.js';

const row = (box: PageBox, ...cells: string[]): PageBlock => ({
  kind: 'table-row',
  text: cells.join('\t'),
  cells,
  confidence: 91,
  box,
});

describe('a ragged row placed by its box', () => {
  // An odds-ratio table: a variable's row spans the table (its p value at the right), its reference level has the
  // odds ratio only (the row ends early), the other levels have the confidence interval too.
  const blocks: PageBlock[] = [
    row([10, 10, 280, 12], 'Variable', 'Odds ratio', '95% CI', 'p value'),
    row([10, 30, 280, 12], 'Type of surgery', '0.42'),
    row([18, 46, 150, 12], 'Anterior resection', '1.000'),
    row([18, 62, 230, 12], 'Abdominoperineal resection', '1.12', '0.92-1.37'),
    row([10, 78, 280, 12], 'Tumour location', '0.61'),
    row([18, 94, 150, 12], 'Upper rectum', '1.000'),
    row([18, 110, 230, 12], 'Middle rectum', '1.27', '0.38-4.13'),
    row([18, 126, 230, 12], 'Lower rectum', '1.16', '0.42-7.03'),
  ];

  it('keeps each cell in its column: a p value at the right edge, an odds ratio alone in its own column', () => {
    const table = findTable(rowsOfBlocks(blocks));
    expect(table?.headers).toEqual(['Variable', 'Odds ratio', '95% CI', 'p value']);
    expect(table?.rows[0]).toEqual(['Type of surgery', '', '', '0.42']);
    expect(table?.rows[1]).toEqual(['Anterior resection', '1.000', '', '']);
    expect(table?.rows[2]).toEqual(['Abdominoperineal resection', '1.12', '0.92-1.37', '']);
  });

  it('places by the edges only when the rows stand one below another', () => {
    const dummy: PageBox = [0, 0, 10, 10];
    expect(
      tableEdges([
        { box: dummy, whole: true },
        { box: dummy, whole: false },
      ]),
    ).toBeNull();
    const edges = tableEdges([
      { box: [18, 62, 230, 12], whole: true },
      { box: [40, 94, 150, 12], whole: false },
      { box: [18, 110, 232, 12], whole: true },
    ]);
    expect(edges).toEqual({ left: 18, right: 248, line: 12 });
    // Starting right of the table's rows and ending with them: the first cell is missing.
    expect(placeRow(['577', '589', '1007'], 4, [112, 130, 136, 12], edges)).toEqual({
      cells: ['', '577', '589', '1007'],
      known: [true, true, true, true],
    });
    // At both edges with a cell missing between: the last cell is placed, which middle one is missing is not known.
    expect(placeRow(['Lower rectum', '1.16', '0.04'], 4, [18, 140, 230, 12], edges)).toEqual({
      cells: ['Lower rectum', '1.16', '', '0.04'],
      known: [true, false, false, true],
    });
  });

  it('splits two figures OCR read as one cell while the row is short, not a figure with its thousands apart', () => {
    expect(splitMerged(['Gaofen-3', '6.97 766', '13.87'], 4)).toEqual(['Gaofen-3', '6.97', '766', '13.87']);
    expect(splitMerged(['Total', '1 234'], 3)).toEqual(['Total', '1 234']);
    expect(splitMerged(['A', '1 2', '3 4'], 4)).toEqual(['A', '1', '2', '3 4']);
  });
});

describe('the figures of a ragged table', () => {
  const note = async (blocks: PageBlock[]) => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    return local.summarise({
      pages: [{ fileName: 'sales.png', text: blocks.map((b) => b.text.replace(/\t/g, ' ')).join('\n'), blocks }],
      premium: false,
      language: 'eng',
    });
  };

  it('totals and ranks the rows that have a value, and names the row that has none', async () => {
    const d = await note([
      { kind: 'paragraph', text: 'Store sales, March', confidence: 95, box: [40, 20, 200, 16] },
      row([40, 50, 520, 16], 'Store', 'Units', 'Sales'),
      row([40, 72, 520, 16], 'Leeds', '120', '2,400.00'),
      row([40, 94, 520, 16], 'York', '85', '1,700.00'),
      // The sales figure was not printed: the row ends under the units.
      row([40, 116, 330, 16], 'Hull', '40'),
      row([40, 138, 520, 16], 'Bradford', '150', '3,150.00'),
    ]);
    expect(d.keyPoints).toContain('Total sales: 7,250 (3 of 4 rows; no value for Hull)');
    expect(d.keyPoints).toContain('Largest sales: Bradford (3,150.00); smallest: York (1,700.00)');
    expect(d.detailedSummary).toContain('| Hull | 40 |  |');
  });

  it('states the trend over the rows that have every period, and says over how many', async () => {
    const d = await note([
      { kind: 'paragraph', text: 'Visitors by gallery', confidence: 95, box: [40, 20, 200, 16] },
      row([40, 50, 520, 16], 'Gallery', 'Q1', 'Q2', 'Q3', 'Q4'),
      row([40, 72, 520, 16], 'North', '100', '110', '120', '130'),
      row([40, 94, 520, 16], 'South', '200', '210', '220', '250'),
      row([40, 116, 520, 16], 'East', '50', '60', '70', '70'),
      // Q2 left blank: the row reaches both edges, so Q1 and Q4 are placed, the middle is not.
      row([40, 138, 520, 16], 'West', '80', '90', '95'),
    ]);
    expect(d.keyPoints).toContain('From Q1 to Q4 over 3 of 4 rows: 350 → 450 (up 28.6%)');
    expect(d.keyPoints).toContain('Largest q4: South (250); smallest: East (70)');
  });
});
