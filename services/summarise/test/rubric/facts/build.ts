/**
 * Builds a page of the facts corpus as the OCR stage hands it over: blocks with their kind, text, confidence and box
 * (top to bottom, as a phone screenshot or a scan lays them out), and the page's text from them. A left chat bubble's
 * sender stays in the text (OCR read the name above the bubble) and moves into the block's `sender`, as
 * services/ocr/src/blocks.ts does.
 */
import type { PageBlock, PageBox } from '@snapnotes/contracts';
import type { Fact, FactCheck, FactPage, FactWhere } from './types.js';

/** A stable confidence between 78 and 97 for a line: OCR is surer of some lines than others. */
function confidenceOf(text: string): number {
  let h = 7;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 1_000_003;
  return 78 + (h % 20);
}

export class PageBuilder {
  private readonly blocks: PageBlock[] = [];
  private readonly lines: string[] = [];
  private top = 24;
  private headingText: string | undefined;

  constructor(
    private readonly fileName: string,
    private readonly width = 1080,
  ) {}

  private box(text: string, left = 48, share = 0.85, lineHeight = 34): PageBox {
    const rows = text.split('\n').length;
    const longest = Math.max(...text.split('\n').map((l) => l.length));
    const w = Math.min(Math.round(this.width * share), 16 * longest + 8);
    const box: PageBox = [left, this.top, Math.max(8, w), rows * lineHeight];
    this.top += rows * lineHeight + 14;
    return box;
  }

  private push(block: PageBlock, text = block.text): this {
    this.blocks.push(block);
    this.lines.push(text);
    return this;
  }

  /** The page's title or a section's; the first one is the page's heading unless `heading: false`. */
  heading(text: string, opts: { heading?: boolean } = {}): this {
    if (opts.heading !== false) this.headingText ??= text;
    return this.push({ kind: 'heading', text, confidence: confidenceOf(text), box: this.box(text, 48, 0.9, 52) });
  }

  /** Running text (lines apart by '\n'), or a stray line: a status bar, a button row, an icon read as "|". */
  para(text: string, confidence = confidenceOf(text)): this {
    return this.push({ kind: 'paragraph', text, confidence, box: this.box(text) });
  }

  item(marker: string, text: string): this {
    return this.push(
      { kind: 'list-item', text, marker, confidence: confidenceOf(text), box: this.box(text, 80) },
      `${marker} ${text}`,
    );
  }

  /** Several list items with the same marker (or numbered "1." … when marker is '1.'). */
  items(marker: string, texts: readonly string[]): this {
    texts.forEach((t, i) => this.item(marker === '1.' ? `${i + 1}.` : marker, t));
    return this;
  }

  row(...cells: string[]): this {
    const text = cells.join('\t');
    return this.push({ kind: 'table-row', text, cells, confidence: confidenceOf(text), box: this.box(text, 40, 0.92) });
  }

  /** Lines of source code, their indentation kept. */
  code(source: string): this {
    for (const line of source.split('\n')) {
      if (!line.trim()) continue;
      const indent = line.length - line.trimStart().length;
      this.push({ kind: 'code-line', text: line, indent, confidence: confidenceOf(line), box: this.box(line, 96) });
    }
    return this;
  }

  field(label: string, value: string): this {
    const text = `${label}: ${value}`;
    return this.push({ kind: 'label-value', text, label, value, confidence: confidenceOf(text), box: this.box(text) });
  }

  /** A chat bubble: the other person's on the left (with their name above it in a group), the user's on the right. */
  msg(side: 'left' | 'right', text: string, sender?: string): this {
    if (sender) this.lines.push(sender);
    const left = side === 'left' ? 32 : Math.round(this.width * 0.3);
    const block: PageBlock = {
      kind: 'chat-message',
      text,
      side,
      ...(sender ? { sender } : {}),
      confidence: confidenceOf(text),
      box: this.box(text, left, 0.65, 40),
    };
    this.blocks.push(block);
    this.lines.push(text);
    return this;
  }

  page(): FactPage {
    return {
      fileName: this.fileName,
      text: this.lines.join('\n'),
      ...(this.headingText ? { heading: this.headingText } : {}),
      blocks: this.blocks,
    };
  }
}

export const page = (fileName: string, width?: number) => new PageBuilder(fileName, width);

/** A page OCR read as text only (no structure), e.g. a photo read by the fallback path. */
export function textPage(fileName: string, text: string, heading?: string): FactPage {
  return { fileName, text, ...(heading ? { heading } : {}) };
}

const fact =
  (where: FactWhere) =>
  (what: string, check: FactCheck, page?: number): Fact => ({
    what,
    where,
    check,
    ...(page === undefined ? {} : { page }),
  });

export const inTitle = fact('title');
export const inKeyPoint = fact('keyPoints');
export const inSummary = fact('summary');
/** In a key point or the detailed summary. */
export const inNote = fact('note');

export const phrase = (...any: string[]): FactCheck => ({ match: 'phrase', any });
/** A row named as the largest (or the top one): its name with one of these words in the same key point. */
export const largest = (...any: string[]): FactCheck => ({
  match: 'phrase',
  any,
  along: ['largest', 'highest', 'most', 'top', 'best', 'biggest', 'max', 'maximum'],
});
export const amount = (value: number): FactCheck => ({ match: 'amount', amount: value });
export const shop = (name: string): FactCheck => ({ match: 'shop', name });
export const point = (text: string): FactCheck => ({ match: 'point', text });
export const pair = (label: string, ...value: string[]): FactCheck => ({ match: 'pair', label, value });
export const signature = (name: string, ...params: string[]): FactCheck => ({ match: 'signature', name, params });
export const fence: FactCheck = { match: 'fence' };
export const you = (text: string): FactCheck => ({ match: 'you', text });
export const language = (code: string): FactCheck => ({ match: 'language', language: code });
export const noRepeat: FactCheck = { match: 'no-repeat' };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A date as printed, and the forms a note may give it in (ISO, "14 March 2025", "Mar 14, 2025"). */
export function date(printed: string, y: number, m: number, d: number): FactCheck {
  const month = MONTHS[m - 1]!;
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return {
    match: 'date',
    any: [
      printed,
      iso,
      `${d} ${month} ${y}`,
      `${month} ${d} ${y}`,
      `${d} ${month.slice(0, 3)} ${y}`,
      `${month.slice(0, 3)} ${d} ${y}`,
    ],
  };
}

/** Checkbox states a note may give a ticked box in. */
export const CHECKED = ['[x]', '☑', '✓', '✔', 'on', 'enabled', 'checked', 'yes', 'ticked'];
