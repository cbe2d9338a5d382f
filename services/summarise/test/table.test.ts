/**
 * Tables, spreadsheets and statements (local/table.ts, one model read from the page's rows): what the table is
 * about, its size, its grand total, its largest and smallest rows, the trend across its columns, and the table
 * itself in Markdown — from cells as OCR hands them over (ragged rows too) and from plain text alike.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { rowsOfBlocks, rowsOfText } from '../src/local/rows.js';
import { completeSeries, figureOf, findTable } from '../src/local/table.js';
import { recordingLogger } from './logger.js';

const box = [0, 0, 10, 10] as [number, number, number, number];
const row = (...cells: string[]): PageBlock => ({
  kind: 'table-row',
  text: cells.join('\t'),
  cells,
  confidence: 94,
  box,
});

describe('a table', () => {
  it('is found under its header row, with its label column and figure columns', () => {
    const table = findTable(
      rowsOfText(
        'Quarterly sales\nRegion Q1 Q2 Q3 Q4 Total\nNorth 120 130 128 150 528\nSouth 98 102 110 121 431\nEast 143 139 147 162 591',
      ),
    );
    expect(table?.headers).toEqual(['Region', 'Q1', 'Q2', 'Q3', 'Q4', 'Total']);
    expect(table?.rows.map((r) => r[table.label])).toEqual(['North', 'South', 'East']);
    expect(table?.rows[0]?.slice(1).map(figureOf)).toEqual([120, 130, 128, 150, 528]);
    expect(table?.figures).toEqual([1, 2, 3, 4, 5]);
  });

  it("gives a numbered series' header the number OCR lost, and leaves a lone word as read", () => {
    const rows = [
      row('Mountain', '18,240', '24,419', '18,206', '13,395', '74,260'),
      row('Midwest', '9,086', '30,739', '25,803', '33,782', '99,410'),
      row('Nordics', '15,869', '22,504', '36,144', '27,729', '102,246'),
    ];
    const first = findTable(rowsOfBlocks([row('Region', 'Q', 'Q2', 'Q3', 'Q4', 'Total'), ...rows]));
    expect(first?.headers).toEqual(['Region', 'Q1', 'Q2', 'Q3', 'Q4', 'Total']);
    const last = findTable(rowsOfBlocks([row('Region', 'Week 1', 'Week 2', 'Week 3', 'Week', 'Total'), ...rows]));
    expect(last?.headers).toEqual(['Region', 'Week 1', 'Week 2', 'Week 3', 'Week 4', 'Total']);
    expect(completeSeries(['Item', 'Q', 'Q2', 'Price'])).toEqual(['Item', 'Q', 'Q2', 'Price']);
    expect(completeSeries(['Name', 'Q', 'Q3', 'Q5'])).toEqual(['Name', 'Q', 'Q3', 'Q5']);
  });

  it('needs three rows with the same number of figures: two priced lines are no table', () => {
    expect(findTable(rowsOfText('Coffee 3.20\nCake 4.10'))).toBeNull();
  });

  it('reads figures written in several ways', () => {
    const table = findTable(rowsOfText('Item A B\nOne 1,234.50 (12)\nTwo 1.234,50 -3\nThree 12% €1,200'));
    expect(table?.rows.map((r) => r.slice(1).map(figureOf))).toEqual([
      [1234.5, -12],
      [1234.5, -3],
      [12, 1200],
    ]);
  });
});

describe('the note of a table', () => {
  it('names what it is about with its columns, and states its size, total, extremes and trend', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    // A spreadsheet as PP-OCRv4 hands it over: cells apart, the caption a paragraph above.
    const blocks: PageBlock[] = [
      { kind: 'paragraph', text: 'Quarterly sales by region', confidence: 96, box },
      row('Region', 'Q1', 'Q2', 'Q3', 'Q4', 'Total'),
      row('North', '120,400', '131,900', '128,300', '150,200', '530,800'),
      row('South', '98,700', '102,100', '110,600', '121,000', '432,400'),
      row('East', '143,500', '139,800', '147,200', '162,900', '593,400'),
      row('West', '87,300', '91,200', '95,800', '104,100', '378,400'),
      row('Total', '449,900', '465,000', '481,900', '538,200', '1,935,000'),
    ];
    const d = await local.summarise({
      pages: [{ fileName: 'sheet.png', text: blocks.map((b) => b.text.replace(/\t/g, ' ')).join('\n'), blocks }],
      premium: false,
      language: 'eng',
    });
    expect(d.title).toBe('Quarterly sales by region, Q1–Q4');
    expect(d.keyPoints).toEqual([
      '4 rows (region) × 5 columns: Q1, Q2, Q3, Q4 and Total',
      'Grand total: 1,935,000',
      'Largest total: East (593,400); smallest: West (378,400)',
      'From Q1 to Q4: 449,900 → 538,200 (up 19.6%)',
    ]);
    expect(d.detailedSummary).toContain('| Region | Q1 | Q2 | Q3 | Q4 | Total |');
    expect(d.detailedSummary).toContain('| East | 143,500 | 139,800 | 147,200 | 162,900 | 593,400 |');
  });
});

describe('a table with columns of words (its cells as OCR hands them over)', () => {
  const note = async (blocks: PageBlock[]) => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    return local.summarise({
      pages: [{ fileName: 't.png', text: blocks.map((b) => b.text.replace(/\t/g, ' ')).join('\n'), blocks }],
      premium: false,
      language: 'eng',
    });
  };

  it('a statement: its closing and opening balance, its largest and smallest amounts, empty cells in place', async () => {
    const d = await note([
      { kind: 'heading', text: 'Current account statement', confidence: 96, box },
      row('Date', 'Description', 'Amount', 'Balance'),
      row('01 Mar', 'Opening balance', '', '2,140.35'),
      row('01 Mar', 'Rent - Oakwood Lettings', '-950.00', '1,190.35'),
      row('03 Mar', 'Salary - Acme Logistics Ltd', '+2,480.00', '3,670.35'),
      row('05 Mar', 'Tesco Stores 2241', '-64.18', '3,606.17'),
      row('31 Mar', 'Closing balance', '', '3,606.17'),
    ]);
    expect(d.title).toBe('Current account statement');
    expect(d.keyPoints).toContain('Closing balance: 3,606.17 (opening: 2,140.35)');
    expect(d.keyPoints).toContain(
      'Largest amount: Salary - Acme Logistics Ltd (+2,480.00); smallest: Rent - Oakwood Lettings (-950.00)',
    );
    expect(d.detailedSummary).toContain('| 01 Mar | Opening balance |  | 2,140.35 |');
  });

  it('a stock list: its total row named in another column, the largest row by its main column', async () => {
    const d = await note([
      { kind: 'paragraph', text: 'Warehouse stock - week 12', confidence: 96, box },
      row('SKU', 'Product', 'On hand', 'Status'),
      row('A-104', 'Trail running shoe', '340', 'OK'),
      row('B-415', 'Hiking sock 3-pack', '1,204', 'OK'),
      row('C-022', 'Headlamp 300 lm', '46', 'Reorder'),
      row('Total', '', '1,590', ''),
    ]);
    expect(d.title).toBe('Warehouse stock - week 12');
    expect(d.keyPoints).toContain('Total on hand: 1,590');
    expect(d.keyPoints).toContain('Largest on hand: Hiking sock 3-pack (1,204); smallest: Headlamp 300 lm (46)');
  });
});

describe('rows of words alone', () => {
  it('an inbox (sender, subject, time) is a list, not a table', () => {
    const inbox: PageBlock[] = [
      row('Jordan Lee', 'Quarterly planning - Can we move the review?', '9:14 AM'),
      row('GitHub', 'Your pull request was merged', '8:02 AM'),
      row('Amelia Ortiz', 'Lunch on Friday? - The new ramen place opened', 'Mar 4'),
      row('City Library', 'Your books are due soon', 'Mar 3'),
    ];
    expect(findTable(rowsOfBlocks(inbox))).toBeNull();
  });
});

describe('a ragged table (a table of results as OCR reads it)', () => {
  // Rows missing a cell, ranges and spreads in the cells, a wrapped cell going on on the next line, a section row.
  const blocks: PageBlock[] = [
    row('Group', 'Dose (mg)', 'Response (%)', 'Range', 'p value'),
    row('Placebo', '0', '12.5', '8 – 17'),
    row('Low dose with a', '10', '24.0 ± 3.1', '18 – 30', '0.04'),
    { kind: 'paragraph', text: 'loading phase', confidence: 90, box },
    row('High dose', '20', '31.2 ± 2.8', '25 – 38', '< 0.001'),
    { kind: 'paragraph', text: 'Follow-up', confidence: 90, box },
    row('Low dose', '10', '22.1', '0.06'),
    row('High dose', '20', '29.9 ± 4.0', '21 – 36', '0.002'),
  ];

  it('is one table: its header, every row (the wrapped cell joined), the rows padded to its width', () => {
    const table = findTable(rowsOfBlocks(blocks));
    expect(table?.headers).toEqual(['Group', 'Dose (mg)', 'Response (%)', 'Range', 'p value']);
    expect(table?.rows.map((r) => r[0])).toEqual([
      'Placebo',
      'Low dose with a loading phase',
      'High dose',
      'Follow-up',
      'Low dose',
      'High dose',
    ]);
    expect(table?.rows.every((r) => r.length === 5)).toBe(true);
  });

  it('gets a note with its size and its Markdown table under its header', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const d = await local.summarise({
      pages: [{ fileName: 't.png', text: blocks.map((b) => b.text.replace(/\t/g, ' ')).join('\n'), blocks }],
      premium: false,
      language: 'eng',
    });
    expect(d.keyPoints[0]).toMatch(/^6 rows \(group\) × 4 columns: Dose \(mg\), Response/);
    expect(d.detailedSummary).toContain('| Group | Dose (mg) | Response (%) | Range | p value |');
    expect(d.detailedSummary).toContain('| Low dose | 10 | 22.1 | 0.06 |  |');
  });

  it('joins a header over two rows cell by cell, and keeps a section row OCR read as a label and value', () => {
    const pair = (label: string, value: string): PageBlock => ({
      kind: 'label-value',
      text: `${label}: ${value}`,
      label,
      value,
      confidence: 90,
      box,
    });
    const table = findTable(
      rowsOfBlocks([
        row('Change relative', 'Direction of', 'Chromosome'),
        row('to controls', 'regulation', 'arm'),
        pair('Cohort A', 'mean (SD)'),
        row('miR-1181', '2.13', 'up', '19'),
        row('miR-125a', '5.04 (0.3)', 'up', '19'),
        pair('Cohort B', 'mean (SD)'),
        row('miR-21', '2.82', 'down', '17'),
        row('miR-939', '2.59 (0.2)', 'up', '8'),
      ]),
    );
    // The label column has no header: the header stands over the columns of figures.
    expect(table?.headers).toEqual(['', 'Change relative to controls', 'Direction of regulation', 'Chromosome arm']);
    expect(table?.rows.map((r) => r[0])).toEqual([
      'Cohort A: mean (SD)',
      'miR-1181',
      'miR-125a',
      'Cohort B: mean (SD)',
      'miR-21',
      'miR-939',
    ]);
  });

  it('is not made of a form: label–value pairs and lines of words are no table', () => {
    const pair = (label: string, value: string): PageBlock => ({
      kind: 'label-value',
      text: `${label}: ${value}`,
      label,
      value,
      confidence: 90,
      box,
    });
    const memo: PageBlock[] = [
      pair('To', 'Joe Leinster'),
      pair('From', 'Joyce Bagby'),
      pair('Date', 'September 10, 1996'),
      row('Karen Gidens', 'Vanessa Oakley'),
      { kind: 'paragraph', text: 'Please call the stores listed below before the preview.', confidence: 90, box },
      row('Drew Huyet', 'Melissa Andrews - TBM'),
    ];
    expect(findTable(rowsOfBlocks(memo))).toBeNull();
  });
});
