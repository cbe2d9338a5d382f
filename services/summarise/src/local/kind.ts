/**
 * What kind of page a page is — receipt, table, chat, code, form, slides or prose — by the same rules the local
 * summariser writes its notes by, so that a model (openai.ts) is asked for the same facts.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { pageBlocks } from './blocks.js';
import { countWords } from '../text.js';
import { chatFromStructure, findChat } from './chat.js';
import { mostlyCode } from './code.js';
import { findReceipt } from './receipt.js';
import { rowsOfBlocks, rowsOfText } from './rows.js';
import { findTable } from './table.js';

export const PAGE_KINDS = ['receipt', 'table', 'chat', 'code', 'form', 'slides', 'prose'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export function pageKind(page: { text: string; heading?: string; blocks?: PageBlock[] }): PageKind {
  const rows = page.blocks?.length ? rowsOfBlocks(page.blocks) : rowsOfText(page.text, page.heading);
  if (findReceipt(rows)) return 'receipt';
  const blocks = pageBlocks(page);
  if ((page.blocks && chatFromStructure(page.blocks)) || findChat(blocks)) return 'chat';
  if (findTable(rows)) return 'table';
  const proseWords = blocks.reduce((n, b) => n + (b.type === 'paragraph' ? countWords(b.text) : 0), 0);
  if (mostlyCode(blocks, proseWords)) return 'code';
  const pairs = page.blocks?.filter((b) => b.kind === 'label-value').length ?? 0;
  if (pairs >= 4 && pairs * 5 >= (page.blocks?.length ?? 0) * 2) return 'form';
  const items = blocks.reduce((n, b) => n + (b.type === 'list' ? b.items.length : 0), 0);
  const itemWords = blocks.reduce((n, b) => n + (b.type === 'list' ? countWords(b.items.join(' ')) : 0), 0);
  if (items >= 2 && itemWords >= proseWords) return 'slides';
  return 'prose';
}
