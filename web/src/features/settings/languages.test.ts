import { describe, expect, it } from 'vitest';
import { DEFAULT_OCR_LANGUAGES } from '../../lib/ocr-languages.js';
import { canToggle, sameLanguages, savedSelection, toggleLanguage } from './languages.js';

const offered = DEFAULT_OCR_LANGUAGES;

describe('savedSelection', () => {
  it("shows the user's languages, else the server's defaults", () => {
    expect(savedSelection(['fra', 'eng'], offered)).toEqual(['fra', 'eng']);
    expect(savedSelection(null, offered)).toEqual(['eng']);
    expect(savedSelection(undefined, { ...offered, defaults: ['deu', 'nld'] })).toEqual(['deu', 'nld']);
  });

  it('leaves out languages the server no longer offers, falling back when none is left', () => {
    const two = { languages: offered.languages.slice(0, 2), defaults: ['eng'] };
    expect(savedSelection(['spa', 'fra'], two)).toEqual(['fra']);
    expect(savedSelection(['spa'], two)).toEqual(['eng']);
    expect(savedSelection(null, { languages: two.languages, defaults: ['xyz'] })).toEqual(['eng']);
  });
});

describe('canToggle and toggleLanguage', () => {
  it('keeps at least one language checked', () => {
    expect(canToggle(['eng'], 'eng')).toBe(false);
    expect(toggleLanguage(['eng'], 'eng', false)).toEqual(['eng']);
    expect(canToggle(['eng', 'fra'], 'eng')).toBe(true);
    expect(toggleLanguage(['eng', 'fra'], 'eng', false)).toEqual(['fra']);
  });

  it('allows at most three, and adds a new one at the end', () => {
    expect(toggleLanguage(['eng'], 'deu', true)).toEqual(['eng', 'deu']);
    expect(toggleLanguage(['eng', 'deu'], 'spa', true)).toEqual(['eng', 'deu', 'spa']);
    expect(canToggle(['eng', 'deu', 'spa'], 'ita')).toBe(false);
    expect(toggleLanguage(['eng', 'deu', 'spa'], 'ita', true)).toEqual(['eng', 'deu', 'spa']);
    expect(canToggle(['eng', 'deu', 'spa'], 'deu')).toBe(true);
  });
});

describe('sameLanguages', () => {
  it('ignores the order', () => {
    expect(sameLanguages(['eng', 'fra'], ['fra', 'eng'])).toBe(true);
    expect(sameLanguages(['eng'], ['eng', 'fra'])).toBe(false);
    expect(sameLanguages(['eng', 'deu'], ['eng', 'fra'])).toBe(false);
  });
});
