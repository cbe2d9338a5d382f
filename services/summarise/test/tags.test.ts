/**
 * A note's kind and tags (src/tags.ts; issue 25): each kind of page told apart as the summariser reads it, and
 * tagged with its kind, its language and a few key words that say what it is about: no function words, no screen
 * furniture, no OCR junk. The pages are realistic screenshots' text, run through the local summariser first (its
 * title and key points weigh in), as the summarise stage does.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { summaryText } from '../src/local/blocks.js';
import { createLocalSummariser } from '../src/local.js';
import { loadDictionary, type Dictionary } from '../src/local/words.js';
import { detectLanguage } from '../src/language.js';
import { contentKindOf, keyWords, languageTag, modelTopics, noteTags } from '../src/tags.js';
import type { Summariser } from '@snapnotes/contracts';
import { recordingLogger } from './logger.js';
import { chatTranscript, codeSnippet, frenchNotes, lectureNotes, longArticle } from './samples.js';

let summariser: Summariser;
let dictionary: Dictionary;
beforeAll(async () => {
  [summariser, dictionary] = await Promise.all([
    createLocalSummariser({ logger: recordingLogger() }),
    loadDictionary(),
  ]);
}, 60_000);

const box = [0, 0, 10, 10] as [number, number, number, number];
const pair = (label: string, value: string): PageBlock => ({
  kind: 'label-value',
  text: `${label}: ${value}`,
  label,
  value,
  confidence: 93,
  box,
});

const receipt = `SAINSBURY'S SUPERMARKETS LTD
Holborn Circus London
Vat Number: 660 4548 36
Organic Bananas 1.15
Semi Skimmed Milk 2L 1.65
Sourdough Bloomer 2.20
Free Range Eggs x6 2.75
Basmati Rice 1kg 2.40
BALANCE DUE 10.15
Visa Contactless 10.15
CHANGE 0.00
12/03/2026 18:42 Store 0823
Thank you for shopping at Sainsbury's`;

const table = `Monthly energy usage
Month Electricity Gas Water Total
January 412 655 38 1105
February 398 602 35 1035
March 350 498 36 884
April 301 377 34 712`;

const slide = `Onboarding checklist
- Request a laptop from IT
- Set up two-factor authentication
- Read the security handbook
- Book the onboarding session with HR
- Join the engineering Slack channels`;

const form: PageBlock[] = [
  { kind: 'heading', text: 'Passport renewal application', confidence: 95, box },
  pair('Surname', 'Okafor'),
  pair('Given names', 'Adaeze Chioma'),
  pair('Date of birth', '14/07/1991'),
  pair('Place of birth', 'Lagos'),
  pair('Passport number', 'A09876543'),
  pair('Nationality', 'Nigerian'),
];

interface Tagged {
  kind: string | null;
  tags: string[];
}

async function tag(pages: { text: string; blocks?: PageBlock[] }[]): Promise<Tagged> {
  const cleaned = pages.map((p, i) => ({
    fileName: `page-${i + 1}.png`,
    text: p.blocks ? p.text : summaryText({ text: p.text }),
    ...(p.blocks ? { blocks: p.blocks } : {}),
  }));
  const text = cleaned.map((p) => p.text).join('\n');
  const language = detectLanguage(text);
  const draft = await summariser.summarise({ pages: cleaned, premium: false, language });
  const kind = contentKindOf(cleaned);
  return { kind, tags: noteTags({ ...draft, text, language, kind, dictionary }) };
}

/** No tag is a function word, screen furniture or junk; all are normalised and distinct. */
function expectCleanTags(tags: string[]): void {
  expect(new Set(tags).size).toBe(tags.length);
  expect(tags.length).toBeLessThanOrEqual(6);
  for (const t of tags) {
    expect(t).toBe(t.toLowerCase().trim());
    expect(t).not.toMatch(/^(the|and|you|with|for|that|this|will|reply|today|thanks|am|pm|total|le|la|des|et)$/);
    expect(t).not.toMatch(/\d/);
  }
}

