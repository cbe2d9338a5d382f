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

  it('keeps an item and its price on one row on a page photographed 8° off straight', () => {
    // A receipt's rows (item at the left, price 300 px to the right), turned by 8° about the origin as a tilted
    // photo shows them: the price sits 42 px lower than its item, two rows further down the page.
    const angle = 8;
    const t = (angle * Math.PI) / 180;
    const rotated = (text: string, x: number, y: number, w: number, h = 20): PaddleLine => {
      const cx = x + w / 2;
      const cy = y + h / 2;
      const rx = cx * Math.cos(t) - cy * Math.sin(t);
      const ry = cx * Math.sin(t) + cy * Math.cos(t);
      const W = w * Math.cos(t) + h * Math.sin(t);
      const H = w * Math.sin(t) + h * Math.cos(t);
      return { text, confidence: 95, box: { left: rx - W / 2, top: ry - H / 2, width: W, height: H, angle } };
    };
    const items = ['Coffee beans', 'Spinach', 'Oat milk', 'Bread', 'Eggs'];
    const lines = items.flatMap((item, i) => [
      rotated(item, 20, 100 + 28 * i, 110),
      rotated(`${i + 1}.99`, 320, 100 + 28 * i, 40),
    ]);
    expect(rowsOf(lines).text.split('\n')).toEqual(items.map((item, i) => `${item}\t${i + 1}.99`));
    // Without the boxes' angles (how rows were found before), items and prices come apart.
    expect(rowsOf(lines.map((l) => ({ ...l, box: { ...l.box, angle: undefined } }))).text).not.toBe(rowsOf(lines).text);
  });

  it('reads two columns of running text one after the other, though their lines share baselines', () => {
    const left = [
      'Optical character recognition is',
      'the conversion of images of',
      'typed or printed text into',
      'machine-encoded text, from a',
      'scanned document or a photo.',
    ];
    const right = [
      'Early versions needed to be',
      'trained with images of each',
      'character and worked on one',
      'font at a time; later ones',
      'read most fonts accurately.',
    ];
    const lines = [
      box('A short history of OCR', 10, 10, 520),
      ...left.map((t, i) => box(t, 10, 50 + 30 * i, 240)),
      ...right.map((t, i) => box(t, 290, 50 + 30 * i, 240)),
    ];
    expect(rowsOf(lines).text.split('\n')).toEqual(['A short history of OCR', ...left, ...right]);
  });
});
