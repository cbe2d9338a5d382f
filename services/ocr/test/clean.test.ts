import { describe, expect, it } from 'vitest';
import { cleanOcrLines, cleanPlainOcrText } from '../src/clean.js';
import { linesFromTsv, type OcrLine } from '../src/tesseract-lines.js';

function line(...words: [string, number][]): OcrLine {
  const ws = words.map(([text, confidence]) => ({ text, confidence }));
  return {
    text: ws.map((w) => w.text).join(' '),
    words: ws,
    confidence: ws.reduce((a, w) => a + w.confidence, 0) / ws.length,
    height: 19,
  };
}
const paragraphBreak: OcrLine = { text: '', words: [], confidence: 100, height: 0 };

describe('cleanOcrLines', () => {
  it('drops garbage read from icons and keeps real lines', () => {
    const out = cleanOcrLines([
      line(['LICK', 48], ['J', 51]),
      line(['eooe0', 0]),
      line(['Lecture', 97], ['7:', 96], ['Cellular', 96], ['Respiration', 97]),
    ]);
    expect(out.text).toBe('Lecture 7: Cellular Respiration');
    expect(out.droppedLines).toBe(2);
    expect(out.keptLines).toBe(1);
    expect(out.confidence).toBeCloseTo(96.5, 1);
  });

  it('trims specks at the edges of a line but keeps badly read real words', () => {
    const out = cleanOcrLines([
      line(['FADH2', 24], ['and', 96], ['one', 96], ['ATP.', 96], ['8', 0]),
      line(['Exam', 97], ['tip:', 97], ['it', 97], [';', 49], [':', 33]),
      line(['Read', 4], ['produces.', 97]),
    ]);
    expect(out.text).toBe('FADH2 and one ATP.\nExam tip: it\nproduces.');
  });

  it('keeps well-read punctuation lines such as a closing brace, and paragraph breaks', () => {
    const out = cleanOcrLines([
      line(['if', 92], ['(x)', 92], ['{', 90]),
      paragraphBreak,
      line(['}', 86]),
      line(['~', 30]),
    ]);
    expect(out.text).toBe('if (x) {\n\n}');
  });

  it('reads a lone "|" before a lowercase word as "I", but leaves tables alone', () => {
    const out = cleanOcrLines([
      line(['Sure,', 93], ['and', 94], ['|', 61], ['will', 90], ['print', 90]),
      line(['a', 90], ['|', 90], ['b', 90], ['|', 90], ['c', 90]),
    ]);
    expect(out.text).toBe('Sure, and I will print\na | b | c');
  });

  it('returns empty text and zero confidence when nothing is kept', () => {
    expect(cleanOcrLines([line(['-e', 0]), line(['1', 10])])).toMatchObject({ text: '', confidence: 0, keptLines: 0 });
  });
});

/** A line of words with boxes: [text, confidence, left, width, height]; words are 15 px high unless given. */
function boxed(...words: [string, number, number, number, number?][]): OcrLine {
  const ws = words.map(([text, confidence, left, width, height = 15]) => ({
    text,
    confidence,
    left,
    width,
    height,
    top: 100,
  }));
  return {
    text: ws.map((w) => w.text).join(' '),
    words: ws,
    confidence: ws.reduce((a, w) => a + w.confidence, 0) / ws.length,
    height: 19,
    left: ws[0]!.left,
    top: 100,
    width: 400,
  };
}

