/**
 * The local text rules (docs/DECISIONS.md, "What is inappropriate"): what a page's words are judged to be, and why.
 *
 *   hate.slur            a slur with no other meaning, used (not quoted or named as "the word …")
 *   hate.targeted-slur   a slur that is also an ordinary word, aimed at someone ("you ___", "he's a ___", "dirty ___")
 *   sexual.term          a term that only names a sex act or pornography ("blowjob")
 *   sexual.act           a sex act described ("lick her …", "fuck me hard", "cum on …", "jerk off")
 *   sexual.description   an explicit description ("wet …") with at least one more sexual word
 *   sexual.slang         four or more distinct sexual slang words with nothing else explicit
 *
 * Never flags: profanity and insults ("shit", "fuck you", "suck my dick"), clinical and legal vocabulary, slurs that
 * are also ordinary words when nothing aims them at anyone, words named or quoted, everyday idioms ("tits up"), and
 * any match holding a word OCR read with low confidence. Threats are left to a model (docs/DECISIONS.md).
 */
import * as L from './lexicon.js';
import type { Word } from './words.js';

export type TextCategory = 'sexual' | 'hate';

export interface Finding {
  category: TextCategory;
  rule: string;
  /** Indexes of the words that make the finding. */
  words: number[];
}

export interface Judgement {
  flagged: boolean;
  category?: TextCategory;
  rule?: string;
  /** Matches set aside, by why: profanity, insult, idiom, mention, ambiguous-word, low-confidence, below-threshold. */
  ignored: Record<string, number>;
  /** Every finding that counted (after the confidence check), for tests and tuning. */
  findings: Finding[];
}

/** A set of normal forms, also matched squeezed ("fuuuuck", "niggggger"). */
class Lexicon {
  private readonly squeezed: ReadonlySet<string>;
  constructor(private readonly words: ReadonlySet<string>) {
    this.squeezed = new Set([...words].map((w) => w.replace(/(\p{L})\1+/gu, '$1')));
  }
  has(w: Word | undefined): boolean {
    if (!w) return false;
    return this.words.has(w.norm) || (w.squeezed !== null && this.squeezed.has(w.squeezed));
  }
}

const SLURS = new Lexicon(L.SLURS);
const AMBIGUOUS_SLURS = new Lexicon(L.AMBIGUOUS_SLURS);
const SEX_TERMS = new Lexicon(L.SEX_TERMS);
const SEX_SLANG = new Lexicon(L.SEX_SLANG);
const PROFANITY = new Lexicon(L.PROFANITY);
const is = (w: Word | undefined, set: ReadonlySet<string>) => w !== undefined && set.has(w.norm);
const isAny = (w: Word | undefined, ...norms: string[]) => w !== undefined && norms.includes(w.norm);

/** Singular of a slang word, so "tit" and "tits" count once. */
function lemma(norm: string): string {
  if (norm.endsWith('ies')) return `${norm.slice(0, -3)}y`;
  if (norm.endsWith('s') && L.SEX_SLANG.has(norm.slice(0, -1))) return norm.slice(0, -1);
  return norm;
}

export interface JudgeOptions {
  /** Words read with a lower OCR confidence (0–100) never flag. */
  minConfidence: number;
}

