import { describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import {
  canToggle,
  DEFAULT_OCR_LANGUAGES,
  formatLanguageNames,
  parseOcrLanguages,
  sameLanguages,
  savedSelection,
  toggleLanguage,
} from './ocr-languages.js';

describe('DEFAULT_OCR_LANGUAGES', () => {
  it('is what a server with the default configuration offers (OCR_LANGUAGES, OCR_DEFAULT_LANGUAGES)', () => {
    const config = loadConfig({});
    expect(DEFAULT_OCR_LANGUAGES.languages.map((l) => l.code)).toEqual(config.OCR_LANGUAGES);
    expect(DEFAULT_OCR_LANGUAGES.defaults).toEqual(config.OCR_DEFAULT_LANGUAGES);
  });

  it('names the seven languages the About page promises', () => {
    expect(DEFAULT_OCR_LANGUAGES.languages.map((l) => l.name)).toEqual([
      'English',
      'French',
      'German',
      'Spanish',
      'Italian',
      'Portuguese',
      'Dutch',
    ]);
  });
});

describe('parseOcrLanguages', () => {
  it('accepts the server reply and refuses anything else', () => {
    const reply = { languages: [{ code: 'eng', name: 'English' }], defaults: ['eng'] };
    expect(parseOcrLanguages(reply)).toEqual(reply);
    expect(parseOcrLanguages({ languages: [], defaults: [] })).toBeNull();
    expect(parseOcrLanguages({ message: 'Authentication service not available' })).toBeNull();
    expect(parseOcrLanguages(null)).toBeNull();
  });
});

describe('formatLanguageNames', () => {
  it('joins names as an English list', () => {
    expect(formatLanguageNames(['English'])).toBe('English');
    expect(formatLanguageNames(['French', 'English'])).toBe('French and English');
    expect(formatLanguageNames(['English', 'French', 'German'])).toBe('English, French, and German');
  });
});

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
