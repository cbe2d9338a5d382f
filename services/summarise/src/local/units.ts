/**
 * Units of a text (sentences, list items, list summaries, code descriptions, chat messages), their term weights
 * and scores, and the choice of key points among them. Shared by the prose and chat summaries.
 */
import { KEY_POINT_MAX, MAX_KEY_POINTS, canonical, shorten } from '../text.js';
import type { Analyser } from './analyser.js';

export type UnitKind = 'sentence' | 'item' | 'list' | 'code' | 'message';

export interface Unit {
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

/** Term weights: frequency of each content term, damped for terms that appear in most units. */
export function termWeights(units: Unit[]): Map<string, number> {
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

/** Scores units by their terms' weights; the first sentence or message and paragraph openings get a bonus. */
export function scoreUnits(units: Unit[], weights: Map<string, number>): void {
  let first: Unit | undefined;
  for (const u of units) {
    const distinct = [...new Set(u.terms)];
    let score = distinct.reduce((s, t) => s + (weights.get(t) ?? 0), 0) / Math.sqrt(Math.max(1, distinct.length));
    if (u.kind === 'sentence' && u.words < 4) score *= 0.5;
    if (u.words > 45) score *= 0.85;
    if (u.kind === 'code') score = Math.max(score, 0.5);
    u.score = score;
    if (!first && (u.kind === 'sentence' || u.kind === 'message')) first = u;
  }
  const max = Math.max(1e-9, ...units.map((u) => u.score));
  for (const u of units) {
    u.score = u.score / max;
    if (u === first) u.score += 0.2;
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

export const byScore = (a: Unit, b: Unit) => b.score - a.score || a.order - b.order;

/** 3–6 key points (fewer only when there are fewer units), the best-ranked distinct units, in reading order. */
export function pickKeyPoints(
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
  const ranked = [...units].sort(byScore);
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

export interface RankedPhrase {
  text: string;
  score: number;
  order: number;
  /** How many times the phrase occurs. */
  count: number;
}

/** The key phrases of the units, best first: each phrase scores the weights of its terms, once per occurrence. */
export function rankPhrases(units: Unit[], analyser: Analyser, weights: Map<string, number>): RankedPhrase[] {
  const scores = new Map<string, RankedPhrase>();
  let order = 0;
  for (const u of units) {
    if (u.kind !== 'sentence' && u.kind !== 'item' && u.kind !== 'message') continue;
    for (const phrase of analyser.phrases(u.text)) {
      const key = canonical(phrase);
      if (!key) continue;
      const terms = analyser.terms(phrase);
      if (terms.length === 0) continue;
      const w = terms.reduce((s, t) => s + (weights.get(t) ?? 0), 0) / terms.length;
      const entry = scores.get(key) ?? { text: phrase, score: 0, order: order++, count: 0 };
      entry.score += w * (1 + 0.25 * (terms.length - 1));
      entry.count++;
      scores.set(key, entry);
    }
  }
  return [...scores.values()].sort((a, b) => b.score - a.score || a.order - b.order);
}
