import { beforeAll, describe, expect, it } from 'vitest';
import { type Dictionary, type WordCheck, checkTitle, loadDictionary, wordCounts } from '../src/local/words.js';

let dictionary: Dictionary;

beforeAll(async () => {
  dictionary = await loadDictionary();
});

const check = (pageText: string, english = true): WordCheck => ({
  dictionary: english ? dictionary : null,
  counts: wordCounts(pageText),
});

describe('OCR-checked title words', () => {
  it('loads the English word list', () => {
    expect(dictionary.size).toBeGreaterThan(250_000);
    expect(dictionary.has('workshop')).toBe(true);
    expect(dictionary.has('werkshep')).toBe(false);
  });

  it("corrects a misread word to the page's own spelling, or to the dictionary word OCR confuses it with", () => {
    const page = 'Spring Werkshep Series\nOur spring workshop series is back.';
    expect(checkTitle('Spring Werkshep Series', check(page))).toBe('Spring Workshop Series');
    expect(checkTitle('CITY PHARMACV', check('CITY PHARMACV\nThank you for visiting City Pharmacy'))).toBe(
      'CITY PHARMACY',
    );
    expect(checkTitle('Why Onboarding Emails Faii', check('Why Onboarding Emails Faii\nthe onboarding email'))).toBe(
      'Why Onboarding Emails Fail',
    );
    expect(checkTitle('tbe quick fox', check('tbe quick fox'))).toBe('the quick fox');
  });

  it('rejoins a word OCR split at a thin letter', () => {
    const page = 'City Council Approves Protected Bike Lanes on E m Street\nbike lanes on Elm Street';
    expect(checkTitle('Bike Lanes on E m Street', check(page))).toBe('Bike Lanes on Elm Street');
  });

  it('drops a word that is neither a dictionary word nor on the page twice, nor a name', () => {
    expect(checkTitle('Quarterly rnxqtz review of sales', check('Quarterly rnxqtz review of sales'))).toBe(
      'Quarterly review of sales',
    );
    expect(checkTitle('Xqzt brwn rnodel', check('Xqzt brwn rnodel'))).toBeNull();
  });

  it('keeps names, words the page repeats, numbers, versions, file and code names, acronyms', () => {
    const page = 'Chat with Marco Bellini. Wi-Fi\nWi-Fi on';
    expect(checkTitle('Chat with Marco Bellini: climbing gym', check(page))).toBe(
      'Chat with Marco Bellini: climbing gym',
    );
    expect(checkTitle('Wi-Fi', check(page))).toBe('Wi-Fi');
    for (const title of [
      'Release notes - Harbor Sync 4.12.0',
      'billing_service.py: BillingService',
      'Array.prototype.flatMap()',
      'Caching strategies for REST APIs',
      "The Best Banana Bread You'll Ever Make",
    ])
      expect(checkTitle(title, check(title))).toBe(title);
  });

  it('without a word list (other languages), only corrects towards words of the page', () => {
    const page = 'Bahnstreik: Was Pendler am Montag wissen müssen\nDer Streik trifft Pendler am Montag.';
    expect(checkTitle('Bahnstreik: Was Pendler am Montag wissen müssen', check(page, false))).toBe(
      'Bahnstreik: Was Pendler am Montag wissen müssen',
    );
    expect(checkTitle('Die Pendlar am Montag', check('Die Pendlar am Montag. Pendler Pendler', false))).toBe(
      'Die Pendler am Montag',
    );
  });
});
