/**
 * What a model is asked for each kind of page (local/kind.ts): the page's structure as OCR handed it over (table
 * rows with their cells, label: value pairs, chat messages with their side and sender, code in a fence), and a JSON
 * schema with the facts that kind of page carries (a receipt's shop, date and total; a chat's participants,
 * questions and decisions; code's definitions and imports…). The facts the model returns are checked into the
 * note: a total, a date or a shop the model left out of its key points or title is put there.
 */
import type { PageBlock, SummariseRequest, SummaryDraft } from '@snapnotes/contracts';
import { z } from 'zod';
import { type PageKind, pageKind } from './local/kind.js';
import { MAX_KEY_POINTS, TITLE_MAX, canonical } from './text.js';

/** How many topic tags a model is asked for (tags.ts keeps at most MAX_TOPIC_TAGS of them). */
export const TAGS_ASKED = '2 to 4';

const str = (description: string) => ({ type: 'string', description }) as const;
const strings = (description: string) => ({ type: 'array', items: { type: 'string' }, description }) as const;

/** The facts asked for per kind (strict JSON schema: every property required). */
const FACTS: Partial<Record<PageKind, { properties: Record<string, unknown>; instructions: string }>> = {
  receipt: {
    properties: {
      merchant: str('The shop or issuer, from the header (never an address line).'),
      date: str('The date (and time) as printed, or "".'),
      total: str('The total paid with its currency, as printed (e.g. "RM 327.00", "€13.98").'),
      paymentMethod: str('Cash, card, Visa… or "".'),
      itemCount: { type: 'integer', description: 'The number of items bought.' },
    },
    instructions:
      'A receipt or invoice: the title is the shop or issuer; key points: "Total: <amount with currency>", "Date: <date>", the payment method, the number of items, the largest items with their prices; the summary lists every item with its price, the subtotal and the tax.',
  },
  table: {
    properties: {
      subject: str('What the table is about, from its caption, headers and labels.'),
      size: str('Rows × columns.'),
      grandTotal: str('The grand total, or "".'),
      largest: str('The largest row or column with its figure.'),
      smallest: str('The smallest row or column with its figure.'),
      trend: str('How the figures move across the columns, or "".'),
    },
    instructions:
      'A table, spreadsheet or statement: the title says what it is about (e.g. "Quarterly sales by region, Q1–Q4"); key points: its size, the grand total, the largest and smallest rows or columns, a trend; the summary is a compact Markdown table.',
  },
  chat: {
    properties: {
      participants: strings('Everyone who writes, "You" for the user (the right-hand bubbles).'),
      questions: strings('Questions asked, each with who asked.'),
      decisions: strings('What was decided or promised, each with who.'),
    },
    instructions:
      'A chat: messages marked [right] are the user\'s own ("You"), [left] are the others\' (sender given when known). Key points: what was decided or asked, each with who; the summary lists every message as "Sender: message", names the participants and the time span.',
  },
  code: {
    properties: {
      language: str('The programming language.'),
      fileName: str('The file name when the page shows one, or "".'),
      definitions: strings('Functions and classes defined, with their parameters: "charge(customer, amount)".'),
      imports: strings('What it imports.'),
    },
    instructions:
      'Source code: the title is the file name or the main function; key points: the language, what it defines (names with parameters), what it does in words (from names, docstrings, comments), what it imports; the summary explains it and includes the code in a fenced block.',
  },
  form: {
    properties: {
      purpose: str('What the form or settings page is for.'),
      fields: strings('Each field as "Label: value", checked boxes included.'),
    },
    instructions:
      'A form or settings page: key points are its label: value pairs and checked boxes; the summary says what the form is for.',
  },
  slides: {
    properties: { bullets: strings('Every bullet of the slide or list, as written.') },
    instructions:
      'A slide or a list: every bullet is its own key point (never two merged); no slide counters, headers or footers.',
  },
};

const BASE_PROPERTIES = {
  title: { type: 'string', description: `A concise title, at most ${TITLE_MAX} characters.` },
  keyPoints: {
    type: 'array',
    items: { type: 'string' },
    description: `3 to ${MAX_KEY_POINTS} short key points (fewer only if the content is very short).`,
  },
  detailedSummary: {
    type: 'string',
    description: 'A few paragraphs in Markdown covering the content in order; headings, lists, tables and code kept.',
  },
  tags: {
    type: 'array',
    items: { type: 'string' },
    description: `${TAGS_ASKED} short topic tags for finding the note again: lower case, one to three words each (e.g. "tax return", "japan trip", "react hooks"); names of the subject, the place, the shop or the project, never the kind of page or its language.`,
  },
};

