/** The facts rubric's corpus: pages of every kind as OCR hands them over, with the facts each note must carry. */
import type { FactItem } from '../types.js';
import { chats } from './chats.js';
import { code } from './code.js';
import { forms } from './forms.js';
import { multiImage, scrolls } from './multi.js';
import { proseEnglish } from './prose-en.js';
import { proseOther } from './prose-other.js';
import { receipts } from './receipts.js';
import { slides } from './slides.js';
import { tables } from './tables.js';

export const FACT_CORPUS: FactItem[] = [
  ...receipts,
  ...tables,
  ...forms,
  ...code,
  ...chats,
  ...slides,
  ...proseEnglish,
  ...proseOther,
  ...multiImage,
  ...scrolls,
];
