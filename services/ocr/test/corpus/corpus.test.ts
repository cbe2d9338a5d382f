/** The corpus generator as data (no browser): counts, determinism and the truths. */
import { describe, expect, it } from 'vitest';
import { contrastRatio, greyForContrast } from './html.js';
import { selectSpecs } from './index.js';
import { corpusSpecs } from './specs.js';
import { CATEGORIES, type Category } from './types.js';

const specs = corpusSpecs(1);
const byCategory = (c: Category) => specs.filter((s) => s.category === c);

describe('corpus specs', () => {
  it('has at least 66 images, with the counts each category needs', () => {
    expect(specs.length).toBeGreaterThanOrEqual(66);
    for (const c of CATEGORIES) {
      const min = c.startsWith('lang-') ? 2 : c === 'no-text' ? 6 : 4;
      expect(byCategory(c).length, c).toBeGreaterThanOrEqual(min);
    }
  });

  it('gives every image a unique id', () => {
    expect(new Set(specs.map((s) => s.id)).size).toBe(specs.length);
  });

  it('is the same for the same seed, and different for another', () => {
    expect(corpusSpecs(1)).toEqual(specs);
    const other = corpusSpecs(2);
    expect(other.map((s) => s.id)).toEqual(specs.map((s) => s.id));
    const changed = other.filter((s, i) => s.truth !== specs[i]!.truth).length;
    expect(changed).toBeGreaterThan(specs.length / 2);
  });

  it('varies the content within a category', () => {
    for (const c of CATEGORIES.filter((c) => c !== 'no-text')) {
      const truths = byCategory(c).map((s) => s.truth);
      expect(new Set(truths).size, c).toBe(truths.length);
    }
  });

  it('has a non-empty truth for every text image, and none for the pictures', () => {
    for (const s of specs) {
      if (s.category === 'no-text') {
        expect(s.hasText, s.id).toBe(false);
        expect(s.truth, s.id).toBe('');
      } else {
        expect(s.hasText, s.id).toBe(true);
        expect(s.truth.replace(/\s+/g, '').length, s.id).toBeGreaterThan(100);
      }
    }
  });

  it('keeps pages self-contained and within realistic sizes', () => {
    for (const s of specs) {
      expect(s.html, s.id).not.toMatch(/\b(src|href)\s*=|url\(\s*['"]?(https?:|file:)/i);
      expect(s.width * s.height * s.scale ** 2, s.id).toBeLessThanOrEqual(1170 * 2532);
      expect(s.width * s.scale, s.id).toBeLessThanOrEqual(2000);
    }
  });

  it('degrades as a phone would, within what a person still reads with ease', () => {
    for (const s of specs) {
      const d = s.degrade;
      if (d.format === 'jpeg') expect(d.quality, s.id).toBeGreaterThanOrEqual(60);
      if (d.blur !== undefined) expect(d.blur, s.id).toBeLessThan(1);
      if (d.photo) {
        expect(Math.abs(d.photo.rotateDeg), s.id).toBeGreaterThanOrEqual(1);
        expect(Math.abs(d.photo.rotateDeg), s.id).toBeLessThanOrEqual(4);
      }
    }
    for (const s of byCategory('receipt')) expect(s.degrade.photo, s.id).toBeDefined();
    for (const s of byCategory('small-text')) expect(s.degrade.photo, s.id).toBeUndefined();
    const kinds = new Set(specs.map((s) => (s.degrade.photo ? 'photo' : s.degrade.format)));
    expect([...kinds].sort()).toEqual(['jpeg', 'photo', 'png']);
  });

  it('writes code with its indentation and file name, without line numbers', () => {
    for (const s of [...byCategory('code-light'), ...byCategory('code-dark')]) {
      const [file, ...code] = s.truth.split('\n');
      expect(file, s.id).toMatch(/^[\w-]+\.(ts|js|py|go|rs|sql)$/);
      expect(s.html, s.id).toContain(`>${file}<`);
      expect(
        code.some((l) => /^[ \t]+\S/.test(l)),
        s.id,
      ).toBe(true);
      expect(
        code.filter((l) => /^\s*\d+\s*$/.test(l)),
        s.id,
      ).toEqual([]);
    }
  });

  it('separates table cells and receipt prices with a TAB', () => {
    for (const s of byCategory('table')) {
      const rows = s.truth.split('\n').slice(2);
      expect(rows.length, s.id).toBeGreaterThanOrEqual(7);
      const cells = rows.map((r) => r.split('\t').length);
      expect(new Set(cells).size, s.id).toBe(1);
      expect(cells[0], s.id).toBeGreaterThanOrEqual(4);
    }
    for (const s of byCategory('receipt')) {
      const priced = s.truth.split('\n').filter((l) => /\t\$?\d[\d,]*\.\d\d$/.test(l));
      expect(priced.length, s.id).toBeGreaterThanOrEqual(10);
      expect(s.truth, s.id).toMatch(/^TOTAL\t\$\d/m);
    }
  });

  it('puts the status bar of phone screens in the truth', () => {
    for (const s of [...byCategory('phone'), ...byCategory('chat-bubbles')]) {
      expect(s.truth.split('\n')[0], s.id).toMatch(/^\d{1,2}:\d\d \d{1,3}%$/);
      expect([2, 3], s.id).toContain(s.scale);
      expect([s.width, s.height], s.id).toEqual([390, 844]);
    }
  });

  it('writes each language with its diacritics', () => {
    const marks: Record<string, RegExp> = {
      'lang-fra': /[éèêçà]/g,
      'lang-deu': /[äöüß]/g,
      'lang-spa': /[ñáíóú¿¡]/g,
      'lang-ita': /[àèìòù]/g,
      'lang-por': /[ãõçâê]/g,
      'lang-nld': /ij|ë|é/g,
    };
    for (const [category, re] of Object.entries(marks)) {
      for (const s of byCategory(category as Category)) {
        expect((s.truth.match(re) ?? []).length, s.id).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('keeps low-contrast text between 2.5:1 and 4:1', () => {
    for (const s of byCategory('low-contrast')) {
      const ratios = /contrast ([\d.]+) \/ ([\d.]+) \/ ([\d.]+):1/.exec(s.note)!.slice(1).map(Number);
      for (const r of ratios) {
        expect(r, s.id).toBeGreaterThanOrEqual(2.4);
        expect(r, s.id).toBeLessThanOrEqual(4.1);
      }
    }
    expect(contrastRatio(greyForContrast('#ffffff', 3), '#ffffff')).toBeCloseTo(3, 1);
  });

  it('selects images by category or id', () => {
    expect(selectSpecs(specs, 'chat').map((s) => s.category)).toEqual([
      ...byCategory('chat-light').map(() => 'chat-light'),
      ...byCategory('chat-dark').map(() => 'chat-dark'),
      ...byCategory('chat-bubbles').map(() => 'chat-bubbles'),
    ]);
    expect(selectSpecs(specs, 'table-02').map((s) => s.id)).toEqual(['table-02']);
    expect(selectSpecs(specs, undefined)).toBe(specs);
  });
});