/** The kind of the whole request: its pages' kind when they agree, else null (a mixed upload). */
export function requestKind(req: SummariseRequest): PageKind | null {
  const kinds = new Set(req.pages.map((p) => pageKind(p)));
  return kinds.size === 1 ? [...kinds][0]! : null;
}

/** The response_format's JSON schema: the note, with the kind's facts when it has some. */
export function noteSchema(kind: PageKind | null) {
  const facts = kind ? FACTS[kind] : undefined;
  if (!facts) {
    return {
      name: 'note_summary',
      strict: true,
      schema: {
        type: 'object',
        properties: BASE_PROPERTIES,
        required: ['title', 'keyPoints', 'detailedSummary', 'tags'],
        additionalProperties: false,
      },
    };
  }
  return {
    name: `note_${kind}`,
    strict: true,
    schema: {
      type: 'object',
      properties: {
        ...BASE_PROPERTIES,
        facts: {
          type: 'object',
          properties: facts.properties,
          required: Object.keys(facts.properties),
          additionalProperties: false,
        },
      },
      required: ['title', 'keyPoints', 'detailedSummary', 'tags', 'facts'],
      additionalProperties: false,
    },
  };
}

/** What the system prompt adds for the kind (nothing for prose or a mixed upload). */
export function kindInstructions(kind: PageKind | null): string {
  const facts = kind ? FACTS[kind] : undefined;
  return facts ? `\nThis upload is ${kind === 'code' ? 'code' : `a ${kind}`}. ${facts.instructions}` : '';
}

/** One block as a line the model can read: cells apart by " | ", a chat bubble's side and sender, code as is. */
function blockLine(b: PageBlock): string {
  switch (b.kind) {
    case 'heading':
      return `# ${b.text}`;
    case 'list-item':
      return `- ${b.text}`;
    case 'table-row':
      return `| ${b.cells.join(' | ')} |`;
    case 'label-value':
      return `${b.label}: ${b.value}`;
    case 'chat-message':
      return `[${b.side}] ${b.side === 'right' ? 'You' : (b.sender ?? 'Them')}: ${b.text.replace(/\s*\n\s*/g, ' ')}`;
    default:
      return b.text;
  }
}

/** A page as the model reads it: its structure when OCR handed one over, else its text. */
function pageBody(page: SummariseRequest['pages'][number]): string {
  if (!page.blocks?.length) return page.text;
  const lines: string[] = [];
  let code = false;
  for (const b of page.blocks) {
    if ((b.kind === 'code-line') !== code) {
      lines.push('```');
      code = !code;
    }
    lines.push(blockLine(b));
  }
  if (code) lines.push('```');
  return lines.join('\n');
}

/** The user message: every page's structure, pages apart by "--- page n: name ---" lines. */
export function structuredText(req: SummariseRequest): string {
  if (req.pages.length === 1) return pageBody(req.pages[0]!);
  return req.pages
    .map((p, i) => (i === 0 ? pageBody(p) : `--- page ${i + 1}: ${p.fileName} ---\n${pageBody(p)}`))
    .join('\n\n');
}

const receiptFacts = z.object({ merchant: z.string(), date: z.string(), total: z.string() }).partial();

const digits = (s: string) => s.replace(/[^\d]/g, '');

/**
 * The model's note with its receipt facts made sure of: the total and the date in the key points, the shop in the
 * title, when the model gave them as facts and left them out there. Other kinds' facts shape the request only.
 */
export function withFacts(draft: SummaryDraft, kind: PageKind | null, facts: unknown): SummaryDraft {
  if (kind !== 'receipt') return draft;
  const parsed = receiptFacts.safeParse(facts);
  if (!parsed.success) return draft;
  const { merchant, date, total } = parsed.data;
  const keyPoints = [...draft.keyPoints];
  const has = (value: string) => keyPoints.some((k) => digits(k).includes(digits(value)));
  if (date?.trim() && digits(date) && !has(date)) keyPoints.unshift(`Date: ${date.trim()}`);
  if (total?.trim() && digits(total) && !has(total)) keyPoints.unshift(`Total: ${total.trim()}`);
  const title =
    merchant?.trim() && !canonical(draft.title).includes(canonical(merchant))
      ? `${merchant.trim()} receipt`
      : draft.title;
  return { ...draft, title, keyPoints: keyPoints.slice(0, MAX_KEY_POINTS) };
}
