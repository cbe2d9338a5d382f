/**
 * The notes rubric with no model configured: the local summariser over the whole corpus (46 screenshots of 16
 * kinds, as OCR reads them). At least 90% of titles name the subject, no key point is page furniture, and the
 * detailed summary of every long text is shorter than the text and keeps its order. `pnpm bench:notes` prints
 * the same figures per kind.
 */
import type { Summariser } from '@snapnotes/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../../src/local.js';
import { recordingLogger } from '../logger.js';
import { CORPUS } from './corpus/index.js';
import { type ItemScore, figures, junkRule, report, runRubric, titleProblems } from './score.js';

let local: Summariser;
let scores: ItemScore[];

beforeAll(async () => {
  local = await createLocalSummariser({ logger: recordingLogger() });
  scores = await runRubric((req) => local.summarise(req));
  console.info(`Notes rubric, local summariser:\n${report(scores)}`);
});

describe('notes rubric: the local summariser', () => {
  it('covers at least 40 screenshots of every kind the issue names', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(CORPUS.map((i) => i.kind));
    for (const kind of ['article', 'release-notes', 'slide', 'chat-light', 'chat-dark', 'social', 'code-editor']) {
      expect(kinds).toContain(kind);
    }
    for (const kind of [
      'receipt',
      'recipe',
      'settings',
      'email',
      'docs',
      'spreadsheet',
      'french',
      'german',
      'spanish',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(new Set(CORPUS.map((i) => i.id)).size).toBe(CORPUS.length);
  });

  it('names the subject in at least 90% of titles', () => {
    const all = figures(scores).at(-1)!;
    expect(all.titlesNamingSubject / all.items).toBeGreaterThanOrEqual(0.9);
  });

  it('makes no key point of page furniture', () => {
    expect(scores.flatMap((s) => s.junk.map((j) => `${s.item.id}: ${j.point} (${j.rule})`))).toEqual([]);
  });

  it('keeps the detailed summary of a long text shorter than the text, in its order', () => {
    expect(scores.flatMap((s) => s.summaryProblems.map((p) => `${s.item.id}: ${p}`))).toEqual([]);
  });

  it("titles the issue's examples by their subject", () => {
    const title = (id: string) => scores.find((s) => s.item.id === id)!.draft.title;
    expect(title('article-tide-pools')).toBe('Why the Tide Pools at Marrow Point Are Getting Warmer');
    expect(title('release-harbor-sync')).toBe('Release notes - Harbor Sync 4.12.0');
    expect(title('chat-dark-marco-climbing')).toMatch(/^Chat with Marco Bellini: .*climbing/);
    expect(title('social-greenhouse-timer')).toMatch(/watering timer for my greenhouse/);
    expect(title('article-spring-workshops')).toBe('Spring Workshop Series');
    expect(title('code-billing-service')).toMatch(/^billing_service\.py\b/);
    expect(title('receipt-green-leaf')).toBe('Green Leaf Market receipt');
  });
});

describe('notes rubric: its own rules', () => {
  const item = CORPUS.find((i) => i.id === 'slide-soil-moisture')!;

  it('calls page furniture junk', () => {
    for (const point of [
      'Northfield Agronomy Slide 7 of 18',
      '12',
      '17:52',
      'Apr 12, 2025',
      '1.2K views',
      '611 Likes',
      'last seen today at 17:52',
      '5 min read',
      '9:41 .ull 5G 87%',
      'Reply',
      'Like Comment Repost Send',
      'Priya Raman @priya_grows · 3h',
      'See you there 17:47 ✓✓',
    ]) {
      expect(junkRule(point, item), point).not.toBeNull();
    }
  });

  it('lets content through', () => {
    for (const point of [
      'Sandy soils drain in hours: irrigate little and often',
      'Probe readings below 20% call for irrigation within 24 h',
      'Marco Bellini: Meet at the entrance at 7?',
      'Total £13.98, paid by VISA CONTACTLESS',
    ]) {
      expect(junkRule(point, item), point).toBeNull();
    }
  });

  it("fails titles that miss the subject or keep a misread word, as the issue's did", () => {
    const tide = CORPUS.find((i) => i.id === 'article-tide-pools')!;
    expect(titleProblems('Marrow Point, spring and degrees', tide)).not.toEqual([]);
    const spring = CORPUS.find((i) => i.id === 'article-spring-workshops')!;
    expect(titleProblems('Spring Werkshep Series', spring)).not.toEqual([]);
    const chat = CORPUS.find((i) => i.id === 'chat-dark-marco-climbing')!;
    expect(titleProblems('Chat with last seen at', chat)).not.toEqual([]);
    const post = CORPUS.find((i) => i.id === 'social-greenhouse-timer')!;
    expect(titleProblems('Priya Raman @', post)).not.toEqual([]);
  });
});
