import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../src/tesseract-lines.js';
import { cleanOcrLines } from '../src/clean.js';
import {
  dropGutterNumbers,
  fontSizeOf,
  joinWords,
  monospaceCharWidth,
  renderBlock,
  CELL_GAP_EM,
} from '../src/structure.js';

/** Words laid out left to right: [text, left]; `charWidth` px per character, 20 px high (capitals: 15 px em 20). */
function mono(row: [string, number][], charWidth = 10, top = 0): OcrWord[] {
  return row.map(([text, col]) => ({
    text,
    confidence: 95,
    left: col * charWidth,
    width: [...text].length * charWidth - 1,
    top,
    height: 15,
  }));
}

/** A word's width in a proportional font of 20 px: narrow letters 0.28 em, wide 0.9, capitals 0.7, others 0.55. */
function propWidth(text: string, em = 20): number {
  let w = 0;
  for (const c of text) w += /[iljtfrI.,:;'!|]/.test(c) ? 0.28 : /[mwMW]/.test(c) ? 0.9 : /[A-Z]/.test(c) ? 0.7 : 0.55;
  return Math.round(w * em);
}

/** A line of proportional words set from `left` with word spaces of 6 px. */
function sentence(text: string, left = 0): OcrWord[] {
  let x = left;
  return text.split(' ').map((t) => {
    const word = { text: t, confidence: 95, left: x, width: propWidth(t), top: 0, height: 15 };
    x += word.width + 6;
    return word;
  });
}

/** Proportional words: [text, left, width]. */
function prop(row: [string, number, number][], height = 15): OcrWord[] {
  return row.map(([text, left, width]) => ({ text, confidence: 95, left, width, top: 0, height }));
}

describe('joinWords', () => {
  it('separates table cells by a TAB where the gap is a column gap, and words by a space', () => {
    // "North" is 15 px high with a capital: em ≈ 20 px; a word space of 5 px, a column gap of 60 px.
    const row = prop([
      ['North', 0, 50],
      ['West', 55, 40],
      ['1,204', 160, 45],
      ['3,400', 265, 45],
    ]);
    expect(joinWords(row)).toBe('North West\t1,204\t3,400');
  });

  it('keeps a gap just under the threshold as a space (justified prose)', () => {
    const em = fontSizeOf({ text: 'Hello', confidence: 90, height: 15 })!;
    const gap = Math.floor(CELL_GAP_EM * em) - 1;
    expect(
      joinWords(
        prop([
          ['Hello', 0, 40],
          ['world', 40 + gap, 40],
        ]),
      ),
    ).toBe('Hello world');
  });

  it('counts spaces by character width in monospace text', () => {
    expect(
      joinWords(
        mono([
          ['x', 0],
          ['=', 4],
          ['1', 6],
        ]),
        10,
      ),
    ).toBe('x   = 1');
  });

  it('joins words without boxes by single spaces', () => {
    expect(
      joinWords([
        { text: 'a', confidence: 90 },
        { text: 'b', confidence: 90 },
      ]),
    ).toBe('a b');
  });
});

describe('monospaceCharWidth', () => {
  it('finds the advance of a monospace block', () => {
    const lines = [
      mono([
        ['function', 0],
        ['total(items)', 9],
      ]),
      mono([
        ['const', 2],
        ['sum', 8],
        ['=', 12],
        ['items.reduce', 14],
      ]),
      mono([
        ['return', 2],
        ['illicit', 9],
        ['summary', 17],
      ]),
    ];
    expect(monospaceCharWidth(lines)).toBeCloseTo(10, 0);
  });

  it('is null for proportional text and for tables of figures', () => {
    const prose = [
      sentence('The little committee will finally meet tomorrow morning'),
      sentence('with illustrated summaries of common problems'),
    ];
    expect(monospaceCharWidth(prose)).toBeNull();
    const figures = [
      mono([
        ['1,204', 0],
        ['3,400', 10],
        ['5,600', 20],
      ]),
      mono([
        ['1,111', 0],
        ['2,222', 10],
      ]),
    ];
    expect(monospaceCharWidth(figures)).toBeNull();
  });
});

describe('dropGutterNumbers', () => {
  it('drops runs of three or more consecutive line numbers, blank lines between them allowed', () => {
    const lines = [
      mono([
        ['10', 0],
        ['a', 4],
      ]),
      mono([
        ['11', 0],
        ['b', 4],
      ]),
      [],
      mono([['12', 0]]),
      mono([
        ['13', 0],
        ['}', 4],
      ]),
    ];
    expect(dropGutterNumbers(lines).map((l) => l.map((w) => w.text).join(' '))).toEqual(['a', 'b', '', '', '}']);
  });

  it("keeps a table's numbered rows beside prose in a proportional font: a first column, not a gutter", () => {
    const row = (n: string, text: string) => [
      { text: n, confidence: 95, left: 0, width: 22, top: 0, height: 15 },
      ...(text ? sentence(text, 120) : []),
    ];
    const lines = [row('12', 'The Quick Brown Fox'), row('13', 'Jumped over the'), row('14', 'Lazy'), row('15', '')];
    expect(dropGutterNumbers(lines).map((l) => l.map((w) => w.text).join(' '))).toEqual([
      '12 The Quick Brown Fox',
      '13 Jumped over the',
      '14 Lazy',
      '15',
    ]);
    // The same numbers beside monospace code are an editor's gutter.
    const code = [
      mono([
        ['12', 0],
        ['const', 4],
        ['total', 10],
        ['=', 16],
      ]),
      mono([
        ['13', 0],
        ['items', 6],
        ['.reduce(sum);', 12],
      ]),
      mono([
        ['14', 0],
        ['return', 4],
        ['total;', 11],
      ]),
    ];
    expect(dropGutterNumbers(code).map((l) => l[0]!.text)).toEqual(['const', 'items', 'return']);
  });

  it('counts a line the cleaning dropped (a blank code line read badly) as a numbered line', () => {
    const text = (rows: (OcrWord[] | null)[]) => dropGutterNumbers(rows).map((l) => l.map((w) => w.text).join(' '));
    expect(
      text([
        mono([
          ['1', 0],
          ['use', 4],
        ]),
        null,
        mono([
          ['3', 0],
          ['#[derive]', 4],
        ]),
        mono([
          ['4', 0],
          ['pub', 4],
        ]),
      ]),
    ).toEqual(['use', '', '#[derive]', 'pub']);
  });

  it('keeps a run going over one line whose number was glued to its code or misread', () => {
    const text = (rows: (OcrWord[] | null)[]) => dropGutterNumbers(rows).map((l) => l.map((w) => w.text).join(' '));
    const rows = [
      mono([
        ['1', 0],
        ['use', 4],
      ]),
      mono([['2', 0]]),
      mono([['3#[derive]', 0]]),
      mono([
        ['4', 0],
        ['pub', 4],
      ]),
      mono([
        ['5', 0],
        ['}', 4],
      ]),
    ];
    expect(text(rows)).toEqual(['use', '', '#[derive]', 'pub', '}']);
  });

  it('separates the columns of monospace text (a receipt) by a TAB, and keeps short gaps as spaces', () => {
    expect(
      joinWords(
        mono([
          ['Dish', 0],
          ['Soap', 5],
          ['9.96', 24],
        ]),
        10,
      ),
    ).toBe('Dish Soap\t9.96');
    expect(
      joinWords(
        mono([
          ['ID', 0],
          ['int64', 6],
        ]),
        10,
      ),
    ).toBe('ID    int64'.replace('    ', '\t'));
    expect(
      joinWords(
        mono([
          ['ID', 0],
          ['int64', 4],
        ]),
        10,
      ),
    ).toBe('ID  int64');
  });

  it('leaves numbered lists and short runs alone', () => {
    const text = (rows: OcrWord[][]) => dropGutterNumbers(rows).map((l) => l.map((w) => w.text).join(' '));
    expect(
      text([
        mono([
          ['1', 0],
          ['apple', 2],
        ]),
        mono([
          ['3', 0],
          ['pears', 2],
        ]),
        mono([
          ['4', 0],
          ['plums', 2],
        ]),
      ]),
    ).toEqual(['1 apple', '3 pears', '4 plums']);
    expect(
      text([
        mono([
          ['1', 0],
          ['apple', 2],
        ]),
        mono([
          ['2', 0],
          ['pears', 2],
        ]),
      ]),
    ).toEqual(['1 apple', '2 pears']);
    expect(
      text([
        mono([
          ['1.', 0],
          ['Boil', 3],
        ]),
        mono([
          ['2.', 0],
          ['Fry', 3],
        ]),
        mono([
          ['3.', 0],
          ['Toss', 3],
        ]),
      ]),
    ).toEqual(['1. Boil', '2. Fry', '3. Toss']);
  });
});

describe('renderBlock', () => {
  it('keeps the indentation of code, measured from the leftmost line', () => {
    const code = [
      mono([
        ['def', 5],
        ['total(items):', 9],
      ]),
      mono([
        ['result', 9],
        ['=', 16],
        ['0', 18],
      ]),
      mono([
        ['for', 9],
        ['item', 13],
        ['in', 18],
        ['items:', 21],
      ]),
      mono([
        ['result', 13],
        ['+=', 20],
        ['item.price', 23],
      ]),
      mono([
        ['return', 9],
        ['result', 16],
      ]),
    ];
    expect(renderBlock(code)).toEqual([
      'def total(items):',
      '    result = 0',
      '    for item in items:',
      '        result += item.price',
      '    return result',
    ]);
  });

  it('does not indent proportional prose', () => {
    const prose = [
      sentence('Centred title of the little report', 100),
      sentence('Body text starts here with illustrated summaries'),
      sentence('of common problems and their solutions'),
    ];
    expect(renderBlock(prose)).toEqual([
      'Centred title of the little report',
      'Body text starts here with illustrated summaries',
      'of common problems and their solutions',
    ]);
  });
});

describe('cleanOcrLines keeps the structure', () => {
  const asLine = (words: OcrWord[]) => ({
    text: words.map((w) => w.text).join(' '),
    words,
    confidence: 95,
    height: 20,
    left: words[0]!.left,
    top: 0,
    width: 300,
  });

  it('strips a gutter and keeps the code indentation after it', () => {
    const lines = [
      mono([
        ['1', 0],
        ['if', 4],
        ['(ready)', 7],
        ['{', 15],
      ]),
      mono([
        ['2', 0],
        ['start(server);', 8],
      ]),
      mono([
        ['3', 0],
        ['listen(port,', 8],
        ['handler);', 21],
      ]),
      mono([
        ['4', 0],
        ['report(status,', 8],
        ['"listening");', 23],
      ]),
      mono([
        ['5', 0],
        ['}', 4],
      ]),
    ].map(asLine);
    expect(cleanOcrLines(lines).text).toBe(
      'if (ready) {\n    start(server);\n    listen(port, handler);\n    report(status, "listening");\n}',
    );
  });
});
