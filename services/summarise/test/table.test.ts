/**
 * Tables, spreadsheets and statements (local/table.ts): what the table is about, its size, its grand total, its
 * largest and smallest rows, the trend across its columns, and the table itself in Markdown — from cells as OCR
 * hands them over and from plain text alike.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { rowsOfText } from '../src/local/rows.js';
import { findGrid } from '../src/local/grid.js';
import { findTable } from '../src/local/table.js';
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
    expect(table?.labelHeader).toBe('Region');
    expect(table?.headers).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Total']);
    expect(table?.rows.map((r) => r.label)).toEqual(['North', 'South', 'East']);
    expect(table?.rows[0]?.values).toEqual([120, 130, 128, 150, 528]);
  });

  it('needs three rows with the same number of figures: two priced lines are no table', () => {
    expect(findTable(rowsOfText('Coffee 3.20\nCake 4.10'))).toBeNull();
  });

  it('reads figures written in several ways', () => {
    const table = findTable(rowsOfText('Item A B\nOne 1,234.50 (12)\nTwo 1.234,50 -3\nThree 12% €1,200'));
    expect(table?.rows.map((r) => r.values)).toEqual([
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
    expect(findGrid(inbox)).toBeNull();
  });
});
