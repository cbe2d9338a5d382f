/**
 * Prose: sentences, list items and code blocks become units; key points are the best-ranked of them and the
 * detailed summary keeps headings, the best sentences of every paragraph, lists and code descriptions, in order.
 * Page furniture takes no part.
 */
import type { Block } from './blocks.js';
import { furnitureOf } from '../furniture.js';
import { canonical, capitalise, countWords, joinAnd, joinSentences, shorten, tidyHeading } from '../text.js';
import type { Analyser } from './analyser.js';
import { codeSentence, describeCode } from './code.js';
import { type Unit, type UnitKind, byScore } from './units.js';

/** Below this many words of prose the detailed summary keeps every sentence (a summary of a short note is the note). */
const SHORT_TEXT_WORDS = 80;
/** From SHORT_TEXT_WORDS on, the sentences kept hold at most this share of the prose's words (issue 21). */
const MAX_SUMMARY_SHARE = 0.6;

/** Content, not furniture: a sentence or item that furniture rules do not claim. */
function isContent(text: string): boolean {
  return furnitureOf(text) === null;
}

/** "and" in the languages whose lists the local summariser joins; English otherwise. */
const AND: Record<string, string> = { fra: 'et', deu: 'und', spa: 'y', ita: 'e', por: 'e', nld: 'en' };

export function andIn(language: string | null): string {
  return AND[language ?? ''] ?? 'and';
}

export function buildUnits(blocks: Block[], analyser: Analyser, language: string | null = null): Unit[] {
  const units: Unit[] = [];
  const add = (kind: UnitKind, text: string, block: number, firstInBlock: boolean, terms?: string[]) => {
    const t = text.trim();
    if (!t || !isContent(t)) return;
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
          .map((item) => item.replace(/[.;]+$/, ''))
          .map((item) => (countWords(item) > 6 ? item.replace(/[,;:(–—].*$/, '').trim() || item : item))
          .map((item) => (/^\p{Lu}\p{Ll}/u.test(item) ? item.charAt(0).toLowerCase() + item.slice(1) : item));
        add('list', `${capitalise(leadIn)}: ${joinAnd(items, andIn(language))}`, i, false);
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
  // Text that is nothing but headings (a slide of short lines, a table): the headings are the content.
  if (units.filter((u) => u.kind !== 'code').length === 0)
    blocks.forEach((b, i) => b.type === 'heading' && add('sentence', b.text, i, true));
  return units;
}

/** Words of prose (sentences and list items). */
export function proseWords(units: Unit[]): number {
  return units.filter((u) => u.kind === 'sentence' || u.kind === 'item').reduce((n, u) => n + u.words, 0);
}

/**
 * Headings the detailed summary leaves out: the title itself (even split over two lines or corrected), the short
 * headings above it (a site's name, a section label, a menu), and headings that nothing follows (a sidebar of
 * links, a slide's footer).
 */
/** A menu of sections: three to eight capitalised words, nothing else. */
const MENU_RE = /^\p{Lu}[\p{Ll}&'’-]+(?:\s+\p{Lu}[\p{Ll}&'’-]+){2,7}$/u;

function skippedHeadings(blocks: Block[], title: string): Set<number> {
  const skip = new Set<number>();
  const titleWords = new Set(canonical(title).split(' '));
  const overlap = (text: string) => {
    const ws = canonical(text).split(' ').filter(Boolean);
    return ws.length ? ws.filter((w) => titleWords.has(w)).length / ws.length : 0;
  };
  const titleAt = blocks.findIndex((b) => b.type === 'heading' && overlap(b.text) >= 0.6);
  blocks.forEach((b, i) => {
    if (b.type !== 'heading') return;
    if (overlap(b.text) >= 0.6 && (i === titleAt || i === titleAt + 1)) skip.add(i);
    // Above the title: a site's name, its sections' menu ("Science Nature Space Health": capitalised words alone).
    else if (i < titleAt && (countWords(b.text) <= 3 || MENU_RE.test(b.text.trim()))) skip.add(i);
  });
  // Trailing headings: no paragraph, list or code after them (on a page of nothing but headings, they are the page).
  const content = (b: Block) => b.type === 'paragraph' || b.type === 'list' || b.type === 'code';
  if (blocks.some(content)) for (let i = blocks.length - 1; i >= 0 && !content(blocks[i]!); i--) skip.add(i);
  return skip;
}

/** The detailed summary: headings, the selected sentences of each paragraph, lists, code described, in order. */
export function buildDetailed(blocks: Block[], units: Unit[], title: string): string {
  const skip = skippedHeadings(blocks, title);
  const words = proseWords(units);
  const short = words <= SHORT_TEXT_WORDS;
  const keep = new Set<Unit>();
  if (short) {
    units.forEach((u) => keep.add(u));
  } else {
    const budget = Math.min(450, Math.max(Math.min(60, Math.floor(words * 0.5)), Math.round(words * 0.4)));
    let used = 0;
    // The best sentence of every paragraph, then the best remaining sentences until the budget is spent.
    const byBlock = new Map<number, Unit[]>();
    for (const u of units) if (u.kind === 'sentence') byBlock.set(u.block, [...(byBlock.get(u.block) ?? []), u]);
    for (const list of byBlock.values()) {
      const best = [...list].sort(byScore)[0]!;
      keep.add(best);
      used += best.words;
    }
    for (const u of units.filter((x) => x.kind === 'sentence').sort(byScore)) {
      if (used >= budget) break;
      if (keep.has(u)) continue;
      keep.add(u);
      used += u.words;
    }
    // The lead (the article's first sentence) says what it is about: it stays.
    const lead = units.find((u) => u.kind === 'sentence');
    if (lead && !keep.has(lead)) {
      keep.add(lead);
      used += lead.words;
    }
    // The best sentence of every paragraph may already be too much (many short paragraphs): the weakest go until
    // the summary is a summary, not a copy.
    const cap = Math.floor(words * MAX_SUMMARY_SHARE);
    for (const u of [...keep].sort(byScore).reverse()) {
      if (used <= cap || keep.size <= 1) break;
      if (u === lead) continue;
      keep.delete(u);
      used -= u.words;
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
    if (b.type === 'furniture') return;
    if (b.type === 'heading') {
      if (skip.has(i) || furnitureOf(b.text)) return;
      flush();
      if (mine.length && !keep.has(mine[0]!)) return;
      parts.push(tidyHeading(b.text));
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
      if (items.length === 0) return;
      let shown = items;
      let more = 0;
      if (!short && items.length > 6) {
        shown = [...items]
          .sort(byScore)
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
  return parts.length ? parts.join('\n\n') : units.map((u) => u.text).join('\n');
}
