import { describe, expect, it } from 'vitest';
import { cleanOcrLines } from '../src/clean.js';
import type { OcrLine, OcrWord } from '../src/tesseract-lines.js';
import { uncertainWords } from '../src/word-confidence.js';

const word = (text: string, confidence: number, left: number): OcrWord => ({
  text,
  confidence,
  left,
  top: 10,
  width: text.length * 9,
  height: 14,
});
const line = (...words: OcrWord[]): OcrLine => ({
  text: words.map((w) => w.text).join(' '),
  words,
  confidence: words.reduce((n, w) => n + w.confidence, 0) / words.length,
  height: 14,
  top: 10,
  left: words[0]?.left ?? 0,
  width: 400,
});

describe('uncertainWords', () => {
  it('lists the words of the cleaned text read under 90, with their offsets and confidence', () => {
    const lines = [
      line(word('Region', 96, 10), word('Q3', 93, 80), word('Totals', 72, 120)),
      line(word('North', 95, 10), word('1,204', 88, 80)),
    ];
    const { text } = cleanOcrLines(lines);
    const spans = uncertainWords(lines, text);
    expect(spans.map(([s, e, c]) => [text.slice(s, e), c])).toEqual([
      ['Totals', 72],
      ['1,204', 88],
    ]);
  });

  it('skips the words cleaning dropped (edge noise), so the rest keep their own confidence', () => {
    const lines = [line(word(':', 12, 0), word('Budget', 94, 20), word('tit', 40, 90), word('March', 95, 130))];
    const { text } = cleanOcrLines(lines);
    expect(text).not.toContain(':');
    const spans = uncertainWords(lines, text);
    expect(spans.map(([s, e, c]) => [text.slice(s, e), c])).toEqual([['tit', 40]]);
  });

  it('lists a word it cannot find among the recognised ones as unsure (confidence 0)', () => {
    const lines = [line(word('hello', 95, 0))];
    expect(uncertainWords(lines, 'hello world')).toEqual([[6, 11, 0]]);
  });
});
