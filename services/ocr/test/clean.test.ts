import { describe, expect, it } from 'vitest';
import { cleanOcrLines, cleanOcrText } from '../src/clean.js';
import { linesFromTsv, type OcrLine } from '../src/engine.js';

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

describe('cleanOcrText (engines without word confidences)', () => {
  it('drops symbol-only lines, keeps code braces, collapses blank runs', () => {
    expect(cleanOcrText('  Title  \n~~ —\n\n\n\nBody text\n}\n')).toBe('Title\n\nBody text\n}');
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
