/**
 * Scores a note against the facts its pages carry (pure: no summariser, no I/O). Per item: every expected fact found
 * or missed where it must be (title, key points, summary), the key points that are page furniture (../score.ts
 * `junkRule` with the item's own furniture, plus footers and lone addresses), the summary's length against the
 * text's for texts of 80 words or more, and for a note of several images whether each image is represented.
 */
import { type SummaryDraft, countWords } from '@snapnotes/contracts';
import { dateFound, shopFound } from '../facts.js';
import { junkRule, plain } from '../score.js';
import type { RubricItem } from '../types.js';
import { FACT_KINDS, type Fact, type FactItem, type FactKind } from './types.js';

/** Texts this long (prose) must get a summary of at most FACT_TARGETS.ratio of their words (issue 21). */
export const LONG_TEXT = 80;

export const FACT_TARGETS = { found: 0.95, junk: 0, ratio: 0.6 } as const;

const hasPhrase = (text: string, phrase: string) => ` ${plain(text)} `.includes(` ${plain(phrase)} `);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The label with the value right after it (up to two words between: "is", "set to") or right before it ("Checked:
 * Email notifications"), or a mark that is no word ("[x]", "☑") right before or after it.
 */
function hasPair(text: string, label: string, value: string): boolean {
  if (!/[\p{L}\p{N}]{2,}/u.test(value)) {
    const [v, l] = [escape(value), escape(label)];
    return new RegExp(`${v}\\s*${l}|${l}\\s*:?\\s*${v}`, 'iu').test(text.replace(/\s+/g, ' '));
  }
  const words = ` ${plain(text)} `;
  const [l, v] = [escape(plain(label)), escape(plain(value))];
  return new RegExp(` ${l}(?: \\S+){0,2} ${v} | ${v} ${l} `, 'u').test(words);
}

/** The function's name, then "(" and every parameter's name before the matching ")". */
function hasSignature(text: string, name: string, params: readonly string[]): boolean {
  for (const m of text.matchAll(new RegExp(`(?<![\\w.])${escape(name)}\\s*\\(`, 'g'))) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    const inside = text.slice(m.index + m[0].length, i - 1);
    if (params.every((p) => new RegExp(`(?<![\\w])${escape(p)}(?![\\w])`).test(inside))) return true;
  }
  return false;
}

/** Amounts in a text, however grouped: 1,284.50 / 1.284,50 / 23,47 / ¥1,980 / 1284500. */
export function amountsIn(text: string): number[] {
  return [...text.matchAll(/\d+(?:[.,]\d{3})*(?:[.,]\d{1,2})?(?!\d)/g)].map(([token]) => {
    const decimal = /[.,](\d{1,2})$/.exec(token);
    const whole = (decimal ? token.slice(0, decimal.index) : token).replace(/[.,]/g, '');
    return Number(`${whole}${decimal ? `.${decimal[1]}` : ''}`);
  });
}

// prettier-ignore
const STOP_WORDS: Record<string, string[]> = {
  eng: 'the and of to is in that it for with was are on this by be as from have not'.split(' '),
  fra: 'le la les et des est une dans que pour qui sur pas du au ce avec sont mais aux'.split(' '),
  deu: 'der die das und ist nicht mit ein eine den von zu auf sich dem auch für sind wird im'.split(' '),
  spa: 'el los las y es una que por con para del se su al lo como pero más fue están'.split(' '),
  ita: 'il di che e la gli una per sono con non del della nel anche più alla è dei ma'.split(' '),
  por: 'o os as e que não uma com para do da dos das em no na é mais pelo também'.split(' '),
  nld: 'de het een en van is dat niet op met voor zijn er ook maar bij aan wordt naar dan'.split(' '),
};

/** The offered language whose stop-words are most frequent in the text, or null when none occurs. */
export function stopWordLanguage(text: string): string | null {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best: string | null = null;
  let bestCount = 0;
  for (const [code, list] of Object.entries(STOP_WORDS)) {
    const set = new Set(list);
    const n = words.filter((w) => set.has(w)).length;
    if (n > bestCount) [best, bestCount] = [code, n];
  }
  return best;
}

