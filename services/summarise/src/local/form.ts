/**
 * Forms and settings pages: labels with their values. The note is titled by what the form is for (its heading or
 * its first line of words), its key points are its filled-in fields ("Market: Boston") and the boxes checked, and
 * its summary lists every field.
 */
import type { PageBlock, SummaryDraft } from '@snapnotes/contracts';
import { furnitureOf } from '../furniture.js';
import { KEY_POINT_MAX, MAX_KEY_POINTS, joinAnd, shorten, tidyHeading } from '../text.js';
import { LABEL_ALONE_RE, placedPairs } from './form-place.js';

export interface Form {
  fields: { label: string; value: string }[];
  checked: string[];
  /** What the form is for: its heading, or its first line of words. */
  purpose: string | null;
  /** Its lines of words that are no field nor box (a hotel's name, a note), for the summary. */
  notes: string[];
}

/** "Label: value" on a line of text (a label of at most five words). */
const PAIR_RE = /^([^:\t]{2,40}?)\s*:[ \t]+(\S.*)$/u;
/** A box checked: "[x] Email", "☑ SMS", "✓ Weekly digest", "(•) Monthly". */
const CHECKED_RE = /^\s*(?:\[[xX✓✔]\]|☑|✅|✓|✔|\(\s?[x•●]\s?\))\s*(\S.*)$/u;
/** An e-mail's header lines are label: value pairs too, but an e-mail is no form. */
const EMAIL_HEADER_RE =
  /^(?:from|to|cc|bcc|subject|date|sent|reply-to|von|an|betreff|de|à|objet|para|asunto|da|a|oggetto)$/iu;
/** A box, checked or not. */
const BOX_RE = /^\s*(?:\[[\sxX✓✔]?\]|[☐☑✅✓✔]|\(\s?[x•●]?\s?\))/u;
/** A field's value is at most this many words. */
const MAX_VALUE_WORDS = 8;
/** Values that say nothing. */
const EMPTY_VALUE_RE = /^[\s\-–—_.:*]*$/;

/**
 * A label is at most this many words, its number ("(8)", "12.") not counted: scanned forms' labels run long
 * ("ADJUSTED TOTAL COST OF PROJECT", "TOTAL REPORTABLE EXPENDITURES FOR VARIETY").
 */
const MAX_LABEL_WORDS = 6;
const labelWords = (label: string) =>
  label
    .trim()
    .replace(/^\(?\d{1,3}[.)]\s+/, '')
    .split(/\s+/).length;

/**
 * A field filled in: a value of a few words (a sentence after a colon is a message's preview or a note), no question,
 * and a label with no exclamation or question in it ("Morning! Quick check before standup: is it on track?").
 */
const filledIn = (f: Form['fields'][number]) =>
  !EMPTY_VALUE_RE.test(f.value) &&
  !/[!?]/.test(f.label) &&
  !/\?\s*$/.test(f.value) &&
  // Words with a letter or a figure: a dash or a stray mark between them is none.
  f.value.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= MAX_VALUE_WORDS &&
  labelWords(f.label) <= MAX_LABEL_WORDS;

/** Every word of four letters or more capitalised ("FAX NUMBER", "Name of Guest"). */
const titleCased = (label: string) => label.split(/\s+/).every((w) => !/^\p{Ll}\p{L}{3}/u.test(w));

/**
 * A cell that opens a field of its own: "Date:" alone, or "Date: 9/3/92" (a label with a letter, no sentence, not
 * ending in a figure: "6:02 PM" is a time).
 */
