/** What the corpus holds: each category's generator and how many images it makes. */
import type { Rng } from '../rng.js';
import type { Category, SpecDraft } from '../types.js';
import { makeArticle, makeSmallText } from './article.js';
import { makeBubbleChat, makeDesktopChat } from './chat.js';
import { makeCode } from './code.js';
import { makeLanguagePage } from './language.js';
import { makeNoText } from './no-text.js';
import { makePhone } from './phone.js';
import { makeReceipt } from './receipt.js';
import { makeLowContrast } from './settings.js';
import { makeSlide } from './slide.js';
import { makeSocial } from './social.js';
import { makeTable } from './table.js';

export interface CategoryPlan {
  category: Category;
  count: number;
  make: (rng: Rng, index: number) => SpecDraft;
}

const language =
  (code: string): ((rng: Rng, index: number) => SpecDraft) =>
  (rng, i) =>
    makeLanguagePage(rng, i, code);

export const PLAN: CategoryPlan[] = [
  { category: 'code-light', count: 4, make: (rng, i) => makeCode(rng, i, false) },
  { category: 'code-dark', count: 4, make: (rng, i) => makeCode(rng, i, true) },
  { category: 'table', count: 5, make: makeTable },
  { category: 'receipt', count: 4, make: makeReceipt },
  { category: 'chat-light', count: 4, make: (rng, i) => makeDesktopChat(rng, i, false) },
  { category: 'chat-dark', count: 4, make: (rng, i) => makeDesktopChat(rng, i, true) },
  { category: 'chat-bubbles', count: 4, make: makeBubbleChat },
  { category: 'low-contrast', count: 4, make: makeLowContrast },
  { category: 'social', count: 4, make: makeSocial },
  { category: 'slide', count: 4, make: makeSlide },
  { category: 'article-2col', count: 4, make: makeArticle },
  { category: 'small-text', count: 4, make: makeSmallText },
  { category: 'phone', count: 4, make: makePhone },
  { category: 'lang-fra', count: 3, make: language('fra') },
  { category: 'lang-deu', count: 3, make: language('deu') },
  { category: 'lang-spa', count: 3, make: language('spa') },
  { category: 'lang-ita', count: 3, make: language('ita') },
  { category: 'lang-por', count: 3, make: language('por') },
  { category: 'lang-nld', count: 3, make: language('nld') },
  { category: 'no-text', count: 8, make: makeNoText },
];