/** The lines of every page with four words or more (those a summary should hold once at most). */
function solidLines(item: FactItem): string[] {
  const lines = item.pages.flatMap((p) => p.text.split('\n')).map((l) => plain(l));
  return [...new Set(lines.filter((l) => l.split(' ').length >= 4))];
}

const occurrences = (haystack: string, needle: string) => haystack.split(` ${needle} `).length - 1;

/** Whether the user's message is credited to them: "You: …" or "You (10:42): …" then the phrase, on one line. */
function creditedToYou(summary: string, phrase: string): boolean {
  for (const line of summary.replace(/[*_]/g, '').split('\n')) {
    for (const m of line.matchAll(/\bYou\b(?:\s*\([^)\n]{0,24}\))?\s*:/g)) {
      if (hasPhrase(line.slice(m.index + m[0].length), phrase)) return true;
    }
  }
  return false;
}

export interface FactResult {
  fact: Fact;
  found: boolean;
  /** Why it counts as missed when that is not obvious (the line repeated). */
  detail?: string;
}

/** Whether one fact is where it must be in the note. */
export function checkFact(fact: Fact, draft: SummaryDraft, item: FactItem): FactResult {
  const { title, keyPoints, detailedSummary: summary } = draft;
  const summaryLines = summary.split('\n').filter((l) => l.trim());
  const segments =
    fact.where === 'title'
      ? [title]
      : fact.where === 'keyPoints'
        ? keyPoints
        : fact.where === 'summary'
          ? summaryLines
          : [...keyPoints, ...summaryLines];
  const whole = segments.join('\n');
  const c = fact.check;
  const found = (ok: boolean, detail?: string): FactResult => ({ fact, found: ok, ...(detail ? { detail } : {}) });
  switch (c.match) {
    case 'phrase':
      return found(
        segments.some((s) => c.any.some((p) => hasPhrase(s, p)) && (!c.along || c.along.some((w) => hasPhrase(s, w)))),
      );
    case 'amount':
      return found(segments.some((s) => amountsIn(s).some((a) => Math.abs(a - c.amount) < 0.005)));
    case 'date':
      return found(c.any.some((d) => dateFound(d, segments)));
    case 'shop':
      return found(segments.some((s) => shopFound(c.name, s)));
    case 'point':
      return found(segments.some((s) => plain(s) === plain(c.text)));
    case 'pair':
      return found(segments.some((s) => c.value.some((v) => hasPair(s, c.label, v))));
    case 'signature':
      return found(segments.some((s) => hasSignature(s, c.name, c.params)));
    case 'fence':
      return found(/```/.test(whole));
    case 'you':
      return found(creditedToYou(whole, c.text));
    case 'language': {
      const got = stopWordLanguage(whole);
      return found(got === c.language, got ? `reads as ${got}` : 'no stop-words');
    }
    case 'no-repeat': {
      const text = ` ${plain(whole)} `;
      const twice = solidLines(item).find((l) => occurrences(text, l) > 1);
      return found(twice === undefined, twice ? `"${twice}" twice` : undefined);
    }
  }
}

/** Footers, thanks and lone addresses: never a key point, whatever the page (besides ../score.ts's patterns). */
const FOOTER_RE =
  /\bthank(?:s| you) for (?:shopping|your (?:order|visit|purchase))\b|\bmerci de votre visite\b|\bvielen dank für ihren einkauf\b|\bgracias por su compra\b|\bpowered by\b|\ball rights reserved\b|©/i;
const ADDRESS_RE =
  /^[\w\s.,'-]{0,20}\d+[a-z]?,?\s+[\p{L}\s.'-]{2,30}\b(?:street|st|road|rd|avenue|ave|lane|ln|blvd|way|straße|strasse|str|rue|calle|via|rua|straat|weg|jalan)\b[\p{L}\p{N}\s.,'-]*$/iu;

/** The labels of the page's "Label: value" pairs (its label-value blocks, or its text's lines). */
function pageLabels(item: FactItem): Set<string> {
  const labels = new Set<string>();
  for (const p of item.pages) {
    for (const b of p.blocks ?? []) if (b.kind === 'label-value') labels.add(plain(b.label));
    for (const line of p.text.split('\n')) {
      const m = /^([^:\t]{2,40}?)\s*:\s+\S/.exec(line.trim());
      if (m) labels.add(plain(m[1]!));
    }
  }
  return labels;
}

const isFurniture = (point: string, item: FactItem) =>
  (item.furniture ?? []).some((f) =>
    plain(f).split(' ').length < 2 ? plain(point) === plain(f) : hasPhrase(point, f),
  );

/**
 * The rule a key point breaks, or null. A "Label: value" pair of the page ("Available from: 1 June 2025", "Quiet
 * hours: 22:00 - 07:00") is a fact of the page, not a stray date or message time (as a receipt's "Date:" is for
 * ../score.ts), unless it carries the page's furniture.
 */
export function factJunkRule(point: string, item: FactItem): string | null {
  const label = /^\s*([^:]{2,40}?)\s*:\s*\S/.exec(point)?.[1];
  if (label && pageLabels(item).has(plain(label))) {
    return FOOTER_RE.test(point) || isFurniture(point, item) ? 'furniture' : null;
  }
  const receipt = item.kind === 'receipt' || item.facts.some((f) => f.check.match === 'shop');
  const as: RubricItem = {
    id: item.id,
    kind: receipt ? 'receipt' : 'article',
    text: '',
    subject: [],
    ...(item.furniture ? { furniture: item.furniture } : {}),
  };
  if (FOOTER_RE.test(point)) return 'footer';
  if (ADDRESS_RE.test(point.trim()) && countWords(point) <= 10) return 'address alone';
  return junkRule(point, as);
}

export interface FactScore {
  item: FactItem;
  draft: SummaryDraft;
  results: FactResult[];
  junk: { point: string; rule: string }[];
  /** Words of the pages' text, and of the detailed summary. */
  textWords: number;
  summaryWords: number;
  /** The images of a note of several (0-based), and whether each has its facts in the note. */
  images: { page: number; represented: boolean }[];
}

/** The pages' lines, a line a later capture repeats counted once (overlapping scrolls). */
function uniqueLines(item: FactItem): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of item.pages) {
    const own = p.text.split('\n');
    out.push(...own.filter((l) => !seen.has(plain(l))));
    for (const l of own) seen.add(plain(l));
  }
  return out;
}

export function scoreFactItem(item: FactItem, draft: SummaryDraft): FactScore {
  const results = item.facts.map((f) => checkFact(f, draft, item));
  const junk = draft.keyPoints.flatMap((point) => {
    const rule = factJunkRule(point, item);
    return rule ? [{ point, rule }] : [];
  });
  const images =
    item.pages.length < 2
      ? []
      : item.pages.map((_, page) => {
          const own = results.filter((r) => r.fact.page === page);
          return { page, represented: own.length > 0 && own.every((r) => r.found) };
        });
  return {
    item,
    draft,
    results,
    junk,
    textWords: countWords(uniqueLines(item).join('\n')),
    summaryWords: countWords(draft.detailedSummary),
    images,
  };
}

/** The summary's length against the text's, for texts of LONG_TEXT words or more (else null). */
export const ratioOf = (s: FactScore): number | null =>
  s.textWords >= LONG_TEXT ? s.summaryWords / s.textWords : null;

export interface FactFigures {
  kind: FactKind | 'all';
  items: number;
  facts: number;
  found: number;
  junk: number;
  keyPoints: number;
  /** The longest summary of a long text, as a share of its words (null: no long text). */
  maxRatio: number | null;
  /** Long prose texts whose summary is over FACT_TARGETS.ratio of their words, of how many. */
  longOver: number;
  longProse: number;
  images: number;
  represented: number;
}

export function factFigures(scores: readonly FactScore[]): FactFigures[] {
  const of = (kind: FactFigures['kind'], list: readonly FactScore[]): FactFigures => {
    const ratios = list.map(ratioOf).filter((r): r is number => r !== null);
    const prose = list.filter((s) => s.item.shortSummary && ratioOf(s) !== null);
    return {
      kind,
      items: list.length,
      facts: list.reduce((n, s) => n + s.results.length, 0),
      found: list.reduce((n, s) => n + s.results.filter((r) => r.found).length, 0),
      junk: list.reduce((n, s) => n + s.junk.length, 0),
      keyPoints: list.reduce((n, s) => n + s.draft.keyPoints.length, 0),
      maxRatio: ratios.length ? Math.max(...ratios) : null,
      longOver: prose.filter((s) => ratioOf(s)! > FACT_TARGETS.ratio).length,
      longProse: prose.length,
      images: list.reduce((n, s) => n + s.images.length, 0),
      represented: list.reduce((n, s) => n + s.images.filter((i) => i.represented).length, 0),
    };
  };
  const kinds = FACT_KINDS.filter((k) => scores.some((s) => s.item.kind === k));
  return [
    ...kinds.map((k) =>
      of(
        k,
        scores.filter((s) => s.item.kind === k),
      ),
    ),
    of('all', scores),
  ];
}

/** The targets a kind misses (empty: all met): facts ≥ 95%, no junk, short prose summaries, every image. */
export function missedTargets(f: FactFigures): string[] {
  const missed: string[] = [];
  if (f.facts > 0 && f.found / f.facts < FACT_TARGETS.found) missed.push('key facts');
  if (f.junk > FACT_TARGETS.junk) missed.push('junk');
  if (f.longOver > 0) missed.push('summary length');
  if (f.represented < f.images) missed.push('images');
  return missed;
}

const pct = (n: number, of: number) => `${of === 0 ? '—' : `${Math.round((100 * n) / of)}%`}`;

/** The table of figures per kind; `notes` adds every missed fact and junk key point with the note it is from. */
export function factReport(scores: readonly FactScore[], opts: { notes?: boolean; misses?: boolean } = {}): string {
  const rows = factFigures(scores).map((f) => {
    const missed = missedTargets(f);
    return [
      f.kind.padEnd(12),
      String(f.items).padStart(5),
      `${f.found}/${f.facts}`.padStart(9),
      pct(f.found, f.facts).padStart(5),
      `${f.junk}/${f.keyPoints}`.padStart(8),
      (f.maxRatio === null ? '—' : f.maxRatio.toFixed(2)).padStart(7),
      (f.longProse ? `${f.longProse - f.longOver}/${f.longProse}` : '—').padStart(7),
      (f.images ? `${f.represented}/${f.images}` : '—').padStart(7),
      `  ${missed.length ? `MISSED: ${missed.join(', ')}` : 'ok'}`,
    ].join(' ');
  });
  const lines = [
    'kind         items  key facts present  junk kp  ratio≤   prose≤60%  images',
    ...rows,
    `targets: key facts ≥ ${FACT_TARGETS.found * 100}% per kind, 0 junk key points, prose of ≥ ${LONG_TEXT} words summarised in ≤ ${FACT_TARGETS.ratio * 100}% of its words, every image represented`,
  ];
  if (opts.misses || opts.notes) {
    for (const s of scores) {
      const misses = s.results.filter((r) => !r.found);
      if (misses.length === 0 && s.junk.length === 0) continue;
      const ratio = ratioOf(s);
      lines.push(
        ...misses.map(
          (r) =>
            `${s.item.kind}/${s.item.id}: missed ${r.fact.what} (${r.fact.where}${r.detail ? `; ${r.detail}` : ''})`,
        ),
        ...s.junk.map((j) => `${s.item.kind}/${s.item.id}: junk key point "${j.point}" (${j.rule})`),
      );
      if (opts.notes) {
        lines.push(
          `  title: ${s.draft.title}`,
          ...s.draft.keyPoints.map((k) => `  - ${k}`),
          `  summary (${s.summaryWords} of ${s.textWords} words${ratio === null ? '' : `, ${ratio.toFixed(2)}`}):`,
          ...s.draft.detailedSummary.split('\n').map((l) => `    ${l}`),
        );
      }
    }
  }
  return lines.join('\n');
}
