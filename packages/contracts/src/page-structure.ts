/**
 * The structure of a page as OCR read it (OcrPageResult.blocks): what each part of the page is, in reading order,
 * so that the next stage reads it instead of guessing it again from flat text. Built by services/ocr (blocks.ts)
 * from the reading it kept: tesseract's lines and word boxes, or PP-OCRv4's rows.
 */
import { z } from 'zod';

/**
 * Where a block is on the uploaded image (after EXIF rotation), in pixels: [left, top, width, height]. For a
 * screenshot read through the layout analysis, whose white gaps were narrowed, and for a straightened photo, it is
 * approximate (within the gaps taken out, or the tilt).
 */
export const pageBoxSchema = z.tuple([
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
]);
export type PageBox = z.infer<typeof pageBoxSchema>;

/** The box holding all of `boxes` (at least one). */
export function boxUnion(boxes: readonly PageBox[]): PageBox {
  const left = Math.min(...boxes.map((b) => b[0]));
  const top = Math.min(...boxes.map((b) => b[1]));
  const right = Math.max(...boxes.map((b) => b[0] + b[2]));
  const bottom = Math.max(...boxes.map((b) => b[1] + b[3]));
  return [left, top, right - left, bottom - top];
}

const common = {
  /** The block's text as it stands in the page's text (OcrPageResult.text); a table row's cells apart by a TAB. */
  text: z.string().min(1),
  /** Mean confidence of its words or boxes, 0–100. */
  confidence: z.number().min(0).max(100),
  box: pageBoxSchema,
  /**
   * Where each printed line of `text` stands, in order, for a block of more than one line (a one-line block's line is
   * its box). Scrolling captures are cut between lines by them (the summariser's scroll-pixels.ts). Absent from OCR
   * results made before it, and where the block's lines are not its text's (a heading read in two lines is one).
   */
  lines: z.array(pageBoxSchema).max(2000).optional(),
};

export const pageBlockSchema = z.discriminatedUnion('kind', [
  /** The page's title or a section's: larger than the body text. */
  z.object({ kind: z.literal('heading'), ...common }),
  /** Running text: consecutive lines of one paragraph, joined by line breaks as they were printed. */
  z.object({ kind: z.literal('paragraph'), ...common }),
  /** One item of a list, without its marker. */
  z.object({ kind: z.literal('list-item'), ...common, marker: z.string().min(1).max(8) }),
  /** One row of a table (a receipt's item and price, a statement's line): its cells left to right. */
  z.object({ kind: z.literal('table-row'), ...common, cells: z.array(z.string()).min(2) }),
  /** One line of source code, its indentation in spaces kept in `text`. */
  z.object({ kind: z.literal('code-line'), ...common, indent: z.number().int().min(0) }),
  /** A form's label with its value ("Date: 9/3/92"). */
  z.object({ kind: z.literal('label-value'), ...common, label: z.string().min(1), value: z.string().min(1) }),
  /** A chat message: the side of its bubble, and its sender when the page names one. */
  z.object({
    kind: z.literal('chat-message'),
    ...common,
    side: z.enum(['left', 'right']),
    sender: z.string().min(1).optional(),
  }),
]);
export type PageBlock = z.infer<typeof pageBlockSchema>;
