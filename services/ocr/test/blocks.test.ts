import type { PageBox } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { blocksOf, looksLikeCode, type PageLine } from '../src/blocks.js';

let y = 0;
const line = (text: string, confidence = 90): PageLine => {
  y += 30;
  const box: PageBox = [20, y, 10 * text.length, 22];
  return { text, confidence, box };
};

describe('blocksOf: the page structure OCR hands over', () => {
  it('tells a heading, paragraphs, list items, label–value pairs and table rows apart, in reading order', () => {
    const blocks = blocksOf(
      [
        line('Quarterly review'),
        line('Sales grew in every region this quarter, led by'),
        line('the north, where two new stores opened.'),
        null,
        line('• Hire two engineers'),
        line('2. Close the Berlin office'),
        line('Date: 9/3/92'),
        line('Region\tQ1\tQ2'),
        line('North\t1,204\t3,400'),
      ],
      'Quarterly review',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'list-item',
      'list-item',
      'label-value',
      'table-row',
      'table-row',
    ]);
    const [heading, paragraph, bullet, numbered, pair, header, row] = blocks;
    expect(heading!.text).toBe('Quarterly review');
    expect(paragraph!.text).toBe(
      'Sales grew in every region this quarter, led by\nthe north, where two new stores opened.',
    );
    // The paragraph's box covers both of its lines.
    expect(paragraph!.box[3]).toBeGreaterThanOrEqual(30 + 22);
    expect(bullet).toMatchObject({ marker: '•', text: 'Hire two engineers' });
    expect(numbered).toMatchObject({ marker: '2.', text: 'Close the Berlin office' });
    expect(pair).toMatchObject({ label: 'Date', value: '9/3/92' });
    expect(header).toMatchObject({ cells: ['Region', 'Q1', 'Q2'] });
    expect(row).toMatchObject({ cells: ['North', '1,204', '3,400'] });
  });

  it('joins a heading that wraps onto a second line into one heading block', () => {
    const blocks = blocksOf(
      [line('Photosynthesis: the light'), line('reactions'), line('Chlorophyll absorbs light.')],
      'Photosynthesis: the light reactions',
    );
    expect(blocks.map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Photosynthesis: the light reactions'],
      ['paragraph', 'Chlorophyll absorbs light.'],
    ]);
  });

  it('keeps a time or a URL out of label–value pairs', () => {
    const kinds = blocksOf([line('Meeting moved to 09:30 tomorrow'), line('https://example.com/a')], null).map(
      (b) => b.kind,
    );
    expect(kinds).toEqual(['paragraph']);
  });

  it('reads a page of code as code lines, each with its indentation', () => {
    const code = [
      'def total(rows):',
      '    amount = 0',
      '    for row in rows:',
      '        amount += row.price',
      '    return amount',
    ];
    expect(looksLikeCode(code.join('\n'))).toBe(true);
    const blocks = blocksOf(
      code.map((t) => line(t)),
      null,
    );
    expect(blocks.every((b) => b.kind === 'code-line')).toBe(true);
    expect(blocks.map((b) => (b.kind === 'code-line' ? b.indent : -1))).toEqual([0, 4, 4, 8, 4]);
  });

  it('does not take prose for code', () => {
    expect(looksLikeCode('The meeting is on Monday.\nPlease bring the report.\nWe start at ten.')).toBe(false);
  });
});
