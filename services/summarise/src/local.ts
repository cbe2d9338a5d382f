/**
 * The local summariser: no key, no network, no model download. Extractive: it ranks the sentences and list
 * items of the cleaned OCR text (wink-nlp for English, Unicode segmentation for other languages) and builds
 * a title, key points and a shorter detailed summary from them, keeping headings and lists in order.
 */
import type { DescribeRequest, Logger, SummariseRequest, Summariser, SummaryDraft } from '@snapnotes/contracts';
import type { ItemCustomEntity, ItemToken, WinkMethods } from 'wink-nlp';
import { type Block, TIME_RE, parseBlocks } from './clean.js';
import { describeImagesLocally } from './describe.js';
import { detectLanguage } from './language.js';
import {
  KEY_POINT_MAX,
  MAX_KEY_POINTS,
  TITLE_MAX,
  canonical,
  capitalise,
  countWords,
  joinAnd,
  joinSentences,
  normaliseDraft,
  shorten,
  tidyHeading,
} from './text.js';

export const LOCAL_ENGINE = 'local';

/** Below this many words the detailed summary keeps every sentence (a summary of a short note is the note). */
const SHORT_TEXT_WORDS = 160;

// ---------------------------------------------------------------------------------------------------------
// Analysers: sentence splitting, content terms, key phrases.

interface Analyser {
  /** wink's English model (key phrases are noun phrases; titles may list them with "and"). */
  english: boolean;
  sentences(text: string): string[];
  /** Normalised content words (lemmas without stop words for English). */
  terms(text: string): string[];
  /** Candidate key phrases (noun phrases for English, single words otherwise), in text order. */
  phrases(text: string): string[];
}

let winkPromise: Promise<WinkMethods> | undefined;

/** Loads wink-nlp and its English model once per process (about 200 ms). */
function loadWink(): Promise<WinkMethods> {
  winkPromise ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([
      import('wink-nlp'),
      import('wink-eng-lite-web-model'),
    ]);
    const nlp = winkNLP(model);
    nlp.learnCustomEntities([
      {
        name: 'phrase',
        patterns: ['[ADJ|NOUN|PROPN] [NOUN|PROPN] [NOUN|PROPN]', '[ADJ|NOUN|PROPN] [NOUN|PROPN]', '[NOUN|PROPN]'],
      },
    ]);
    return nlp;
  })();
  return winkPromise;
}

function englishAnalyser(nlp: WinkMethods): Analyser {
  const its = nlp.its;
  return {
    english: true,
    sentences(text) {
      return nlp
        .readDoc(text)
        .sentences()
        .out()
        .map((s) => s.trim())
        .filter(Boolean);
    },
    terms(text) {
      const doc = nlp.readDoc(text);
      const out: string[] = [];
      doc.tokens().each((t: ItemToken) => {
        if (t.out(its.type) !== 'word' || t.out(its.stopWordFlag)) return;
        // wink's typings declare lemma with a third parameter that out() does not accept; it works at run time.
        const lemma = String(t.out(its.lemma as unknown as typeof its.normal)).toLowerCase();
        if (lemma.length > 1 && /\p{L}/u.test(lemma)) out.push(lemma);
      });
      return out;
    },
    phrases(text) {
      const doc = nlp.readDoc(text);
      const out: string[] = [];
      doc.customEntities().each((e: ItemCustomEntity) => {
        const value = e.out();
        const tokens = e.tokens();
        const firstPos = tokens.itemAt(0)?.out(its.pos);
        const words = value.split(/\s+/);
        if (words.length === 1 && (value.length < 4 || !/^\p{L}/u.test(value))) return;
        const acronym = /^\p{Lu}{2,}/u.test(value);
        out.push(firstPos === 'NOUN' && !acronym ? value.charAt(0).toLowerCase() + value.slice(1) : value);
      });
      return out;
    },
  };
}

const CJK_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

