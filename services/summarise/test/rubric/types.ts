/** One screenshot of the notes rubric: what OCR would return for it, and what its note must get right. */
export type RubricKind =
  | 'article'
  | 'release-notes'
  | 'slide'
  | 'chat-light'
  | 'chat-dark'
  | 'social'
  | 'code-editor'
  | 'receipt'
  | 'recipe'
  | 'settings'
  | 'email'
  | 'docs'
  | 'spreadsheet'
  | 'french'
  | 'german'
  | 'spanish';

export interface RubricItem {
  id: string;
  kind: RubricKind;
  /**
   * The page as the OCR stage returns it: printed lines in reading order, with what OCR does to a screenshot
   * (a status bar line, menus on lines of their own, a stray icon letter, a misread word).
   */
  text: string;
  /** The page's most prominent line by font size (`OcrPageResult.heading`), when the layout has one. */
  heading?: string;
  /** The language OCR detected (tesseract code); absent when OCR could not tell. */
  language?: string;
  /**
   * What the title must name: every entry must appear in it (case- and accent-insensitive, whole words); an
   * entry that is a list is satisfied by any one of its words.
   */
  subject: (string | string[])[];
  /** What the title must not say: words OCR misread on the page, the author of a post. */
  notInTitle?: string[];
  /** Page furniture of this page (besides the general patterns) that must not be a key point. */
  furniture?: string[];
}
