import { describe, expect, it } from 'vitest';
import type { PaddleLine } from '../src/paddle/index.js';
import { rowsOf } from '../src/paddle-reader.js';

const box = (text: string, left: number, top: number, width: number, confidence = 95, height = 20): PaddleLine => ({
  text,
  confidence,
  box: { left, top, width, height },
});

describe('rowsOf (PaddleOCR boxes back into rows)', () => {
  it('puts the cells of a row on one line, left to right, apart by a TAB', () => {
    const { text } = rowsOf([
      box('1,204', 300, 41, 50),
      box('North region', 10, 40, 120),
      box('Q1 total', 10, 10, 80),
      box('3,400', 400, 39, 50),
      box('Amount', 300, 11, 60),
    ]);
    expect(text).toBe('Q1 total\tAmount\nNorth region\t1,204\t3,400');
  });

  it('keeps boxes a word space apart as one phrase', () => {
    expect(rowsOf([box('Hello', 10, 10, 50), box('world', 65, 10, 50)]).text).toBe('Hello world');
  });

  it('lists the words of low-confidence boxes with their offsets, never text', () => {
    const { text, words } = rowsOf([box('well read', 10, 10, 90), box('shaky words', 10, 40, 100, 60)]);
    expect(text).toBe('well read\nshaky words');
    expect(words.map((w) => w.at)).toEqual([0, 10]);
  });
});
