/**
 * The notes rubric: runs a summariser over the corpus and scores each note. A title names the subject when it
 * contains every subject entry and none of the page's misread words or furniture; a key point is junk when it is
 * page furniture (the general patterns below, or the item's own furniture); the detailed summary of a long text
 * must be shorter than the text and keep its order. The patterns are written apart from the summariser's own
 * furniture rules, so the rubric does not grade the summariser by its own rules.
 */
import type { SummariseRequest, SummaryDraft } from '@snapnotes/contracts';
import { summaryText } from '../../src/local/blocks.js';
import { detectLanguage } from '../../src/language.js';
import { CORPUS } from './corpus/index.js';
import type { RubricItem, RubricKind } from './types.js';

/** Lower case, accents off, punctuation to spaces: for whole-word comparisons. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._]+/gu, ' ')
    .replace(/(?<![\p{L}\p{N}])[._]+|[._]+(?![\p{L}\p{N}])/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function hasPhrase(text: string, phrase: string): boolean {
  return ` ${plain(text)} `.includes(` ${plain(phrase)} `);
}

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)';
const DATE_RE = new RegExp(
  `\\b(?:\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}|${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?(?:\\s+\\d{4})?|\\d{1,2}(?:er)?\\.?\\s+(?:de\\s+)?${MONTH}(?:\\s+(?:de\\s+)?\\d{4})?|\\d{4}-\\d{2}-\\d{2})\\b`,
  'giu',
);
const TIME_RE = /\b\d{1,2}[:.h]\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?|uhr)?(?![\d.])/giu;
const DATE_WORDS = new Set(
  'updated released posted published modified last on by at le à am um stand de del mon tue wed thu fri sat sun today yesterday'.split(
    ' ',
  ),
);

/** A date with at most a couple of other words ("Released May 6, 2025", "12/04/2025 14:32"). */
function isDateAlone(point: string): boolean {
  if (!DATE_RE.test(point)) return false;
  DATE_RE.lastIndex = 0;
  const rest = plain(point.replace(DATE_RE, ' ').replace(TIME_RE, ' '))
    .split(' ')
    .filter((w) => w && !DATE_WORDS.has(w) && !/^\d+$/.test(w));
  return rest.length <= 2;
}

// prettier-ignore
const CONTROL_WORDS = new Set(
  `reply share save follow subscribe like comment comments repost send cancel sign in log learn more read home
  explore notifications messages messaging search compose inbox forward delete edit settings profile menu print pin
  jump to recipe register get preview compare yes no ok done next back continue download open close help file view
  insert format data tools extensions go run terminal selection partager commenter imprimer teilen compartir guardar
  nachricht message type a post your changes today games apps arcade jobs my network docs releases pricing blog
  guides api accueil recettes startseite politik wirtschaft regional members issues pull requests actions code raw
  copy blame problems output draw page layout formulas review starred sent drafts x o q`.split(/\s+/),
);

/** Labels of buttons, tabs and menus: every word is one. */
function isControls(point: string): boolean {
  const words = plain(point).split(' ').filter(Boolean);
  return words.length > 0 && words.every((w) => CONTROL_WORDS.has(w) || /^\d+$/.test(w));
}

export const JUNK_PATTERNS: { name: string; test: (point: string) => boolean }[] = [
  { name: 'slide counter', test: (p) => /\bslide\s+\d+\s*(?:of|\/)\s*\d+\b|^\s*\d{1,3}\s*\/\s*\d{1,3}\s*$/i.test(p) },
  { name: 'page number', test: (p) => /\bpage\s+\d+\s*(?:of|\/)\s*\d+\b|^\s*(?:p\.?\s*)?\d{1,3}\s*$/i.test(p) },
  {
    name: 'clock time',
    test: (p) => /^\s*(?:today|yesterday)?\s*(?:at\s+)?\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?\s*$/i.test(p),
  },
  { name: 'time stamp of a message', test: (p) => /\s\d{1,2}:\d{2}(?:\s*[AP]M)?\s*(?:✓✓?)?\s*$/.test(p) },
  { name: 'date', test: isDateAlone },
  {
    name: 'count',
    test: (p) =>
      /\b\d[\d.,]*\s*[KkMm]?\s+(?:views?|likes?|comments?|reposts?|retweets?|shares?|quotes?|bookmarks?|followers?|ratings?|reviews?|members?|kommentare)\b/i.test(
        p,
      ),
  },
  {
    name: 'presence',
    test: (p) =>
      /\blast seen\b|\bzuletzt online\b|^\s*(?:online|typing…?|delivered|read|seen|imessage)\s*$/i.test(p.trim()),
  },
  {
    name: 'reading time',
    test: (p) => /\b\d+\s*min(?:ute)?s?\s+read\b|\blecture\s+\d+\s*min\b|\blesezeit\b|\bmin de lectura\b/i.test(p),
  },
  {
    name: 'status bar',
    test: (p) => /^\s*\d{1,2}:\d{2}\b.*\b\d{1,3}\s?%\s*$|\b(?:LTE|[345]G)\b.*\b\d{1,3}\s?%/.test(p),
  },
  { name: 'buttons or menu', test: isControls },
  { name: 'handle', test: (p) => /(?:^|[\s(·])@[A-Za-z0-9_]{2,}|\bu\/\w+|\br\/\w+/.test(p) },
];

export interface ItemScore {
  item: RubricItem;
  draft: SummaryDraft;
  /** Why the title does not name the subject (empty when it does). */
  titleProblems: string[];
  /** Key points that are page furniture, with the rule that caught each. */
  junk: { point: string; rule: string }[];
  /** For long texts: why the detailed summary fails (empty when it is fine or the text is short). */
  summaryProblems: string[];
}

/** The rule a key point breaks, or null. */
export function junkRule(point: string, item: RubricItem): string | null {
  // When a receipt was paid is one of its facts (issue 21), not a stray date or message time.
  if (item.kind === 'receipt' && /^date\s*:/i.test(point)) return null;
  for (const p of JUNK_PATTERNS) if (p.test(point)) return p.name;
  for (const f of item.furniture ?? []) {
    const single = plain(f).split(' ').length < 2;
    if (single ? plain(point) === plain(f) : hasPhrase(point, f)) return `furniture "${f}"`;
  }
  return null;
}

export function titleProblems(title: string, item: RubricItem): string[] {
  const problems: string[] = [];
  for (const entry of item.subject) {
    const options = Array.isArray(entry) ? entry : [entry];
    if (!options.some((o) => hasPhrase(title, o))) problems.push(`lacks ${options.join(' | ')}`);
  }
  for (const w of item.notInTitle ?? []) if (hasPhrase(title, w)) problems.push(`says "${w}"`);
  for (const p of JUNK_PATTERNS) if (p.name !== 'buttons or menu' && p.test(title)) problems.push(`is ${p.name}`);
  return problems;
}

const wordCount = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Texts at least this long must get a detailed summary shorter than themselves. */
export const LONG_TEXT_WORDS = 120;

export function summaryProblems(summary: string, cleaned: string): string[] {
  if (wordCount(cleaned) < LONG_TEXT_WORDS) return [];
  const problems: string[] = [];
  if (wordCount(summary) >= wordCount(cleaned)) problems.push('not shorter than the text');
  const sentences = summary
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[-•]\s+|^\d+\.\s+/, '').trim())
    .filter((s) => s.length >= 20);
  const positions = sentences.map((s) => cleaned.indexOf(s)).filter((p) => p >= 0);
  if (positions.length === 0) problems.push('quotes nothing of the text');
  for (let i = 1; i < positions.length; i++)
    if (positions[i]! < positions[i - 1]!) {
      problems.push('out of order');
      break;
    }
  return problems;
}

