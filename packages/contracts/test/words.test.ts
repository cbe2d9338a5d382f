import { describe, expect, it } from 'vitest';
import { countWords } from '../src/index.js';

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t ', 0],
    ['one', 1],
    ['one two  three\nfour\tfive', 5],
    ['• bullet — dash ... !!', 2],
    ['C3PO, R2-D2 and 42', 4],
    ['Größe café naïve 東京', 4],
    ['end.', 1],
    // Scripts written without spaces: one word per two characters.
    ['東京都の天気', 3],
    ['안녕하세요 world', 4],
  ])('%j has %i words', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});
