/**
 * The moderation corpus's texts (see types.ts): 84 benign items in 10 sub-categories and 34 flagged ones (explicit
 * sexual text, slurs aimed at people, threats). Images of them: services/moderation/test/corpus.
 */
import { BENIGN_TALK } from './benign-talk.js';
import { BENIGN_PAGES } from './benign-pages.js';
import { BENIGN_THINGS } from './benign-things.js';
import { FLAGGED } from './flagged.js';
import type { CorpusItem } from './types.js';

export { MODEL_ONLY, PASS, REJECT, type CorpusItem, type Layout } from './types.js';

export const CORPUS: readonly CorpusItem[] = [...BENIGN_TALK, ...BENIGN_THINGS, ...BENIGN_PAGES, ...FLAGGED];

const seen = new Set<string>();
for (const item of CORPUS) {
  if (seen.has(item.id)) throw new Error(`moderation corpus: duplicate id ${item.id}`);
  seen.add(item.id);
}

const wordSet = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []);
const indexed = CORPUS.map((item) => ({ item, words: wordSet(item.text) }));

/**
 * The corpus item a text was read from: the same text, or (for OCR output, which differs a little) the item sharing
 * the most words with it, when they share at least 40% of their words. Null for other text.
 */
export function corpusItemOf(text: string): CorpusItem | null {
  const exact = indexed.find((e) => e.item.text === text);
  if (exact) return exact.item;
  const words = wordSet(text);
  let best: { item: CorpusItem; score: number } | null = null;
  for (const e of indexed) {
    let shared = 0;
    for (const w of words) if (e.words.has(w)) shared++;
    const score = shared / Math.max(1, new Set([...words, ...e.words]).size);
    if (!best || score > best.score) best = { item: e.item, score };
  }
  return best && best.score >= 0.4 ? best.item : null;
}

/** The OpenAI category scores recorded for a corpus text (see types.ts), for the stand-in. */
export function recordedScores(text: string): CorpusItem['openai'] | undefined {
  return corpusItemOf(text)?.openai;
}
