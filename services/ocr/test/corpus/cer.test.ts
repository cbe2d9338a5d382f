import { describe, expect, it } from 'vitest';
import { cer, levenshtein, normaliseWhitespace } from '../cer.js';

describe('normaliseWhitespace', () => {
  it('turns every run of spaces, tabs and line breaks into one space and trims', () => {
    expect(normaliseWhitespace('  a\tb \n\n c\r\n')).toBe('a b c');
    expect(normaliseWhitespace('\n\t ')).toBe('');
  });
});

describe('levenshtein', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(levenshtein('', '')).toBe(0);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('', 'ab')).toBe(2);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(levenshtein('café', 'cafe')).toBe(1);
    expect(levenshtein('a😀b', 'ab')).toBe(1);
  });
});

describe('cer', () => {
  it('is 0 for the same text whatever its whitespace', () => {
    expect(cer('Item\t4.99\nTotal\t$4.99', 'Item 4.99 Total  $4.99')).toBe(0);
  });

  it('is the edit distance over the normalised truth length', () => {
    expect(cer('hello world', 'hallo world')).toBeCloseTo(1 / 11);
    expect(cer('Grüße', 'Grusse')).toBeCloseTo(3 / 5);
    expect(cer('abc', '')).toBe(1);
  });

  it('exceeds 1 when the hypothesis is much longer than the truth', () => {
    expect(cer('ab', 'ab and a lot of invented text')).toBeGreaterThan(1);
  });

  it('does not normalise anything but whitespace', () => {
    expect(cer('Don’t', "Don't")).toBeCloseTo(1 / 5);
    expect(cer('Total', 'total')).toBeCloseTo(1 / 5);
  });

  it('refuses an empty truth', () => {
    expect(() => cer(' \n\t', 'x')).toThrow(/empty/);
  });
});
