/**
 * A note's content kind and tags (issue 25, item 4; DECISIONS "Tags and filters"), made by the summarise stage for
 * every note, with or without a model:
 *
 * - the kind: the pages' kind by the local summariser's rules (local/kind.ts; prose is an 'article', slides a
 *   'slide'), the kind of most of the text when the pages differ; 'image' for described images;
 * - tags: the kind, the language's English name ("french"), then the note's topics: a model's tags when it gave
 *   some, else its key words, found offline (keyWords below).
 *
 * Key words are words (or two-word phrases) of the note that tell it from others: weighed by where they are (title
 * 3, key points 1.5, the text 1 a time, at most 5), never a function word of the note's language or English, a
 * screen's furniture (buttons, dates, units), a word of the kind's furniture (a receipt's "total") or a word too
 * common to tell notes apart; and not OCR's junk: a word needs a vowel, no run of three letters or five
 * consonants, and, when it is no English word (a name, a misreading), to occur twice or be shaped like a name in
 * the title or the key points.
 */
import {
  MAX_NOTE_TAGS,
  type NoteContentKind,
  normaliseTag,
  ocrLanguageName,
  type PageBlock,
  tagProblem,
} from '@snapnotes/contracts';
import { languageName } from './language.js';
import { pageKind, type PageKind } from './local/kind.js';
import { isTagStopword } from './local/tag-stopwords.js';
import type { Dictionary } from './local/words.js';

/** Key words (or a model's topics) a note gets at most, after its kind and language. */
export const MAX_TOPIC_TAGS = 4;

const KIND_OF_PAGE: Record<PageKind, NoteContentKind> = {
  prose: 'article',
  slides: 'slide',
  chat: 'chat',
  code: 'code',
  form: 'form',
  receipt: 'receipt',
  table: 'table',
};

/** The kind of the note: the kind of the pages holding most of its text. */
export function contentKindOf(
  pages: readonly { text: string; heading?: string; blocks?: PageBlock[] }[],
): NoteContentKind | null {
  const weight = new Map<NoteContentKind, number>();
  for (const page of pages) {
    if (!page.text.trim()) continue;
    const kind = KIND_OF_PAGE[pageKind(page)];
    weight.set(kind, (weight.get(kind) ?? 0) + page.text.length);
  }
  let best: NoteContentKind | null = null;
  for (const [kind, w] of weight) if (best === null || w > weight.get(best)!) best = kind;
  return best;
}

/** The language's tag: its English name in lower case ("french", "chinese"); null when the code has no name. */
export function languageTag(code: string | null): string | null {
  if (!code) return null;
  const name = [languageName(code), ocrLanguageName(code)].find((n) => n !== code);
  return name ? normaliseTag(name.replace(/\s*\(.*\)\s*$/, '')) : null;
}

const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;
const LATIN = /^\p{Script=Latin}+$/u;
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøœùúûüýÿ]/u;

interface Candidate {
  /** The word as tagged (lower case; a plural folded into its singular when both occur). */
  word: string;
  score: number;
  /** Times in the text. */
  count: number;
  /** Shaped like a name (capitalised, not all capitals) somewhere in the title or the key points. */
  named: boolean;
  inTitle: boolean;
  first: number;
}

