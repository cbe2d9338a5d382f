import { describe, expect, it } from 'vitest';
import { copyText, decideTitleSave, looksLikeCode, type NoteContent } from './note-text.js';

const notes: (NoteContent & { id: number })[] = [
  {
    id: 1,
    title: 'Photosynthesis',
    keyPoints: ['Chlorophyll absorbs light', 'Produces oxygen'],
    detailedSummary: 'Plants turn light into sugar.',
    originalText: 'THYLAKOID membranes',
  },
  {
    id: 2,
    title: 'French Revolution',
    keyPoints: ['Began in 1789'],
    detailedSummary: 'Monarchy abolished.',
    originalText: 'Storming of the Bastille',
  },
];

describe('copyText', () => {
  it('joins the title and key points with newlines for Key Ideas', () => {
    expect(copyText(notes[0]!, 'keyIdeas')).toBe('Photosynthesis\nChlorophyll absorbs light\nProduces oxygen');
  });
  it('copies the detailed summary and the original text as they are', () => {
    expect(copyText(notes[1]!, 'detailed')).toBe('Monarchy abolished.');
    expect(copyText(notes[1]!, 'original')).toBe('Storming of the Bastille');
  });
  it('copies a Markdown summary verbatim: tables, lists and fenced code as written', () => {
    const detailedSummary = '- Coffee: $4\n\n| Item | Price |\n| --- | ---: |\n| Tea | 3 |\n\n```py\nprint(1)\n```';
    expect(copyText({ ...notes[0]!, detailedSummary }, 'detailed')).toBe(detailedSummary);
  });
});

describe('decideTitleSave', () => {
  it('saves a changed title, trimmed', () => {
    expect(decideTitleSave('Old', '  New title ')).toEqual({ action: 'save', title: 'New title' });
  });
  it('reverts an empty title and makes no call for an unchanged one', () => {
    expect(decideTitleSave('Old', '   ')).toEqual({ action: 'revert' });
    expect(decideTitleSave('Old', ' Old ')).toEqual({ action: 'none' });
  });
});

describe('looksLikeCode', () => {
  it('is false for prose, lists and empty text', () => {
    expect(looksLikeCode('')).toBe(false);
    expect(looksLikeCode('   \n\n')).toBe(false);
    expect(looksLikeCode('Photosynthesis converts light into chemical energy.\nIt happens in the chloroplasts.')).toBe(
      false,
    );
    expect(looksLikeCode('Shopping list\n- eggs\n- flour\n- milk')).toBe(false);
    // A couple of semicolons in a long text are prose.
    const prose = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} of a long lecture.`);
    prose[3] = 'First clause; second clause;';
    prose[9] = 'Another list item;';
    prose[15] = 'And one more;';
    expect(looksLikeCode(prose.join('\n'))).toBe(false);
    // Two indented lines are not enough.
    expect(looksLikeCode('Steps:\n  mix the flour\n  add the eggs\nBake for an hour.')).toBe(false);
  });

  it('is true for a line with a TAB (a table)', () => {
    expect(looksLikeCode('Name\tQty\nApples\t3')).toBe(true);
    expect(looksLikeCode('Totals for March\nRevenue\t1,200')).toBe(true);
  });

  it('is true for three or more indented lines', () => {
    expect(looksLikeCode('def area(r):\n    pi = 3.14\n    sq = r * r\n    return pi * sq')).toBe(true);
    expect(looksLikeCode('Menu\n  Soup\n  Bread\n  Cake')).toBe(true);
  });

  it('is true for code punctuation on several lines', () => {
    expect(looksLikeCode('function add(a, b) {\nreturn a + b;\n}')).toBe(true);
    expect(looksLikeCode('const double = (x) => x * 2;\nconst inc = (x) => x + 1;\nconsole.log(double(inc(1)));')).toBe(
      true,
    );
    expect(looksLikeCode('body {\ncolor: red;\n}\r\n')).toBe(true);
    // On only two lines it is not enough.
    expect(looksLikeCode('x = 1;\ny = 2;\nThat is all.')).toBe(false);
  });
});
