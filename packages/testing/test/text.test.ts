import { describe, expect, it } from 'vitest';
import { characterErrorRate, editDistance, normaliseText } from '../src/text.js';

describe('character error rate', () => {
  it('is 0 for identical text, whatever the whitespace and line breaks', () => {
    expect(characterErrorRate(['Hello  world', 'second line'], 'Hello world\n\nsecond   line')).toBe(0);
  });

  it('counts substitutions, insertions and deletions against the reference length', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(characterErrorRate('abcdefghij', 'abcdefghiX')).toBeCloseTo(0.1);
    expect(characterErrorRate('abcdefghij', 'abcdefghij and more')).toBeCloseTo(0.9);
    expect(characterErrorRate('abcdefghij', '')).toBe(1);
  });

  it('treats typographic quotes, dashes and ligatures as their plain forms', () => {
    expect(normaliseText('“Don’t” – ﬁne')).toBe('"Don\'t" - fine');
    expect(characterErrorRate("it's fine", 'it’s ﬁne')).toBe(0);
  });

  it('refuses an empty reference', () => {
    expect(() => characterErrorRate('  \n ', 'x')).toThrow(/reference text is empty/);
  });
});