function tokens(text: string): { word: string; raw: string; index: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({
    raw: m[0],
    // "John's" is John; French and Italian elisions ("d’une", "l'acqua") are the word after them.
    word: m[0]
      .toLocaleLowerCase()
      .replace(/['’]s$/u, '')
      .replace(/^(?:[cdjlmnst]|qu|dell|all|dall|nell|sull)['’]/u, ''),
    index: m.index,
  }));
}

/** OCR junk and non-words: too short or long, no vowel, a run of three same letters or five consonants. */
function looksLikeJunk(word: string): boolean {
  const length = [...word].length;
  if (length < 3 || length > 24) return true;
  const letters = word.replace(/['’-]/g, '');
  if (!LATIN.test(letters)) {
    // Another script: one script only (OCR mixing Greek into a Latin word is junk).
    const scripts = ['Latin', 'Greek', 'Cyrillic', 'Arabic', 'Hebrew', 'Han', 'Hangul', 'Devanagari'];
    return scripts.filter((sc) => new RegExp(`\\p{Script=${sc}}`, 'u').test(letters)).length > 1;
  }
  if (!VOWEL.test(word)) return true;
  if (/(\p{L})\1\1/u.test(word)) return true;
  return /[bcdfghjklmnpqrstvwxz]{5}/u.test(word);
}

export interface TagSource {
  title: string;
  keyPoints: readonly string[];
  /** The note's text (its original text). */
  text: string;
  language: string | null;
  kind: NoteContentKind | null;
  /** The English word list (local/words.ts): a word that is none must show it is a name or occur twice. */
  dictionary?: Dictionary | null | undefined;
}

/** The note's key words and phrases, best first, at most `max`. */
export function keyWords(source: TagSource, max = MAX_TOPIC_TAGS): string[] {
  const candidates = new Map<string, Candidate>();
  let order = 0;
  const usable = (word: string) => !looksLikeJunk(word) && !isTagStopword(word, source.language, source.kind);
  const add = (text: string, weight: number, inText: boolean) => {
    for (const t of tokens(text)) {
      if (!usable(t.word)) continue;
      const c = candidates.get(t.word) ?? {
        word: t.word,
        score: 0,
        count: 0,
        named: false,
        inTitle: false,
        first: order++,
      };
      if (inText) {
        c.count++;
        if (c.count <= 5) c.score += weight;
      } else {
        c.score += weight;
        if (/^\p{Lu}\p{Ll}/u.test(t.raw)) c.named = true;
      }
      candidates.set(t.word, c);
    }
  };
  add(source.title, 3, false);
  for (const c of candidates.values()) c.inTitle = true;
  for (const point of source.keyPoints) add(point, 1.5, false);
  add(source.text, 1, true);

  // A plural and its singular are one word.
  for (const [word, c] of candidates) {
    const singular = word.endsWith('s') ? candidates.get(word.slice(0, -1)) : undefined;
    if (singular && singular !== c) {
      singular.score += c.score;
      singular.count += c.count;
      singular.named ||= c.named;
      singular.inTitle ||= c.inTitle;
      candidates.delete(word);
    }
  }

  const dictionary = source.dictionary;
  const english = source.language === 'eng' || source.language === null;
  const trusted = (c: Candidate) => {
    if (c.count >= 2) return true;
    if (english && dictionary && (dictionary.has(c.word) || dictionary.has(`${c.word}s`))) return true;
    return c.named;
  };
  // Short texts still get their title's words; otherwise a word seen once in the text only says little.
  const minimum = countWordsOf(source.text) < 40 ? 1 : 2;
  const ranked = [...candidates.values()]
    // A word of three letters only from the title (an acronym there: "DAG", "GUT"), where it is a subject.
    .filter((c) => c.score >= minimum && trusted(c) && ([...c.word].length > 3 || c.inTitle))
    .map((c) => ({ ...c, score: c.score + ([...c.word].length >= 6 ? 0.5 : 0) }))
    .sort((a, b) => b.score - a.score || a.first - b.first);

  // Two key words side by side twice or more (in the title, key points or text) are one phrase: "machine learning".
  const top = new Set(ranked.slice(0, max * 3).map((c) => c.word));
  const pairs = new Map<string, number>();
  for (const line of [source.title, ...source.keyPoints, ...source.text.split('\n')]) {
    const words = tokens(line);
    for (let i = 0; i + 1 < words.length; i++) {
      const [a, b] = [words[i]!, words[i + 1]!];
      const between = line.slice(a.index + a.raw.length, b.index);
      if (top.has(a.word) && top.has(b.word) && a.word !== b.word && /^[ \t]+$/.test(between)) {
        const phrase = `${a.word} ${b.word}`;
        pairs.set(phrase, (pairs.get(phrase) ?? 0) + 1);
      }
    }
  }
  const phrases = [...pairs].filter(([, n]) => n >= 2).map(([p]) => p);

  const out: string[] = [];
  const used = new Set<string>();
  for (const c of ranked) {
    if (out.length >= max) break;
    if (used.has(c.word)) continue;
    const phrase = phrases.find((p) => p.split(' ').includes(c.word) && p.split(' ').every((w) => !used.has(w)));
    const tag = phrase ?? c.word;
    for (const w of tag.split(' ')) used.add(w);
    out.push(tag);
  }
  return out;
}

function countWordsOf(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** A model's tags, usable ones only: normalised, at most three words, not the kind or the language again. */
export function modelTopics(tags: readonly string[] | undefined, max = MAX_TOPIC_TAGS): string[] {
  const out: string[] = [];
  for (const raw of tags ?? []) {
    if (typeof raw !== 'string') continue;
    const tag = normaliseTag(raw);
    if (tagProblem(tag) || tag.split(' ').length > 3 || out.includes(tag)) continue;
    out.push(tag);
    if (out.length >= max) break;
  }
  return out;
}

/** A note's tags: its kind, its language, then its topics (a model's when given, else its key words); deduplicated. */
export function noteTags(source: TagSource & { modelTags?: readonly string[] | undefined }): string[] {
  const topics = modelTopics(source.modelTags);
  const tags = [source.kind, languageTag(source.language), ...(topics.length > 0 ? topics : keyWords(source))].filter(
    (t): t is string => typeof t === 'string' && t.length > 0 && tagProblem(t) === null,
  );
  return [...new Set(tags)].slice(0, MAX_NOTE_TAGS);
}
