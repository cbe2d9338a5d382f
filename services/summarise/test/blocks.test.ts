import { describe, expect, it } from 'vitest';
import { pageBlocks, summaryText } from '../src/local/blocks.js';
import { isCodeLine, isNoiseLine, joinWrapped, normaliseCharacters, parseBulletLine } from '../src/local/lines.js';
import { tidyOriginalText } from '../src/text.js';

/** The note's blocks of a page that came as text only (the fallback builds OCR's structure from it). */
const parseBlocks = (text: string) => pageBlocks({ text });
const prepareSummaryText = (text: string) => summaryText({ text });
import { chatTranscript, codeSnippet, hyphenatedBullets, lectureNotes, longArticle } from './samples.js';

describe('joinWrapped', () => {
  it('re-joins a word hyphenated at a line end', () => {
    expect(joinWrapped('convert light energy into chemi-', 'cal energy')).toBe(
      'convert light energy into chemical energy',
    );
  });
  it('keeps the hyphen of a real compound', () => {
    expect(joinWrapped('a well-', 'known brand')).toBe('a well-known brand');
    expect(joinWrapped('the self-', 'service desk')).toBe('the self-service desk');
  });
  it('keeps the hyphen before a capital or a digit, without a space', () => {
    expect(joinWrapped('cases of COVID-', '19 rose')).toBe('cases of COVID-19 rose');
  });
  it('joins ordinary wrapped lines with one space', () => {
    expect(joinWrapped('most office  ', '  workers met')).toBe('most office workers met');
  });
});

describe('line classification', () => {
  it('treats lone symbols and single specks as noise, but not numbers or words', () => {
    for (const noise of ['|', '—', '~ .', '»', '©', '•', 'l', '_ -', '* |'])
      expect(isNoiseLine(noise), noise).toBe(true);
    for (const text of ['42', 'OK', 'Hi', 'a)', '2pm', 'Ça va']) expect(isNoiseLine(text), text).toBe(false);
  });
  it('recognises bullet and numbered items, including OCR readings of a round bullet', () => {
    expect(parseBulletLine('• Light intensity')).toEqual({ ordered: false, number: 0, text: 'Light intensity' });
    expect(parseBulletLine('« Light intensity')).toMatchObject({ ordered: false, text: 'Light intensity' });
    expect(parseBulletLine('3. Check the weather')).toEqual({ ordered: true, number: 3, text: 'Check the weather' });
    expect(parseBulletLine('b) second option')).toEqual({ ordered: true, number: 2, text: 'second option' });
    expect(parseBulletLine('2023. A year of change')).toBeNull();
    expect(parseBulletLine('Dr. Smith said')).toBeNull();
  });
  it('tells code from prose', () => {
    for (const code of [
      'const x = compute(a, b);',
      'function debounce(fn, wait) {',
      '}',
      'def area(r):',
      'return (...args) => {',
      'import { z } from "zod";',
      'for i in range(10):',
    ]) {
      expect(isCodeLine(code), code).toBe(true);
    }
    for (const prose of [
      'The Calvin cycle takes place in the stroma.',
      'from the light-dependent reactions to fix',
      'return to the main menu',
      'print the handout before class.',
      '- light -> ATP',
      'Temperature, because enzymes work best',
    ]) {
      expect(isCodeLine(prose), prose).toBe(false);
    }
  });
  it('normalises ligatures, odd spaces and invisible characters', () => {
    expect(normaliseCharacters('e\uFB03cient\u00A0use\u200B of\r\nthe ﬁle')).toBe('efficient use of\nthe file');
  });
});

