/** The notes rubric's corpus: 46 screenshots of 16 kinds, as OCR reads them. */
import type { RubricItem } from '../types.js';
import { articles, docsPages, releaseNotes } from './articles.js';
import { chatsDark, chatsLight, socialPosts } from './chats.js';
import { otherLanguages } from './languages.js';
import { codeEditors, emails, receipts, recipes, settingsPages, slides, spreadsheets } from './screens.js';

export const CORPUS: RubricItem[] = [
  ...articles,
  ...releaseNotes,
  ...slides,
  ...chatsLight,
  ...chatsDark,
  ...socialPosts,
  ...codeEditors,
  ...receipts,
  ...recipes,
  ...settingsPages,
  ...emails,
  ...docsPages,
  ...spreadsheets,
  ...otherLanguages,
];