/** The request the summarise stage would send for this page. */
export function requestFor(item: RubricItem, premium = false): SummariseRequest {
  const text = summaryText({ text: item.text, ...(item.heading ? { heading: item.heading } : {}) });
  return {
    pages: [{ fileName: `${item.id}.png`, text, ...(item.heading ? { heading: item.heading } : {}) }],
    premium,
    language: item.language ?? detectLanguage(text),
  };
}

/** Scores one note; `text` is the page text that was summarised when it is not the item's own (real OCR). */
export function scoreItem(item: RubricItem, draft: SummaryDraft, text = item.text): ItemScore {
  const junk: ItemScore['junk'] = [];
  for (const point of draft.keyPoints) {
    const rule = junkRule(point, item);
    if (rule) junk.push({ point, rule });
  }
  return {
    item,
    draft,
    titleProblems: titleProblems(draft.title, item),
    junk,
    summaryProblems: summaryProblems(draft.detailedSummary, summaryText({ text })),
  };
}

export interface KindFigures {
  kind: RubricKind | 'all';
  items: number;
  titlesNamingSubject: number;
  junkKeyPoints: number;
  keyPoints: number;
  summaryFailures: number;
}

export function figures(scores: ItemScore[]): KindFigures[] {
  const kinds = [...new Set(scores.map((s) => s.item.kind))];
  const of = (kind: KindFigures['kind'], list: ItemScore[]): KindFigures => ({
    kind,
    items: list.length,
    titlesNamingSubject: list.filter((s) => s.titleProblems.length === 0).length,
    junkKeyPoints: list.reduce((n, s) => n + s.junk.length, 0),
    keyPoints: list.reduce((n, s) => n + s.draft.keyPoints.length, 0),
    summaryFailures: list.filter((s) => s.summaryProblems.length > 0).length,
  });
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

/** Runs `summarise` over every item (or the given ones), one after another. */
export async function runRubric(
  summarise: (req: SummariseRequest, item: RubricItem) => Promise<SummaryDraft>,
  items: RubricItem[] = CORPUS,
): Promise<ItemScore[]> {
  const scores: ItemScore[] = [];
  for (const item of items) scores.push(scoreItem(item, await summarise(requestFor(item), item)));
  return scores;
}

/** A plain-text table of the figures, and the failures. */
export function report(scores: ItemScore[]): string {
  const rows = figures(scores).map(
    (f) =>
      `${f.kind.padEnd(14)} ${String(f.items).padStart(3)}  titles ${String(f.titlesNamingSubject).padStart(3)}/${String(f.items).padEnd(3)} ${((100 * f.titlesNamingSubject) / Math.max(1, f.items)).toFixed(0).padStart(3)}%` +
      `  junk key points ${String(f.junkKeyPoints).padStart(2)}/${String(f.keyPoints).padEnd(3)}  summaries failing ${f.summaryFailures}`,
  );
  const failures = scores.flatMap((s) => [
    ...(s.titleProblems.length ? [`${s.item.id}: title "${s.draft.title}" ${s.titleProblems.join(', ')}`] : []),
    ...s.junk.map((j) => `${s.item.id}: junk key point "${j.point}" (${j.rule})`),
    ...(s.summaryProblems.length ? [`${s.item.id}: detailed summary ${s.summaryProblems.join(', ')}`] : []),
  ]);
  return [
    'kind           items  titles naming the subject  junk key points  ',
    ...rows,
    ...(failures.length ? ['', ...failures] : []),
  ].join('\n');
}
