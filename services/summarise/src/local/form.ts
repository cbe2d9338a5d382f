/**
 * Forms and settings pages: labels with their values. The note is titled by what the form is for (its heading or
 * its first line of words), its key points are its filled-in fields ("Market: Boston") and the boxes checked, and
 * its summary lists every field.
 */
import type { PageBlock, SummaryDraft } from '@snapnotes/contracts';
import { furnitureOf } from '../furniture.js';
import { KEY_POINT_MAX, MAX_KEY_POINTS, joinAnd, shorten, tidyHeading } from '../text.js';

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
    for (const b of structure) if (b.kind === 'label-value') fields.push({ label: b.label, value: b.value });
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
  const filled = fields.filter(
    (f) =>
      !EMPTY_VALUE_RE.test(f.value) &&
      !EMAIL_HEADER_RE.test(f.label.trim()) &&
      f.value.split(/\s+/).length <= MAX_VALUE_WORDS &&
      f.label.trim().split(/\s+/).length <= 4,
  );
  if (!((filled.length >= 4 && share >= 0.4) || (filled.length >= 3 && checked.length >= 1))) return null;
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

const pair = (f: Form['fields'][number]) =>
  `${tidyHeading(f.label.replace(/[*:]+$/, ''))}: ${f.value.replace(/\t/g, ' ')}`;

export function formSummary(form: Form, engine: string): SummaryDraft {
  const title = form.purpose ?? `Form: ${joinAnd(form.fields.slice(0, 2).map((f) => f.label))}`;
  const keyPoints = form.fields
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
