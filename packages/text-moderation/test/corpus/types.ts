/**
 * The moderation corpus: what people upload (screenshots and photos of chats, slides, news, code, spreadsheets,
 * receipts, recipes…), each item with the text a person reads on it and what SnapNotes must decide. The texts live
 * here, beside the rules they test; services/moderation/test/corpus renders each into an image (Chromium), and the
 * benchmark and the integration test read those images back with the real OCR.
 *
 * `openai` holds category scores for each text, in the range omni-moderation gives such text. They are written by
 * hand, not recorded from the API (there is no network here): the OpenAI stand-in answers them, so the tests check
 * how SnapNotes decides from scores, not what the model would say.
 */
import type { ModerationScores } from '@snapnotes/testing/openai-standin';

/** How the item is laid out as an image (services/moderation/test/corpus/html.ts). */
export type Layout = 'chat' | 'slide' | 'article' | 'code' | 'sheet' | 'receipt' | 'recipe' | 'post' | 'doc';

export interface CorpusItem {
  /** Unique, file-name safe. */
  id: string;
  /** benign: must never be rejected. flagged: inappropriate (see `expect` for which checks must catch it). */
  side: 'benign' | 'flagged';
  /** Sub-category for the report, e.g. 'chat-swearing', 'medicine', 'slur'. */
  category: string;
  layout: Layout;
  /**
   * The text on the image, line by line. chat and post: "Name: message" per line; sheet and receipt: cells
   * separated by TABs; slide, article, recipe, doc and sheet: the first line is the title.
   */
  text: string;
  /** Rendered, then degraded like a phone photo of a screen or page (blur, tilt, noise, JPEG): OCR noise. */
  photo?: boolean;
  /** Dark mode (chat, code, post). */
  dark?: boolean;
  /** Whether each set of checks must reject it: the local checks alone, and with OpenAI moderation. */
  expect: { local: boolean; openai: boolean };
  /** OpenAI category scores for this text (see above); categories left out score near 0. */
  openai: ModerationScores;
}

/** Benign: rejected by nothing. */
export const PASS = { local: false, openai: false } as const;
/** Rejected by the local checks and with OpenAI. */
export const REJECT = { local: true, openai: true } as const;
/** Left to a model: the local checks let it through by design (threats, docs/DECISIONS.md); OpenAI rejects it. */
export const MODEL_ONLY = { local: false, openai: true } as const;
