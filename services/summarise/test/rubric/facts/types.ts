/**
 * The facts rubric (issue 21, "Bench and targets"): pages of every kind as the OCR stage hands them to the summariser
 * (text, heading, structure), each with the facts a person wants from its note and where in the note they must be.
 */
import type { PageBlock } from '@snapnotes/contracts';

export type FactKind = 'receipt' | 'table' | 'form' | 'code' | 'chat' | 'slides' | 'prose' | 'multi-image' | 'scroll';

export const FACT_KINDS: readonly FactKind[] = [
  'receipt',
  'table',
  'form',
  'code',
  'chat',
  'slides',
  'prose',
  'multi-image',
  'scroll',
];

/** One uploaded image as OCR read it (SummariseRequest['pages'][number] before the stage cleans its text). */
export interface FactPage {
  fileName: string;
  /** The page's plain text: its blocks' texts joined by line breaks, a table row's cells apart by a TAB. */
  text: string;
  /** The most prominent line (OcrPageResult.heading), when the layout has one. */
  heading?: string;
  /** The page's structure (packages/contracts/src/page-structure.ts); absent for a text-only reading. */
  blocks?: PageBlock[];
}

/** Where in the note a fact must be: the title, a key point, the detailed summary, or a key point or the summary. */
export type FactWhere = 'title' | 'keyPoints' | 'summary' | 'note';

export type FactCheck =
  /**
   * One of these phrases, as whole words (case, accents and punctuation aside); with `along`, in a key point or line
   * that also has one of those words ("largest", "top": the row named as the largest, not merely listed).
   */
  | { match: 'phrase'; any: string[]; along?: string[] }
  /** The amount, however written (1,284.50 / 1.284,50 / 1284.5). */
  | { match: 'amount'; amount: number }
  /** The date in one of these forms (leading zeros and separators aside: ../facts.ts `dateFound`). */
  | { match: 'date'; any: string[] }
  /** The shop's name: 80% of its words, legal suffixes aside (../facts.ts `shopFound`). */
  | { match: 'shop'; name: string }
  /** A key point that is exactly this text (a bullet as printed), punctuation and case aside. */
  | { match: 'point'; text: string }
  /**
   * The label and one of the values right after it ("Plan: Pro (annual)", "Plan is Pro annual"), or a checkbox's
   * mark right before it ("[x] Email notifications"), in one key point or one line of the summary.
   */
  | { match: 'pair'; label: string; value: string[] }
  /** A function's name with every parameter's name in the parentheses after it: "invoice_total(rows, tax_rate)". */
  | { match: 'signature'; name: string; params: string[] }
  /** A fenced code block (```). */
  | { match: 'fence' }
  /** The user's own message credited to them: "You: …" (or "You (10:42): …") followed by the phrase. */
  | { match: 'you'; text: string }
  /** Written in this language (tesseract code): its stop-words outnumber every other offered language's. */
  | { match: 'language'; language: string }
  /** No line of the pages (four words or more) twice in the summary: overlapping scrolls joined once. */
  | { match: 'no-repeat' };

export interface Fact {
  /** What the fact is, for the report ("total", "You: asked about the kayak"). */
  what: string;
  where: FactWhere;
  check: FactCheck;
  /** The page (0-based) the fact comes from, for a note of several images: each must be represented. */
  page?: number;
}

export interface FactItem {
  id: string;
  kind: FactKind;
  /** The language OCR detected (tesseract code). */
  language: string;
  pages: FactPage[];
  facts: Fact[];
  /** This page's furniture (a footer, a button row, an address, a navigation label): never a key point. */
  furniture?: string[];
  /** Prose: a text of 80 words or more must get a summary of at most 60% of its words (issue 21). */
  shortSummary?: boolean;
}