export function judge(text: string, words: readonly Word[], options: JudgeOptions): Judgement {
  const ignored: Record<string, number> = {};
  const skip = (why: string, n = 1) => {
    ignored[why] = (ignored[why] ?? 0) + n;
  };
  /** Whether words a..b run on in one sentence: no sentence end, tab (a table cell) or blank line between them. */
  const together = (a: number, b: number) => {
    for (let k = a; k < b; k++) {
      const gap = text.slice(words[k]!.end, words[k + 1]!.start);
      if (/[.,!?;:\t]|\n\s*\n/.test(gap)) return false;
    }
    return true;
  };
  const at = (k: number) => (k >= 0 && k < words.length ? words[k] : undefined);
  const used = new Set<number>();
  const candidates: Finding[] = [];
  const found = (category: TextCategory, rule: string, idx: number[]) => {
    candidates.push({ category, rule, words: idx });
    for (const k of idx) used.add(k);
  };

  // Idioms first: their words count for nothing else.
  for (let i = 0; i < words.length; i++) {
    for (const idiom of L.IDIOMS) {
      const idx = idiom.map((_, k) => i + k);
      if (idiom.every((n, k) => at(i + k)?.norm === n) && together(i, i + idiom.length - 1)) {
        skip('idiom');
        for (const k of idx) used.add(k);
      }
    }
  }

  const mentioned = (i: number) => words[i]!.quoted || (is(at(i - 1), L.MENTION_WORDS) && together(i - 1, i));

  /** The words that aim an ambiguous slur at someone, or null. */
  function targeting(i: number): number[] | null {
    if (is(at(i - 1), L.HOSTILE_WORDS) && together(i - 1, i)) return [i - 1];
    const passed: number[] = [];
    let j = i - 1;
    while (j >= 0 && passed.length < 4 && is(at(j), L.FILLERS)) passed.push(j--);
    const anchor = at(j);
    if (!anchor || !together(j, i)) return null;
    if (is(anchor, L.ADDRESS_WORDS) || is(anchor, L.PERSON_COPULAS)) return [j, ...passed];
    if (anchor.norm === 'ur' && passed.some((k) => isAny(at(k), 'a', 'an', 'such'))) return [j, ...passed];
    if (is(anchor, L.COPULAS) && together(j - 1, j)) {
      const subject = at(j - 1);
      if (is(subject, L.PERSON_PRONOUNS)) return [j - 1, j, ...passed];
      // "the new tenants are ___s": a predicate about people; "there are chinks in…", "they are dykes of…" are not.
      const ordinary = is(words[i], L.ORDINARY_PREDICATES) || is(at(i + 1), L.PREPOSITIONS);
      if (subject && !is(subject, L.NOT_PEOPLE) && !ordinary) return [j - 1, j, ...passed];
    }
    return null;
  }

  /** A sex act starting at word i (see the rule list above), as the indexes of its words, or 'insult', or null. */
  function act(i: number): number[] | 'insult' | null {
    const w = at(i)!;
    const n1 = at(i + 1);
    const n2 = at(i + 2);
    const n3 = at(i + 3);
    if (is(w, L.SEX_VERBS)) {
      // verb, then a possessive or article, up to two adjectives, and the noun: "lick your wet …"
      let k = isAny(n1, 'with') ? i + 2 : i + 1;
      const slot = is(at(k), L.POSSESSIVES) || isAny(at(k), 'a', 'an', 'some', 'the') ? at(k++) : undefined;
      for (let adjectives = 0; adjectives < 2 && is(at(k), L.SEX_ADJECTIVES) && !is(at(k), L.SEX_NOUNS); adjectives++)
        k++;
      const noun = at(k);
      if (noun && together(i, k)) {
        const person = slot !== undefined && is(slot, L.POSSESSIVES);
        // "suck my dick", "eat a dick": an insult, not sex talk.
        if (is(w, L.INSULT_VERBS) && is(noun, L.INSULT_NOUNS) && (!person || slot?.norm === 'my')) return 'insult';
        // "fucking cunt": "fucking" with no one's body after it is an intensifier, not an act.
        const intensifier = is(w, L.FUCK_VERBS) && !person;
        if (is(noun, L.SEX_NOUNS) && !intensifier) return range(i, k);
        if (is(noun, L.BODY_NOUNS) && is(w, L.HARD_SEX_VERBS) && person && !isAny(at(k + 1), 'off')) return range(i, k);
      }
    }
    const object = is(n1, L.SEX_OBJECTS);
    if (is(w, L.FUCK_VERBS) || isAny(w, 'pound', 'pounded', 'pounding', 'bang', 'banged', 'banging'))
      if (object && is(n2, L.SEX_INTENSITY) && together(i, i + 2)) return range(i, i + 2);
    if (isAny(w, 'cum', 'cumming') && isAny(n1, 'in', 'on', 'inside', 'over', 'all')) {
      const target = [i + 2, i + 3].find((k) => is(at(k), L.POSSESSIVES) || is(at(k), L.SEX_OBJECTS));
      if (target !== undefined && together(i, target)) return range(i, target);
    }
    if (isAny(w, 'jerk', 'jerks', 'jerked', 'jerking', 'jack', 'jacked', 'jacking')) {
      if (isAny(n1, 'off') && together(i, i + 1)) return range(i, i + 1);
      if (object && isAny(n2, 'off') && together(i, i + 2)) return range(i, i + 2);
    }
    if (isAny(w, 'suck', 'sucks', 'sucked', 'sucking') && object && isAny(n2, 'off') && together(i, i + 2))
      return range(i, i + 2);
    if (
      isAny(w, 'eat', 'eats', 'ate', 'eating') &&
      object &&
      isAny(n2, 'out') &&
      !isAny(n3, 'of') &&
      together(i, i + 2)
    )
      return range(i, i + 2);
    if (isAny(w, 'make', 'makes', 'made', 'making') && object && isAny(n2, 'cum', 'cumming') && together(i, i + 2))
      return range(i, i + 2);
    if (isAny(w, 'sit', 'sitting', 'sat') && isAny(n1, 'on') && is(n2, L.POSSESSIVES) && isAny(n3, 'face'))
      if (together(i, i + 3)) return range(i, i + 3);
    return null;
  }

  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const w = words[i]!;
    if (SLURS.has(w)) {
      if (mentioned(i)) skip('mention');
      else found('hate', 'hate.slur', [i]);
      continue;
    }
    if (AMBIGUOUS_SLURS.has(w)) {
      const frame = mentioned(i) || isAny(at(i + 1), 'of') ? null : targeting(i);
      if (frame) found('hate', 'hate.targeted-slur', [...frame, i]);
      else skip(mentioned(i) ? 'mention' : 'ambiguous-word');
      continue;
    }
    if (SEX_TERMS.has(w)) {
      found('sexual', 'sexual.term', [i]);
      continue;
    }
    const a = act(i);
    if (a === 'insult') {
      skip('insult');
      for (let k = i; k <= i + 4 && k < words.length; k++) {
        used.add(k);
        if (is(at(k), L.SEX_NOUNS)) break;
      }
      continue;
    }
    if (a) {
      found('sexual', 'sexual.act', a);
      i = a[a.length - 1]!;
      continue;
    }
    if (is(w, L.SEX_ADJECTIVES)) {
      const k = is(at(i + 1), L.SEX_ADJECTIVES) && !is(at(i + 1), L.SEX_NOUNS) ? i + 2 : i + 1;
      if (is(at(k), L.SEX_NOUNS) && together(i, k)) {
        found('sexual', 'sexual.description', range(i, k));
        i = k;
      }
    }
  }

  // Slang and profanity: the words no rule above used.
  const slang = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const w = words[i]!;
    if (SEX_SLANG.has(w)) {
      const key = lemma(w.squeezed && !L.SEX_SLANG.has(w.norm) ? w.squeezed : w.norm);
      if (!slang.has(key)) slang.set(key, i);
    } else if (PROFANITY.has(w)) skip('profanity');
  }

  // A finding with a word OCR was unsure of never counts.
  const sure = (f: Finding) => f.words.every((k) => words[k]!.confidence >= options.minConfidence);
  const findings: Finding[] = [];
  for (const f of candidates)
    if (sure(f)) findings.push(f);
    else skip('low-confidence');
  let slangWords = 0;
  for (const k of slang.values()) {
    if (words[k]!.confidence >= options.minConfidence) slangWords++;
    else skip('low-confidence');
  }

  const count = (rule: string) => findings.filter((f) => f.rule === rule).length;
  const hate = findings.find((f) => f.category === 'hate');
  const terms = count('sexual.term');
  const acts = count('sexual.act');
  const descriptions = count('sexual.description');
  const score = 3 * (terms + acts) + 2 * descriptions + slangWords;
  const sexualRule =
    terms > 0
      ? 'sexual.term'
      : acts > 0
        ? 'sexual.act'
        : descriptions > 0 && score >= 3
          ? 'sexual.description'
          : slangWords >= 4
            ? 'sexual.slang'
            : undefined;
  if (sexualRule) return { flagged: true, category: 'sexual', rule: sexualRule, ignored, findings };
  if (descriptions > 0 || slangWords > 0) skip('below-threshold', descriptions + slangWords);
  if (hate) return { flagged: true, category: 'hate', rule: hate.rule, ignored, findings };
  return { flagged: false, ignored, findings };
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, k) => from + k);
}
