import { describe, expect, it } from 'vitest';
import { formatNumber, getInitials } from './utils.js';

describe('getInitials', () => {
  it('takes the first letters of the display-name words, up to 2', () => {
    expect(getInitials('Alice Example')).toBe('AE');
    expect(getInitials('ada lovelace byron')).toBe('AL');
    expect(getInitials('  Plato  ')).toBe('P');
  });

  it('falls back to the first 2 letters of the email', () => {
    expect(getInitials('', 'zoe@example.com')).toBe('ZO');
    expect(getInitials(null, 'x@example.com')).toBe('X@');
    expect(getInitials(undefined, undefined)).toBe('');
  });
});

describe('formatNumber', () => {
  it('separates thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(999)).toBe('999');
  });
});
