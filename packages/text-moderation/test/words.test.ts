import { describe, expect, it } from 'vitest';
import { normaliseWord, squeeze, wordsOf } from '../src/words.js';

describe('normaliseWord', () => {
  it.each([
    ['Shit!', 'shit'],
    ['sh1t', 'shit'],
    ['b!tch', 'bitch'],
    ['@ss', 'ass'],
    ['N1GGER', 'nigger'],
    ['naïve', 'naive'],
    ['сock', 'cock'], // Cyrillic "с"
    ["you're", "you're"],
    ['you’re', "you're"],
    ['cock-up', 'cock-up'],
    ['cum_sum', 'cum_sum'],
    ['2024', ''],
    ['|', ''],
  ])('%s → %s', (raw, norm) => {
    expect(normaliseWord(raw)).toBe(norm);
  });

  it('squeezes letters stretched to three or more, and only those', () => {
    expect(squeeze('fuuuuck')).toBe('fuck');
    expect(squeeze('niggggger')).toBe('niger');
    expect(squeeze('niger')).toBeNull();
    expect(squeeze('assessment')).toBeNull();
  });
});

describe('wordsOf', () => {
  it('finds whole words with their offsets, never parts of words or identifiers', () => {
    const text = 'Scunthorpe: analysis of cum_sum, cocktail\tassessment';
    const words = wordsOf(text);
    expect(words.map((w) => text.slice(w.start, w.end))).toEqual([
      'Scunthorpe',
      'analysis',
      'of',
      'cum_sum',
      'cocktail',
      'assessment',
    ]);
  });

  it('gives each word the lowest OCR confidence over it, 100 where OCR listed nothing', () => {
    const text = 'Totals 1,204 tit 988 North';
    const at = text.indexOf('tit');
    const words = wordsOf(text, [
      [at, at + 3, 41],
      [0, 3, 88], // part of "Totals"
    ]);
    expect(words.map((w) => [w.norm, w.confidence])).toEqual([
      ['totals', 88],
      ['tit', 41],
      ['north', 100],
    ]);
  });

  it('marks a word quoted on its own as mentioned', () => {
    const words = wordsOf(`the word "slur" and 'other' but not don't`);
    expect(words.filter((w) => w.quoted).map((w) => w.norm)).toEqual(['slur', 'other']);
  });
});
