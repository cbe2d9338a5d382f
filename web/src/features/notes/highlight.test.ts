import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight.js';

describe('highlightSegments', () => {
  it('marks each range and keeps the text between them', () => {
    expect(
      highlightSegments('…the chlorophyll absorbs light', [
        [5, 16],
        [25, 30],
      ]),
    ).toEqual([
      { text: '…the ', marked: false },
      { text: 'chlorophyll', marked: true },
      { text: ' absorbs ', marked: false },
      { text: 'light', marked: true },
    ]);
  });

  it('gives the whole snippet unmarked without ranges', () => {
    expect(highlightSegments('plain', [])).toEqual([{ text: 'plain', marked: false }]);
    expect(highlightSegments('', [])).toEqual([]);
  });

  it('clamps, sorts and skips bad or overlapping ranges without losing text', () => {
    const segments = highlightSegments('abcdef', [
      [4, 99],
      [0, 2],
      [1, 3],
      [3, 3],
      [-5, 0],
    ]);
    expect(segments).toEqual([
      { text: 'ab', marked: true },
      { text: 'c', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('abcdef');
  });
});
