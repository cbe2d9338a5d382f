import { describe, expect, it } from 'vitest';
import { hasEnoughText } from '../src/has-text.js';

describe('hasEnoughText: text or picture, decided on what recognition found', () => {
  it('takes a long reading as text from a confidence of 60', () => {
    expect(hasEnoughText('Quarterly report for the northern region', 61)).toBe(true);
    expect(hasEnoughText('Quarterly report for the northern region', 59)).toBe(false);
  });

  it('takes a short reading read confidently as text: a one-word crop, a URL, a window title', () => {
    expect(hasEnoughText('KALLIANPUR', 88)).toBe(true);
    expect(hasEnoughText('www.normcap.gui', 87)).toBe(true);
    expect(hasEnoughText('*Untitled Document 1', 88)).toBe(true);
    expect(hasEnoughText('OK', 90)).toBe(true);
    // A lone page number cut out of a scan, read very confidently.
    expect(hasEnoughText('3', 96)).toBe(true);
  });

  it('keeps a picture a picture: a short reading at low confidence, or with no word in it', () => {
    expect(hasEnoughText('KALLIANPUR', 79)).toBe(false);
    expect(hasEnoughText('| ~ . :', 95)).toBe(false);
    expect(hasEnoughText('a 1', 95)).toBe(false);
    expect(hasEnoughText('3', 85)).toBe(false);
    expect(hasEnoughText('', 100)).toBe(false);
  });
});