const CELL_LABEL_RE = /^(["'“‘]?\p{L}[^:\t]*?)(?<!\d)\s*:\*?(?:\s+(\S.*))?$/u;

/**
 * A line of a paragraph that is a field: a capitalised label of a few words with no sentence's end in it, a colon,
 * then its value (straight after the colon when it is a figure: "FAX NUMBER:1-502-568-8092"); a label never ends in a
 * figure ("Lena Jansen 6:02 PM" is a name and a time).
 */
const LINE_PAIR_RE = /^(\p{Lu}[^:.!?\t]*?(?:\.[^\s:][^:.!?\t]*?)*\.?)(?<!\d)\s*:(?:\s+|(?=\d))(\S.*)$/u;

/**
 * The fields of a row of cells that may hold several ("Module:\t412\tBrand:\tCARLTON", "Shift & Date:\tPulse:\tPower:"):
 * a cell that is a label, or a label with its value, opens a field; a cell that is neither belongs to the field before
 * it, as does a label with its value after a label still waiting for one. Null when the row does not open with a field.
 */
function rowFields(cells: readonly string[]): Form['fields'] | null {
  const out: Form['fields'] = [];
  for (const raw of cells) {
    const cell = raw.trim();
    if (!cell) continue;
    const m = CELL_LABEL_RE.exec(cell);
    // A label with its value right after a label still waiting for one is that label's value ("Description:" then
    // "Amelia 100s Candidates: (NM-FT)"); a label alone always opens a field.
    const opens = m && labelWords(m[1]!) <= MAX_LABEL_WORDS && (!m[2] || !out.length || out.at(-1)!.value !== '');
    if (opens) out.push({ label: m[1]!, value: m[2]?.trim() ?? '' });
    else if (out.length) out.at(-1)!.value = `${out.at(-1)!.value} ${cell}`.trim();
    else return null;
  }
  return out.length ? out : null;
}

/** A numbered item's "label: value". */
const NUMBERED_PAIR_RE = /^([^:\t]*\p{L}[^:\t]*?)\s*:[ \t]+(\S.*)$/u;

/** A label's cell: one to four words, capitalised, no figure. */
const LABEL_CELL_RE = /^\p{Lu}[\p{L}'’&/.()-]*(?:\s[\p{L}'’&/.()-]+){0,3}$/u;

/**
 * The label–value pairs of a page's structure: OCR's pairs; a column of labels standing alone ("From:" /
 * "DATE:") with the column of their values beside it read as the next block, line for line ("Kevin Narko" /
 * "10/13/99"); and the other labels standing alone with the value right of them or below (form-place.ts).
 */
export function structurePairs(structure: readonly PageBlock[], paragraphLines = false): Form['fields'] {
  const out: Form['fields'] = [];
  const taken = new Set<string>();
  const hasPairs = structure.some((b) => b.kind === 'label-value');
  const linePairs = paragraphLines || hasPairs;
  structure.forEach((b, i) => {
    if (b.kind === 'label-value') {
      // OCR's pair, split where its row holds several fields.
      const fields = rowFields(b.text.split('\t'));
      out.push(...(fields && fields[0]!.label === b.label.trim() ? fields : [{ label: b.label, value: b.value }]));
      return;
    }
    // A numbered field ("(13) CAT-A-EXPENSES: 34") OCR read as a list item: its number is part of its label.
    const marker = b.kind === 'list-item' && /\d/.test(b.marker) ? b.marker : null;
    const item = marker ? NUMBERED_PAIR_RE.exec(b.text.trim()) : null;
    if (item) {
      // Its row may hold several fields ("(9) TAR: 16 mg | NICOTINE: 1.3 mg"): the first keeps the number.
      const fields = rowFields(b.text.split('\t')) ?? [
        { label: item[1]!.trim(), value: item[2]!.replace(/\t/g, ' ').trim() },
      ];
      fields[0]!.label = `${marker} ${fields[0]!.label}`;
      out.push(...fields);
      return;
    }
    const lines = b.kind === 'paragraph' ? b.text.split('\n') : [];
    const labels = lines.map((l) => LABEL_ALONE_RE.exec(l.trim())?.[1]);
    if (labels.length >= 2 && labels.every(Boolean)) {
      // The values' column: the next paragraph of as many lines, a pair OCR read between them allowed.
      const next = structure
        .slice(i + 1, i + 3)
        .find((n) => n.kind === 'paragraph' && n.text.split('\n').length === labels.length);
      const values = next ? next.text.split('\n') : [];
      if (next && values.every((v) => !LABEL_ALONE_RE.test(v.trim()))) {
        labels.forEach((label, k) => {
          if (!values[k]) return;
          out.push({ label: label!, value: values[k].trim() });
          taken.add(`${i}:${k}`).add(`${structure.indexOf(next)}:${k}`);
        });
      }
      return;
    }
    // When looking for a form, or on a page with pairs, a paragraph's lines that are fields too
    // ("FAX NUMBER:1-502-568-8092" under a name): a label in capitals or title case, never a sentence's start ("The
    // answer is simple: …").
    lines.forEach((line, k) => {
      const m = linePairs ? LINE_PAIR_RE.exec(line.trim()) : null;
      if (!m || labelWords(m[1]!) > MAX_LABEL_WORDS || /^https?$/i.test(m[1]!) || !titleCased(m[1]!)) return;
      out.push({ label: m[1]!.trim(), value: m[2]!.trim() });
      taken.add(`${i}:${k}`);
    });
    // On a page with pairs, a row of cells with labels among them ("PROMO# | 28 | PROMOTIONAL PERIOD: | June/July"):
    // the fields from its first label on.
    const labelled = b.kind === 'table-row' && hasPairs ? b.cells.findIndex((c) => CELL_LABEL_RE.test(c.trim())) : -1;
    if (b.kind === 'table-row' && labelled >= 0) {
      out.push(...(rowFields(b.cells.slice(labelled)) ?? []));
      return;
    }
    // On a page with pairs, a row of a label and its value whose colon OCR lost ("TO | S. A. Rapisardi").
    if (b.kind === 'table-row' && b.cells.length === 2 && hasPairs && LABEL_CELL_RE.test(b.cells[0]!.trim())) {
      out.push({ label: b.cells[0]!.trim(), value: b.cells[1]!.trim() });
    }
  });
  return [...out, ...placedPairs(structure, taken)];
}

/** The filled-in fields of a page that is no form (a memo, a fax cover, a letter): its facts beside its prose. */
export function pageFields(structure: readonly PageBlock[] | undefined): Form['fields'] {
  return structure ? structurePairs(structure).filter(filledIn) : [];
}

/** A value that is a date or a time alone: stated in the summary, never a key point by itself. */
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?`;
/** A date in a value: "10/13/99", "6-29-94", "Sept. 10, 1996", "28. Apr. 98". */
const DATE_IN_RE = new RegExp(String.raw`\b${MONTH}|\d{1,4}\s?[/.-]\s?\d{1,2}(?:\s?[/.-]\s?\d{2,4})?`, 'iu');
const DATE_BITS_RE = new RegExp(
  String.raw`\b${MONTH}|\b(?:date|am|pm|a\.m\.?|p\.m\.?|st|nd|rd|th|no|on|at|of)\b|[\d\W_]+`,
  'giu',
);
/** A value ending with a clock time ("16:17", "10:30 PM"). */
const CLOCK_END_RE = /\b\d{1,2}:\d{2}(?:\s*[AP]M)?\s*$/u;

/** A value that is a date with at most a word more, or ends with a clock time: said in the summary, never alone. */
function stamp(value: string): boolean {
  if (CLOCK_END_RE.test(value)) return true;
  if (!DATE_IN_RE.test(value)) return false;
  return (
    value
      .replace(DATE_BITS_RE, ' ')
      .split(/\s+/)
      .filter((w) => /\p{L}{2}/u.test(w)).length <= 1
  );
}

/** The fields a note's key points state: no date or time alone. */
export const pointFields = (fields: Form['fields']) => fields.filter((f) => !stamp(f.value));

/** A field as a note writes it: "Market: Boston". */
export const fieldLine = (f: Form['fields'][number]) =>
  `${tidyHeading(f.label.replace(/[*:]+$/, ''))}: ${f.value.replace(/\t/g, ' ')}`;

/**
 * The form on a page: at least four label–value pairs making up a good share of the page (40% of its blocks, or
 * half its lines for a page without structure), or three with checked boxes.
 */
export function findForm(text: string, structure: readonly PageBlock[] | undefined, heading?: string): Form | null {
  // The page's own lines: its structure's when OCR handed one over (the text was cleaned into paragraphs, which
  // runs a checked box into the lines after it).
  const source = structure?.length
    ? structure.flatMap((b) => (b.kind === 'list-item' ? [`${b.marker} ${b.text}`] : b.text.split('\n')))
    : text.split('\n');
  const lines = source.map((l) => l.replace(/\t/g, ' ').trim()).filter(Boolean);
  const fields: Form['fields'] = [];
  let share = 0;
  if (structure?.length) {
    fields.push(...structurePairs(structure, true));
    share = fields.length / structure.length;
  } else {
    for (const l of lines) {
      const m = PAIR_RE.exec(l);
      if (m && m[1]!.split(/\s+/).length <= 5 && !/^https?$/i.test(m[1]!)) fields.push({ label: m[1]!, value: m[2]! });
    }
    share = (fields.length / Math.max(1, lines.length)) * 0.8;
  }
  const checked = lines.map((l) => CHECKED_RE.exec(l)?.[1]?.trim()).filter((c): c is string => !!c);
  // A form's dates, e-mail addresses and phone numbers are its content, not page furniture.
  // A field's value is a few words; a sentence after a colon is a message's preview or a note, not a field.
  const filled = fields.filter(filledIn);
  // An e-mail's headers are label: value pairs too, but an e-mail is no form: they are fields of a form that has
  // others.
  const own = filled.filter((f) => !EMAIL_HEADER_RE.test(f.label.trim()));
  if (!((own.length >= 4 && share >= 0.4) || (own.length >= 3 && checked.length >= 1))) return null;
  const headingBlock = structure?.find((b) => b.kind === 'heading')?.text;
  // Its first line of words: not a field, not a box (checked or not), not a status bar or a date ("Settings" is
  // a menu word elsewhere, and a form's name here).
  const firstWords = lines.find(
    (l) => /\p{L}{3}/u.test(l) && !PAIR_RE.test(l) && !BOX_RE.test(l) && [null, 'controls'].includes(furnitureOf(l)),
  );
  const purpose = heading ?? headingBlock ?? firstWords ?? null;
  const notes = lines
    .filter((l) => l !== purpose && /\p{L}{3}/u.test(l) && !PAIR_RE.test(l) && !BOX_RE.test(l) && !furnitureOf(l))
    .filter((l) => l.split(/\s+/).length >= 2 && !/^[<‹←]/.test(l))
    .slice(0, 3);
  return { fields: filled, checked, purpose: purpose ? tidyHeading(purpose) : null, notes };
}

const pair = fieldLine;

export function formSummary(form: Form, engine: string): SummaryDraft {
  const title = form.purpose ?? `Form: ${joinAnd(form.fields.slice(0, 2).map((f) => f.label))}`;
  const keyPoints = pointFields(form.fields)
    .slice(0, form.checked.length ? MAX_KEY_POINTS - 1 : MAX_KEY_POINTS)
    .map((f) => shorten(pair(f), KEY_POINT_MAX));
  if (form.checked.length) keyPoints.push(shorten(`Checked: ${joinAnd(form.checked)}`, KEY_POINT_MAX));
  const detailedSummary = [
    `A form${form.purpose ? ` (${form.purpose})` : ''} with ${form.fields.length} filled-in field${form.fields.length === 1 ? '' : 's'}.`,
    form.notes.join(' '),
    form.fields.map((f) => `- ${pair(f)}`).join('\n'),
    form.checked.length ? `Checked: ${joinAnd(form.checked)}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