describe('a note’s kind and tags, offline', () => {
  it('a chat: kind chat, English, what it is about (the meeting, the budget), not who said "thanks"', async () => {
    const { kind, tags } = await tag([{ text: chatTranscript }]);
    expect(kind).toBe('chat');
    expect(tags.slice(0, 2)).toEqual(['chat', 'english']);
    expect(tags.some((t) => /meeting|budget|slides|demo|review/.test(t))).toBe(true);
    expectCleanTags(tags);
  });

  it('a receipt: kind receipt, the shop as a tag, none of its furniture (total, visa, change)', async () => {
    const { kind, tags } = await tag([{ text: receipt }]);
    expect(kind).toBe('receipt');
    expect(tags[0]).toBe('receipt');
    expect(tags.join(' ')).toMatch(/sainsbury/);
    for (const furniture of ['balance', 'visa', 'change', 'due', 'vat', 'thank']) expect(tags).not.toContain(furniture);
    expectCleanTags(tags);
  });

  it('code: kind code, the function’s subject, no language keywords', async () => {
    const { kind, tags } = await tag([{ text: codeSnippet }]);
    expect(kind).toBe('code');
    expect(tags).toContain('debounce');
    for (const keyword of ['function', 'return', 'let', 'const']) expect(tags).not.toContain(keyword);
    expectCleanTags(tags);
  });

  it('a table: kind table, what it measures', async () => {
    const { kind, tags } = await tag([{ text: table }]);
    expect(kind).toBe('table');
    expect(tags.some((t) => /energy|electricity|usage|gas/.test(t))).toBe(true);
    expect(tags).not.toContain('month');
    expectCleanTags(tags);
  });

  it('an article (lecture notes, a long article): kind article, its subject', async () => {
    const lecture = await tag([{ text: lectureNotes }]);
    expect(lecture.kind).toBe('article');
    expect(lecture.tags.some((t) => /photosynthesis|respiration|cell|mitochondria|atp|glucose/.test(t))).toBe(true);
    expectCleanTags(lecture.tags);
    const article = await tag([{ text: longArticle }]);
    expect(article.tags.some((t) => /remote|work|teams|communication|chat tools/.test(t))).toBe(true);
    expectCleanTags(article.tags);
  });

  it('a slide: kind slide, its topic', async () => {
    const { kind, tags } = await tag([{ text: slide }]);
    expect(kind).toBe('slide');
    expect(tags.some((t) => /onboarding|laptop|security|authentication|checklist/.test(t))).toBe(true);
    expectCleanTags(tags);
  });

  it('a form: kind form, what it is for', async () => {
    const { kind, tags } = await tag([{ text: form.map((b) => b.text).join('\n'), blocks: form }]);
    expect(kind).toBe('form');
    expect(tags.some((t) => /passport|renewal|application/.test(t))).toBe(true);
    expect(tags).not.toContain('surname');
    expectCleanTags(tags);
  });

  it('French notes: tagged french, no French function word or elision ("d’une", "la")', async () => {
    const { tags } = await tag([{ text: frenchNotes }]);
    expect(tags).toContain('french');
    expect(tags.some((t) => /révolution|bastille|monarchie|roi|france|française/.test(t))).toBe(true);
    for (const t of tags) expect(t).not.toMatch(/^(d|l|qu)['’]|^(les|une|dans|pour|avec)$/);
    expectCleanTags(tags);
  });

  it('leaves OCR junk out: no words without vowels, runs of letters, mixed scripts or one-off misreadings', () => {
    const words = keyWords({
      title: 'Quarterly planning',
      keyPoints: ['Planning the roadmap for the quarter'],
      text: 'Quarterly planning tbhrtk roadmap roadmap mmmmm αβγ-abc Plannning the roadmap xqzt quarter budget',
      language: 'eng',
      kind: 'article',
      dictionary,
    });
    expect(words).toContain('roadmap');
    for (const junk of ['tbhrtk', 'mmmmm', 'αβγ-abc', 'xqzt', 'plannning']) expect(words).not.toContain(junk);
  });
});

describe('a model’s tags and the language tag', () => {
  it('keeps a model’s usable topics (normalised, at most three words, at most four) instead of key words', () => {
    expect(
      modelTopics([
        'Japan Trip',
        '#Kyoto',
        'a very long tag of far too many words',
        '',
        'japan trip',
        'food',
        'x',
        'y',
      ]),
    ).toEqual(['japan trip', 'kyoto', 'food', 'x']);
    const tags = noteTags({
      title: 'Trip',
      keyPoints: ['Kyoto temples'],
      text: 'Kyoto temples and Osaka food',
      language: 'eng',
      kind: 'chat',
      modelTags: ['Japan Trip', 'chat'],
    });
    expect(tags).toEqual(['chat', 'english', 'japan trip']);
  });

  it('falls back to key words when the model gave none', () => {
    const tags = noteTags({
      title: 'Kyoto temples',
      keyPoints: ['Kyoto temples'],
      text: 'Kyoto temples',
      language: 'eng',
      kind: 'chat',
      modelTags: [],
    });
    expect(tags).toContain('kyoto');
  });

  it('names languages in English, without the script', () => {
    expect(languageTag('fra')).toBe('french');
    expect(languageTag('chi_sim')).toBe('chinese');
    expect(languageTag('xyz')).toBeNull();
    expect(languageTag(null)).toBeNull();
  });
});