describe('cleanOcrLines on screenshots (word boxes)', () => {
  it('writes list bullets read as symbols or letters as "•", even at confidence 0', () => {
    const out = cleanOcrLines([
      boxed(['«', 74, 10, 6, 6], ['Use', 93, 26, 30], ['ETag', 93, 62, 36]),
      boxed(['e', 40, 10, 6, 7], ['Never', 95, 26, 46], ['cache', 96, 78, 42]),
      boxed(['»', 0, 10, 6, 6], ['Invalidate', 88, 26, 70], ['it', 97, 102, 10]),
      boxed(['*', 60, 10, 7], ['Plain', 96, 24, 36], ['star', 96, 66, 30]),
    ]);
    expect(out.text).toBe('• Use ETag\n• Never cache\n• Invalidate it\n• Plain star');
    // The bullets' own (low) confidences do not count.
    expect(out.confidence).toBeGreaterThan(90);
  });

  it('keeps a real word "e" and letters that are not set apart', () => {
    const out = cleanOcrLines([
      boxed(['e', 90, 10, 7, 8], ['is', 96, 21, 10], ['about', 96, 35, 40], ['2.718', 96, 79, 40]),
      boxed(['o', 90, 10, 7, 8], ['Nothing', 96, 19, 50]),
    ]);
    expect(out.text).toBe('e is about 2.718\no Nothing');
  });

  it('drops icons read as letters or symbols beside menu items and settings', () => {
    const out = cleanOcrLines([
      boxed(['O', 63, 10, 24, 24], ['Explore', 96, 50, 60, 18]),
      boxed(['Weekly', 97, 10, 50], ['summary', 95, 64, 62], ['©', 85, 600, 26, 15]),
      boxed(['«©', 85, 600, 40, 22]),
    ]);
    expect(out.text).toBe('Explore\nWeekly summary');
  });

  it('leaves code alone: short words, symbols, a pipe after a type', () => {
    const out = cleanOcrLines([
      boxed(
        ['if', 92, 10, 14],
        ['(values.length', 92, 40, 120],
        ['===', 94, 170, 30],
        ['0)', 91, 210, 16],
        ['{', 91, 236, 8],
      ),
      boxed(['value:', 92, 30, 50], ['T;', 91, 92, 14]),
      boxed(['get():', 92, 30, 50], ['T', 92, 90, 9], ['|', 97, 108, 4], ['undefined', 93, 121, 70]),
      boxed(['});', 80, 30, 24]),
    ]);
    expect(out.text).toBe('if (values.length === 0) {\nvalue: T;\nget(): T | undefined\n});');
  });

  it('reads a lone "|" as "I" after a sentence or a lower-case word', () => {
    const out = cleanOcrLines([
      boxed(['Great.', 93, 10, 40], ['|', 93, 56, 4], ['still', 94, 66, 30], ['need', 95, 100, 34]),
    ]);
    expect(out.text).toBe('Great. I still need');
  });

  it('drops garbage read from pictures: single letters and symbols, symbol-only lines', () => {
    const out = cleanOcrLines([
      boxed(['\\', 93, 10, 10], ['|', 50, 30, 4], ['L', 51, 40, 9], ['A', 62, 60, 10], ['A', 93, 80, 10]),
      boxed(['«©', 85, 10, 30]),
      boxed(['Real', 96, 10, 30], ['text', 96, 46, 30]),
    ]);
    expect(out.text).toBe('Real text');
    expect(out.droppedLines).toBe(2);
  });

  it("strips a code editor's line numbers", () => {
    const out = cleanOcrLines([
      boxed(['1', 91, 10, 8], ['//', 89, 40, 14], ['comment', 96, 60, 60]),
      boxed(['2', 91, 10, 8], ['export', 91, 40, 50], ['{', 93, 96, 8]),
      boxed(['3', 97, 10, 8]),
      boxed(['4', 74, 10, 8], ['}', 74, 40, 8]),
    ]);
    expect(out.text).toBe('// comment\nexport {\n\n}');
  });
});

describe('cleanPlainOcrText (engines without word confidences)', () => {
  it('drops symbol-only lines, keeps code braces, collapses blank runs', () => {
    expect(cleanPlainOcrText('  Title  \n~~ —\n\n\n\nBody text\n}\n')).toBe('Title\n\nBody text\n}');
  });
});

describe('linesFromTsv', () => {
  it('rebuilds lines with word confidences, heights and paragraph breaks', () => {
    const row = (cols: (string | number)[]) => cols.join('\t');
    const tsv = [
      row([1, 1, 0, 0, 0, 0, 0, 0, 1280, 800, -1, '']),
      row([4, 1, 1, 1, 1, 0, 100, 90, 400, 19, -1, '']),
      row([5, 1, 1, 1, 1, 1, 100, 90, 80, 19, 96.5, 'Hello']),
      row([5, 1, 1, 1, 1, 2, 190, 90, 80, 19, 93.1, 'world']),
      row([4, 1, 1, 2, 1, 0, 100, 150, 400, 21, -1, '']),
      row([5, 1, 1, 2, 1, 1, 100, 150, 80, 21, 90, 'Next']),
      row([5, 1, 1, 2, 1, 2, 100, 150, 80, 21, 12, ' ']),
    ].join('\n');
    const lines = linesFromTsv(tsv);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', '', 'Next']);
    expect(lines[0]).toMatchObject({
      height: 19,
      words: [
        { text: 'Hello', confidence: 96.5 },
        { text: 'world', confidence: 93.1 },
      ],
    });
    expect(lines[0]!.confidence).toBeCloseTo(94.8, 1);
    expect(lines[2]!.height).toBe(21);
  });
});
