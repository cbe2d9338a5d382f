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

  it('restores a bullet OCR did not see, between two items, and nothing that only sits among them', () => {
    // As read from a slide: the second bullet's "•" was lost; its text starts where the others' text starts.
    const at = (text: string, box: PageBox): PageLine => ({ text, confidence: 90, box });
    const slide = [
      at('• Offline mode for the mobile app', [91, 189, 688, 25]),
      null,
      at('Search results load in under 300 ms', [116, 241, 591, 25]),
      null,
      at('• Shared notebooks now support comments', [91, 294, 625, 25]),
      null,
      at('• Support backlog down from 410 tickets to 36', [91, 346, 512, 25]),
    ];
    expect(blocksOf(slide, null).map((b) => [b.kind, b.text, b.kind === 'list-item' ? b.marker : ''])).toEqual([
      ['list-item', 'Offline mode for the mobile app', '•'],
      ['list-item', 'Search results load in under 300 ms', '•'],
      ['list-item', 'Shared notebooks now support comments', '•'],
      ['list-item', 'Support backlog down from 410 tickets to 36', '•'],
    ]);
    // A note indented under an item, a line at another pitch, one of another height, a numbered list: kept as read.
    const variants: Array<[string, PageLine]> = [
      ['indented further', at('see the release notes', [200, 241, 300, 25])],
      ['closer to the item above', at('Search results load in under 300 ms', [116, 222, 591, 25])],
      ['another height', at('Search results load in under 300 ms', [116, 236, 591, 40])],
    ];
    for (const [why, middle] of variants) {
      const kinds = blocksOf([slide[0]!, null, middle, null, slide[4]!], null).map((b) => b.kind);
      expect(kinds, why).toEqual(['list-item', 'paragraph', 'list-item']);
    }
    const numbered = blocksOf(
      [
        at('1. Offline mode', [91, 189, 300, 25]),
        null,
        at('Search', [116, 241, 300, 25]),
        null,
        at('3. Notebooks', [91, 294, 300, 25]),
      ],
      null,
    );
    expect(numbered.map((b) => b.kind)).toEqual(['list-item', 'paragraph', 'list-item']);
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

describe('blocksOf: a phone chat', () => {
  // A 780 px wide chat screen as OCR reads it: the status bar, the contact, a day, bubbles on both sides (one's own
  // on the right), a group member's name above her bubble, a time below a bubble, the box to type in.
  const at = (text: string, left: number, top: number, width: number, height = 30): PageLine => ({
    text,
    confidence: 92,
    box: [left, top, width, height],
  });
  const chat: (PageLine | null)[] = [
    at('5:03', 66, 40, 80),
    at('all = 17%', 498, 40, 163),
    null,
    at('Book club', 300, 150, 160),
    at('Today 4:32 PM', 296, 262, 186, 26),
    null,
    at('Reminder: book club is at my', 259, 340, 423),
    at('place on Monday at 7!', 259, 382, 330),
    at('5:16 PM', 600, 426, 90, 19),
    at('Maya', 55, 500, 70, 19),
    at('I am only halfway through the', 55, 530, 440),
    null,
    at('novel, is that okay?', 55, 572, 300),
    at('Totally fine, we will try not to', 257, 660, 430),
    at('spoil the ending.', 257, 702, 260),
    at('iMessage', 61, 1590, 145),
  ];

  it('makes each bubble one message with its side, and the name above a bubble its sender', () => {
    const messages = blocksOf(chat, null).filter((b) => b.kind === 'chat-message');
    expect(messages.map((m) => [m.side, m.text, m.sender])).toEqual([
      ['right', 'Reminder: book club is at my\nplace on Monday at 7!', undefined],
      ['left', 'I am only halfway through the\nnovel, is that okay?', 'Maya'],
      ['right', 'Totally fine, we will try not to\nspoil the ending.', undefined],
    ]);
  });

  it('keeps the header, the times and the box to type in out of the messages', () => {
    const others = blocksOf(chat, null).filter((b) => b.kind !== 'chat-message');
    expect(others.map((b) => b.text)).toEqual(['5:03\nall = 17%', 'Book club\nToday 4:32 PM', '5:16 PM', 'iMessage']);
  });

  it('finds no chat in two columns of text, which keep to two edges side by side', () => {
    const columns: PageLine[] = [];
    for (let k = 0; k < 6; k++) columns.push(at(`Left column line ${k} of running text here`, 40, 100 + 40 * k, 330));
    for (let k = 0; k < 6; k++) columns.push(at(`Right column line ${k} of running text here`, 410, 100 + 40 * k, 330));
    expect(blocksOf(columns, null).some((b) => b.kind === 'chat-message')).toBe(false);
  });
});