describe('parseBlocks', () => {
  it('structures lecture notes: headings, unwrapped paragraphs, a list with a wrapped item, noise dropped', () => {
    const blocks = parseBlocks(lectureNotes);
    expect(blocks.slice(0, 3)).toEqual([
      { type: 'heading', text: 'BIOL 101 - LECTURE 7' },
      { type: 'heading', text: 'Photosynthesis' },
      {
        type: 'paragraph',
        text:
          'Photosynthesis is the process by which green plants, algae and some bacteria convert light energy into chemical energy. ' +
          'It takes place mainly in the chloroplasts of leaf cells, which contain the green pigment chlorophyll. ' +
          'The overall reaction turns carbon dioxide and water into glucose and oxygen.',
      },
    ]);
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b as { text: string }).text)).toEqual([
      'BIOL 101 - LECTURE 7',
      'Photosynthesis',
      'Light-dependent reactions',
      'The Calvin cycle',
    ]);
    expect(blocks).toContainEqual({
      type: 'list',
      ordered: false,
      start: 1,
      items: [
        'Light intensity',
        'Carbon dioxide concentration',
        'Temperature, because enzymes work best in a narrow range',
      ],
    });
    const text = prepareSummaryText(lectureNotes);
    expect(text).toContain('The enzyme RuBisCO catalyses');
    expect(text).not.toMatch(/^\|$/m);
    expect(text).not.toMatch(/^—$/m);
    // A separator-free "by-product" stays hyphenated (it was not split at a line end).
    expect(text).toContain('by-product');
  });

  it('keeps every chat line with its speaker line as a heading', () => {
    const blocks = parseBlocks(chatTranscript);
    expect(blocks.filter((b) => b.type === 'heading')).toHaveLength(5);
    expect(blocks[3]).toEqual({
      type: 'paragraph',
      text: "Yes! 2pm in room 301. I'll bring the slides for the quarterly review",
    });
    expect(blocks[7]).toEqual({ type: 'paragraph', text: 'Sure, will do' });
  });

  it('keeps code line by line with its indentation, apart from the prose around it', () => {
    const blocks = parseBlocks(codeSnippet);
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'code', 'paragraph']);
    const code = blocks[1];
    expect(code?.type === 'code' && code.lines).toEqual([
      'function debounce(fn, wait) {',
      '  let timer;',
      '  return (...args) => {',
      '    clearTimeout(timer);',
      '    timer = setTimeout(() => fn(...args), wait);',
      '  };',
      '}',
      "const onResize = debounce(() => console.log('resized'), 200);",
      "window.addEventListener('resize', onResize);",
    ]);
  });

  it('re-joins hyphenation inside bullets and keeps bullet and numbered items apart', () => {
    expect(parseBlocks(hyphenatedBullets)).toEqual([
      { type: 'paragraph', text: 'Shopping list for the weekend trip' },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          'sleeping bags and two inflatable mattresses',
          'a well-known brand of insect repellent',
          'first-aid kit',
          'headlamps with spare batteries',
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: ['Book the campsite before Thursday', 'Check the weather forecast'],
      },
    ]);
  });

  it('splits paragraphs at blank lines and at a short last line, and unwraps the rest', () => {
    const blocks = parseBlocks(longArticle);
    expect(blocks).toHaveLength(6);
    expect(blocks.every((b) => b.type === 'paragraph')).toBe(true);
    expect(
      parseBlocks(
        'The first sentence wraps onto\nthe next line.\nA second paragraph starts here and it runs on for a long while, yes.',
      ),
    ).toEqual([
      { type: 'paragraph', text: 'The first sentence wraps onto the next line.' },
      { type: 'paragraph', text: 'A second paragraph starts here and it runs on for a long while, yes.' },
    ]);
  });

  it('does not take the wrapped start of a sentence for a heading', () => {
    expect(parseBlocks('The mitochondria is\nthe powerhouse of the cell.')).toEqual([
      { type: 'paragraph', text: 'The mitochondria is the powerhouse of the cell.' },
    ]);
  });

  it('normalises whitespace and spaces before punctuation', () => {
    expect(prepareSummaryText('Hello   world , this is\t\ta test .\n\n\n\nNext   paragraph here .')).toBe(
      'Hello world, this is a test.\n\nNext paragraph here.',
    );
  });

  it('returns nothing for text that is only noise', () => {
    expect(parseBlocks('|\n—\n  ~ .\n\n•')).toEqual([]);
    expect(prepareSummaryText('')).toBe('');
  });

  it('is stable: cleaning cleaned text changes nothing', () => {
    for (const sample of [lectureNotes, chatTranscript, codeSnippet, hyphenatedBullets, longArticle]) {
      const once = prepareSummaryText(sample);
      expect(prepareSummaryText(once)).toBe(once);
    }
  });
});

describe('tidyOriginalText', () => {
  it('only trims: line breaks and hyphenation stay as OCR read them', () => {
    expect(tidyOriginalText('  Line one  \r\nsplit-\nword\n\n\n\nend\u200B  \n')).toBe('Line one\nsplit-\nword\n\nend');
  });
});