function genericAnalyser(): Analyser {
  const sentenceSeg = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const wordSeg = new Intl.Segmenter(undefined, { granularity: 'word' });
  const words = (text: string) =>
    [...wordSeg.segment(text)]
      .filter((s) => s.isWordLike)
      .map((s) => s.segment)
      .filter((w) => /\p{L}/u.test(w) && (w.length >= 4 || (CJK_RE.test(w) && w.length >= 2)));
  return {
    english: false,
    sentences(text) {
      return [...sentenceSeg.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
    },
    terms(text) {
      return words(text).map((w) => w.toLocaleLowerCase());
    },
    phrases(text) {
      return words(text);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The document model: units (sentences, list items, list summaries, code) tied to their blocks.

type UnitKind = 'sentence' | 'item' | 'list' | 'code' | 'message';

interface Unit {
  kind: UnitKind;
  text: string;
  block: number;
  /** Position in reading order. */
  order: number;
  firstInBlock: boolean;
  terms: string[];
  words: number;
  score: number;
}

interface ChatMessage {
  speaker: string;
  time: string;
  text: string;
}

interface CodeInfo {
  language: string | null;
  lines: number;
  /** Functions, classes and tables the code defines. */
  names: string[];
  /** Functions it calls that it does not define. */
  calls: string[];
}

const NOT_CALLS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'typeof',
  'new',
  'await',
  'async',
  'def',
  'fn',
  'func',
  'print',
  'super',
  'this',
  'constructor',
  'elif',
  'with',
  'in',
  'not',
  'and',
  'or',
  'VALUES',
  'INTO',
]);

/** Guesses what a code block is and what it defines, for a one-line description. */
export function describeCode(lines: string[]): CodeInfo {
  const src = lines.join('\n');
  let language: string | null = null;
  if (
    /^\s*(?:def |from \S+ import|import \w+$|elif |print\()/m.test(src) ||
    (/:\s*$/m.test(src) && /^\s+\S/m.test(src) && !/[{};]\s*$/m.test(src))
  ) {
    language = 'Python';
  } else if (/\b(?:interface|type)\s+\w+\s*[={]|:\s*(?:string|number|boolean)\b/.test(src)) language = 'TypeScript';
  else if (/\b(?:const|let|var|function)\b|=>|console\.|document\.|window\./.test(src)) language = 'JavaScript';
  else if (/\bpublic\s+(?:static\s+)?(?:class|void)\b|System\.out/.test(src)) language = 'Java';
  else if (/#include\s*[<"]/.test(src)) language = 'C/C++';
  else if (/^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE)\b/im.test(src)) language = 'SQL';
  else if (/\bfn\s+\w+\s*\(|\blet\s+mut\b/.test(src)) language = 'Rust';
  else if (/\bfunc\s+\w+\s*\(|:=/.test(src)) language = 'Go';
  const names = new Set<string>();
  const patterns = [
    /\b(?:function|def|fn|func|class|interface)\s+([A-Za-z_$][\w$]*)/g,
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\(|function|[A-Za-z_$][\w$]*\s*\()/g,
    /^\s*(?:public|private|protected)\s+(?:static\s+)?[\w<>[\]]+\s+([A-Za-z_]\w*)\s*\(/gm,
    /\bCREATE\s+TABLE\s+([A-Za-z_]\w*)/gi,
  ];
  for (const re of patterns) for (const m of src.matchAll(re)) if (m[1]) names.add(m[1]);
  const calls = new Set<string>();
  for (const m of src.matchAll(/([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\(/g)) {
    const name = m[1]!;
    const last = name.split('.').pop()!;
    if (
      !names.has(last) &&
      !NOT_CALLS.has(last) &&
      !/^(?:function|def|fn|func|class)\s+$/.test(src.slice(Math.max(0, m.index! - 9), m.index))
    ) {
      calls.add(name);
    }
  }
  return {
    language,
    lines: lines.filter((l) => l.trim()).length,
    names: [...names].slice(0, 4),
    calls: [...calls].slice(0, 4),
  };
}

function codeSentence(info: CodeInfo): string {
  const what = info.language ? `${info.language} code` : 'Code';
  const defines = info.names.length ? ` defining ${joinAnd(info.names)}` : '';
  return `${what} (${info.lines} line${info.lines === 1 ? '' : 's'})${defines}.`;
}

function isChatMeta(text: string): boolean {
  return TIME_RE.test(text) && countWords(text) <= 6;
}

function speakerOf(meta: string): string {
  return meta
    .replace(TIME_RE, ' ')
    .replace(/\b(?:today|yesterday|am|pm)\b/gi, ' ')
    .replace(/[[\]()|,·•:–—-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function blockText(b: Block): string {
  switch (b.type) {
    case 'heading':
    case 'paragraph':
      return b.text;
    case 'list':
      return b.items.join('\n');
    case 'code':
      return b.lines.join('\n');
  }
}

/** Chat transcripts: "Name 10:42" lines followed by messages. Returns null when the text is not a chat. */
function chatMessages(blocks: Block[]): ChatMessage[] | null {
  const metas = blocks.filter((b) => b.type === 'heading' && isChatMeta(b.text)).length;
  if (metas < 2) return null;
  const messages: ChatMessage[] = [];
  let current: ChatMessage | null = null;
  let proseOutsideMessages = 0;
  for (const b of blocks) {
    if (b.type === 'heading' && isChatMeta(b.text)) {
      if (current?.text) messages.push(current);
      current = { speaker: speakerOf(b.text), time: TIME_RE.exec(b.text)?.[0]?.trim() ?? '', text: '' };
    } else if (current) {
      current.text = [current.text, blockText(b).replace(/\n/g, ' ')].filter(Boolean).join(' ');
    } else {
      proseOutsideMessages += countWords(blockText(b));
    }
  }
  if (current?.text) messages.push(current);
  const inMessages = messages.reduce((n, m) => n + countWords(m.text), 0);
  return messages.length >= 2 && inMessages >= proseOutsideMessages ? messages : null;
}

function buildUnits(blocks: Block[], analyser: Analyser): Unit[] {
  const units: Unit[] = [];
  const add = (kind: UnitKind, text: string, block: number, firstInBlock: boolean, terms?: string[]) => {
    const t = text.trim();
    if (!t) return;
    units.push({
      kind,
      text: t,
      block,
      order: units.length,
      firstInBlock,
      terms: terms ?? analyser.terms(t),
      words: countWords(t),
      score: 0,
    });
  };
  blocks.forEach((b, i) => {
    if (b.type === 'paragraph') {
      analyser.sentences(b.text).forEach((s, k) => add('sentence', s, i, k === 0));
    } else if (b.type === 'list') {
      b.items.forEach((item, k) => add('item', capitalise(item), i, k === 0));
      // A lead-in ("Factors that affect the rate:") or a heading right before a list of short items
      // makes one key point that names the whole list.
      const prev = blocks[i - 1];
      const leadIn =
        prev &&
        (prev.type === 'heading' ||
          (prev.type === 'paragraph' && (/:$/.test(prev.text) || countWords(prev.text) <= 10)))
          ? prev.text.replace(/:$/, '')
          : null;
      const short = b.items.length >= 2 && b.items.length <= 8 && b.items.every((item) => countWords(item) <= 14);
      if (leadIn && short) {
        const items = b.items
          .map((item) => (countWords(item) > 6 ? item.replace(/[,;:(–—].*$/, '').trim() || item : item))
          .map((item) => (/^\p{Lu}\p{Ll}/u.test(item) ? item.charAt(0).toLowerCase() + item.slice(1) : item));
        add('list', `${capitalise(leadIn)}: ${joinAnd(items)}`, i, false);
      }
    } else if (b.type === 'code') {
      const info = describeCode(b.lines);
      add('code', codeSentence(info), i, true, analyser.terms(b.lines.join(' ')).slice(0, 12));
      if (info.calls.length)
        add(
          'code',
          `It calls ${joinAnd(info.calls)}.`,
          i,
          false,
          info.calls.map((c) => c.toLowerCase()),
        );
    }
  });
  // Text that is nothing but headings (a slide of short lines): the headings are the content.
  if (units.length === 0) blocks.forEach((b, i) => b.type === 'heading' && add('sentence', b.text, i, true));
  return units;
}

/** Term weights: frequency of each content term, damped for terms that appear in most units. */
function termWeights(units: Unit[]): Map<string, number> {
  const tf = new Map<string, number>();
  const df = new Map<string, number>();
  for (const u of units) {
    if (u.kind === 'list') continue; // a list summary repeats its items
    for (const t of u.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of new Set(u.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const n = units.length;
  const max = Math.max(1, ...tf.values());
  const weights = new Map<string, number>();
  for (const [t, f] of tf) {
    const spread = n >= 4 && (df.get(t) ?? 0) / n > 0.6 ? 0.3 : 1;
    weights.set(t, (f / max) * spread);
  }
  return weights;
}

function scoreUnits(units: Unit[], weights: Map<string, number>): void {
  let firstProse = true;
  for (const u of units) {
    const distinct = [...new Set(u.terms)];
    let score = distinct.reduce((s, t) => s + (weights.get(t) ?? 0), 0) / Math.sqrt(Math.max(1, distinct.length));
    if (u.kind === 'sentence' && u.words < 4) score *= 0.5;
    if (u.words > 45) score *= 0.85;
    if (u.kind === 'code') score = Math.max(score, 0.5);
    u.score = score;
    if (firstProse && (u.kind === 'sentence' || u.kind === 'message')) {
      (u as Unit & { first?: boolean }).first = true;
      firstProse = false;
    }
  }
  const max = Math.max(1e-9, ...units.map((u) => u.score));
  for (const u of units) {
    u.score = u.score / max;
    if ((u as Unit & { first?: boolean }).first) u.score += 0.2;
    else if (u.firstInBlock && u.kind === 'sentence') u.score += 0.08;
  }
}

function jaccard(a: string[], b: string[]): number {
  const A = new Set(a);
  const B = new Set(b);
  if (A.size === 0 || B.size === 0) return 0;
  let inter = 0;
  for (const t of A) if (B.has(t)) inter++;
  return inter / (A.size + B.size - inter);
}

function similar(a: Unit, b: Unit): boolean {
  const ca = canonical(a.text);
  const cb = canonical(b.text);
  return ca === cb || ca.includes(cb) || cb.includes(ca) || jaccard(a.terms, b.terms) >= 0.6;
}

/** 3–6 key points (fewer only when there are fewer units), the best-ranked distinct units, in reading order. */
function pickKeyPoints(
  units: Unit[],
  format: (u: Unit) => string = (u) => u.text,
  /** Spread the picks over groups (chat speakers): at most ceil(target / groups) per group while others are left. */
  group?: (u: Unit) => string,
): string[] {
  const n = units.filter((u) => u.kind !== 'list').length;
  const target =
    n <= 3
      ? Math.max(1, units.length >= 1 ? Math.min(3, units.length) : 1)
      : Math.min(MAX_KEY_POINTS, Math.max(3, Math.round(n / 3) + 1));
  const ranked = [...units].sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen: Unit[] = [];
  const groups = group ? new Set(units.map(group)).size : 1;
  const cap = group ? Math.ceil(target / groups) : Infinity;
  for (const pass of [0, 1]) {
    for (const u of ranked) {
      if (chosen.length >= target) break;
      if (chosen.includes(u) || chosen.some((c) => similar(c, u))) continue;
      if (pass === 0 && group && chosen.filter((c) => group(c) === group(u)).length >= cap) continue;
      chosen.push(u);
    }
  }
  return chosen.sort((a, b) => a.order - b.order).map((u) => shorten(format(u).replace(/:$/, ''), KEY_POINT_MAX));
}

function leadingHeadings(blocks: Block[]): string[] {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.type !== 'heading') break;
    if (!isChatMeta(b.text)) out.push(b.text);
  }
  return out;
}

function headingScore(text: string, analyser: Analyser, weights: Map<string, number>): number {
  const terms = [...new Set(analyser.terms(text))];
  return terms.reduce((s, t) => s + (weights.get(t) ?? 0), 0) / Math.sqrt(Math.max(1, terms.length));
}

function keyPhraseTitle(units: Unit[], analyser: Analyser, weights: Map<string, number>): string | null {
  const scores = new Map<string, { text: string; score: number; order: number }>();
  let order = 0;
  for (const u of units) {
    if (u.kind !== 'sentence' && u.kind !== 'item' && u.kind !== 'message') continue;
    for (const phrase of analyser.phrases(u.text)) {
      const key = canonical(phrase);
      if (!key) continue;
      const terms = analyser.terms(phrase);
      if (terms.length === 0) continue;
      const w = terms.reduce((s, t) => s + (weights.get(t) ?? 0), 0) / terms.length;
      const entry = scores.get(key) ?? { text: phrase, score: 0, order: order++ };
      entry.score += w * (1 + 0.25 * (terms.length - 1));
      scores.set(key, entry);
    }
  }
  const ranked = [...scores.values()].sort((a, b) => b.score - a.score || a.order - b.order);
  const picked: typeof ranked = [];
  for (const p of ranked) {
    if (picked.length === 3) break;
    const c = canonical(p.text);
    if (picked.some((q) => canonical(q.text).includes(c) || c.includes(canonical(q.text)))) continue;
    picked.push(p);
  }
  if (picked.length === 0) return null;
  return shorten(capitalise(joinAnd(picked.sort((a, b) => a.order - b.order).map((p) => p.text))), TITLE_MAX);
}

function sentenceTitle(text: string): string {
  return shorten(text.replace(/[.!?。]+$/u, ''), TITLE_MAX);
}

/**
 * The OCR's heading of the first page (its most prominent line) when it is a sensible title: a few words that the
 * page's text contains, not a clock time, not mostly digits or symbols.
 */
export function headingTitle(heading: string | undefined, pageText: string): string | null {
  if (!heading) return null;
  const h = tidyHeading(heading.replace(/\s+/g, ' ').trim());
  const letters = (h.match(/\p{L}/gu) ?? []).length;
  if (letters < 3 || letters < 0.5 * h.replace(/\s/g, '').length || countWords(h) > 16) return null;
  if (isChatMeta(h)) return null;
  const key = canonical(h);
  if (!key || !canonical(pageText).includes(key)) return null;
  return shorten(h, TITLE_MAX);
}

function buildTitle(
  blocks: Block[],
  firstPageBlocks: Block[],
  units: Unit[],
  analyser: Analyser,
  weights: Map<string, number>,
  chat: ChatMessage[] | null,
  heading: string | null,
): string {
  if (heading) return heading;
  const headings = leadingHeadings(firstPageBlocks);
  // A run of short headings at the top of a screenshot is its menu ("Home", "Explore", "Notifications"…), not
  // the topic: the title then comes from the text.
  const menu = headings.length >= 4 && headings.every((h) => countWords(h) <= 4);
  if (headings.length && !menu) {
    const best = headings
      .map((h, i) => ({ h, s: headingScore(h, analyser, weights) - i * 0.01 }))
      .sort((a, b) => b.s - a.s)[0]!.h;
    return shorten(tidyHeading(best), TITLE_MAX);
  }
  if (chat) {
    const people = [...new Set(chat.map((m) => m.speaker).filter(Boolean))];
    if (people.length === 0) return 'Chat conversation';
    const names =
      people.length <= 3 ? joinAnd(people) : `${people.slice(0, 2).join(', ')} and ${people.length - 2} others`;
    return shorten(`Chat with ${names}`, TITLE_MAX);
  }
  const codeLines = blocks
    .filter((b) => b.type === 'code')
    .reduce((n, b) => n + (b.type === 'code' ? b.lines.length : 0), 0);
  const proseWords = units.filter((u) => u.kind !== 'code').reduce((n, u) => n + u.words, 0);
  const code = blocks.find((b): b is Extract<Block, { type: 'code' }> => b.type === 'code');
  if (code && codeLines * 6 >= proseWords) {
    const info = describeCode(code.lines);
    const what = info.language ? `${info.language} code` : 'Code snippet';
    return shorten(info.names.length ? `${what}: ${info.names.join(', ')}` : what, TITLE_MAX);
  }
  const prose = units.filter((u) => u.kind === 'sentence' || u.kind === 'item');
  const top = [...prose].sort((a, b) => b.score - a.score || a.order - b.order)[0];
  if (top && top.text.length <= TITLE_MAX && top.words >= 3) return sentenceTitle(top.text);
  const first = prose[0];
  if (first && first.text.length <= TITLE_MAX && first.words >= 3) return sentenceTitle(first.text);
  const phrases = analyser.english ? keyPhraseTitle(units, analyser, weights) : null;
  if (phrases && countWords(phrases) >= 2) return phrases;
  const any = top ?? first ?? units[0];
  return any ? sentenceTitle(any.text) : 'Note';
}

/** The detailed summary: headings, the selected sentences of each paragraph, lists, code described, in order. */
function buildDetailed(blocks: Block[], units: Unit[]): string {
  const proseWords = units.filter((u) => u.kind === 'sentence' || u.kind === 'item').reduce((n, u) => n + u.words, 0);
  const short = proseWords <= SHORT_TEXT_WORDS;
  const keep = new Set<Unit>();
  if (short) {
    units.forEach((u) => keep.add(u));
  } else {
    const budget = Math.min(450, Math.max(110, Math.round(proseWords * 0.4)));
    let used = 0;
    // The best sentence of every paragraph, then the best remaining sentences until the budget is spent.
    const byBlock = new Map<number, Unit[]>();
    for (const u of units) if (u.kind === 'sentence') byBlock.set(u.block, [...(byBlock.get(u.block) ?? []), u]);
    for (const list of byBlock.values()) {
      const best = [...list].sort((a, b) => b.score - a.score || a.order - b.order)[0]!;
      keep.add(best);
      used += best.words;
    }
    for (const u of [...units]
      .filter((x) => x.kind === 'sentence')
      .sort((a, b) => b.score - a.score || a.order - b.order)) {
      if (used >= budget) break;
      if (keep.has(u)) continue;
      keep.add(u);
      used += u.words;
    }
  }

  const parts: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) parts.push(joinSentences(paragraph));
    paragraph = [];
  };
  blocks.forEach((b, i) => {
    const mine = units.filter((u) => u.block === i);
    if (b.type === 'heading') {
      flush();
      if (!isChatMeta(b.text)) parts.push(tidyHeading(b.text));
    } else if (b.type === 'paragraph') {
      const sentences = mine.filter((u) => u.kind === 'sentence' && keep.has(u)).map((u) => u.text);
      if (sentences.length === 0) return;
      // Short extracts of consecutive paragraphs read better as one paragraph.
      if (!short && paragraph.length + sentences.length <= 4) paragraph.push(...sentences);
      else {
        flush();
        paragraph.push(...sentences);
        if (short) flush();
      }
    } else if (b.type === 'list') {
      flush();
      const items = mine.filter((u) => u.kind === 'item');
      let shown = items;
      let more = 0;
      if (!short && items.length > 6) {
        shown = [...items]
          .sort((a, b) => b.score - a.score || a.order - b.order)
          .slice(0, 5)
          .sort((a, b) => a.order - b.order);
        more = items.length - shown.length;
      }
      const lines = shown.map((u, k) =>
        b.ordered && !more ? `${b.start + k}. ${shorten(u.text, 200)}` : `- ${shorten(u.text, 200)}`,
      );
      if (more) lines.push(`- …and ${more} more`);
      parts.push(lines.join('\n'));
    } else {
      flush();
      const code = mine.find((u) => u.kind === 'code');
      if (code) parts.push(code.text);
    }
  });
  flush();
  return parts.join('\n\n');
}

function chatSummary(messages: ChatMessage[], analyser: Analyser, title: string): SummaryDraft {
  const units: Unit[] = messages.map((m, i) => ({
    kind: 'message',
    text: m.text,
    block: i,
    order: i,
    firstInBlock: true,
    terms: analyser.terms(m.text),
    words: countWords(m.text),
    score: 0,
  }));
  scoreUnits(units, termWeights(units));
  const label = (u: Unit) => {
    const m = messages[u.order]!;
    return m.speaker ? `${m.speaker}: ${u.text}` : u.text;
  };
  const keyPoints = pickKeyPoints(units, label, (u) => messages[u.order]!.speaker);
  const people = [...new Set(messages.map((m) => m.speaker).filter(Boolean))];
  const first = messages[0]!.time;
  const last = messages[messages.length - 1]!.time;
  const span = first && last && first !== last ? ` from ${first} to ${last}` : first ? ` at ${first}` : '';
  const intro = `A chat${people.length ? ` between ${joinAnd(people)}` : ''} with ${messages.length} messages${span}.`;
  const totalWords = units.reduce((n, u) => n + u.words, 0);
  let shown = units;
  if (totalWords > SHORT_TEXT_WORDS) {
    const budget = Math.max(110, Math.round(totalWords * 0.4));
    let used = 0;
    shown = [];
    for (const u of [...units].sort((a, b) => b.score - a.score || a.order - b.order)) {
      if (used >= budget) break;
      shown.push(u);
      used += u.words;
    }
    shown.sort((a, b) => a.order - b.order);
  }
  const lines = shown.map((u) => `- ${shorten(label(u), 300)}`);
  return { title, keyPoints, detailedSummary: `${intro}\n\n${lines.join('\n')}`, engine: LOCAL_ENGINE };
}

/** Summarises the cleaned pages of one upload; `heading` is the first page's heading when it makes a title. */
function summariseBlocks(pages: Block[][], analyser: Analyser, heading: string | null): SummaryDraft {
  const blocks = pages.flat();
  const chat = chatMessages(blocks);
  const units = buildUnits(blocks, analyser);
  const weights = termWeights(units);
  scoreUnits(units, weights);
  const title = buildTitle(blocks, pages[0] ?? [], units, analyser, weights, chat, heading);
  if (chat) return chatSummary(chat, analyser, title);
  const keyPoints = pickKeyPoints(units);
  const detailedSummary = buildDetailed(blocks, units);
  return { title, keyPoints, detailedSummary, engine: LOCAL_ENGINE };
}

function isMostlyLatin(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return true;
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  return latin.length / letters.length >= 0.8;
}

export interface LocalSummariserOptions {
  logger: Logger;
}

/** Creates the local summariser; loads the English model once (shared by every instance in the process). */
export async function createLocalSummariser(opts: LocalSummariserOptions): Promise<Summariser> {
  const started = Date.now();
  const nlp = await loadWink();
  const english = englishAnalyser(nlp);
  const generic = genericAnalyser();
  const log = opts.logger.child({ summariser: LOCAL_ENGINE });
  log.debug({ ms: Date.now() - started }, 'local summariser ready');

  return {
    name: LOCAL_ENGINE,
    async summarise(req: SummariseRequest): Promise<SummaryDraft> {
      const parsed = req.pages.map((p) => ({ page: p, blocks: parseBlocks(p.text) })).filter((p) => p.blocks.length);
      const pages = parsed.map((p) => p.blocks);
      if (pages.length === 0) throw new Error('Nothing to summarise: every page is empty after cleaning');
      // The OCR's heading of the first page (the tallest line near its top) names the note better than any
      // sentence; a page without one falls back to the text's own headings and sentences.
      const first = parsed[0]!.page;
      const heading = headingTitle(first.heading, first.text);
      const text = req.pages.map((p) => p.text).join('\n');
      const language = req.language ?? detectLanguage(text);
      // wink's model is English; other languages get the language-neutral analyser (Unicode segmentation).
      const useEnglish = language === 'eng' || (language === null && isMostlyLatin(text));
      const draft = summariseBlocks(pages, useEnglish ? english : generic, heading);
      log.debug(
        { language, analyser: useEnglish ? 'wink' : 'generic', keyPoints: draft.keyPoints.length },
        'summarised locally',
      );
      return normaliseDraft(draft);
    },
    async describe(req: DescribeRequest): Promise<SummaryDraft> {
      return normaliseDraft(await describeImagesLocally(req, log));
    },
  };
}
