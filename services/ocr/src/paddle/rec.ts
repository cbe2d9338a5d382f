/**
 * PP-OCRv4 text recognition (SVTR with a CTC head): each detected line is cut out (rotated when skewed), scaled to
 * 48 px high and batched with lines of similar aspect ratio, as PaddleOCR's TextRecognizer does; the output is
 * decoded greedily (best class per time step, repeats and blanks dropped) with the model's dictionary.
 */
import { REC_NORM, sampleRect, type RgbImage, type RotatedRect } from './image.js';
import type { TextBox } from './types.js';

export const REC_HEIGHT = 48;
/**
 * The narrowest batch. PaddleOCR pads every batch to at least 320 (rec_image_shape 3,48,320); the model takes any
 * width, and short lines (table cells, buttons) padded that far cost up to 3× the time for nothing: on the 17
 * screens of recCrop's measurement, 48 instead of 320 gave the same CER (7.41% / 7.42%) in 23% less time (a
 * spreadsheet of 45 cells: 0.74 s instead of 1.8 s).
 */
const MIN_REC_WIDTH = REC_HEIGHT;
/** PaddleOCR's rec_batch_num. */
export const REC_BATCH = 6;
/** The widest input of one line (aspect ratio 120); a longer line is squeezed into it. */
const MAX_REC_WIDTH = REC_HEIGHT * 120;

/**
 * Context kept around a detected line for the recogniser. The detector's box (after unclipping) is tight around
 * the letters; cut that tightly, PP-OCRv4 runs words together ("Seeyou at6:30tomorrow"). Measured on 17
 * screenshots and renders (Chromium screens, generated notes, chat, code, dense 13–16 px paragraphs), mean CER in
 * PaddleOCR's reading order: 14.9% with the box as is, 7.8% with its height × 1.5, 7.4% adding 0.3 × the height to
 * its width too (7.1% with spaces ignored: the rest is reading order across columns and misreads). More height
 * reaches into the lines above and below in dense text (× 1.75: 12 px text at 11% CER). Narrower crops are also
 * faster to recognise.
 */
const CROP_HEIGHT = 1.5;
const CROP_EXTRA_WIDTH = 0.3;

/** The rectangle cut out for recognising a detected line (see CROP_HEIGHT). */
export function recCrop(line: RotatedRect): RotatedRect {
  return { ...line, height: line.height * CROP_HEIGHT, width: line.width + CROP_EXTRA_WIDTH * line.height };
}

/**
 * The part of an image to cut out to read a detected line with another recogniser (tesseract, PSM 7): the box
 * grown as the PP-OCRv4 recogniser's crop is, within the image. A detection box is centred on the letters'
 * x-height band: accents on capitals and descenders may reach a few pixels past it, never past this.
 */
export function lineCropBox(box: TextBox, imageWidth: number, imageHeight: number): TextBox {
  const dy = ((CROP_HEIGHT - 1) * box.height) / 2;
  const dx = (CROP_EXTRA_WIDTH * box.height) / 2;
  const left = Math.max(0, Math.floor(box.left - dx));
  const top = Math.max(0, Math.floor(box.top - dy));
  const right = Math.min(imageWidth, Math.ceil(box.left + box.width + dx));
  const bottom = Math.min(imageHeight, Math.ceil(box.top + box.height + dy));
  const crop: TextBox = { left, top, width: right - left, height: bottom - top };
  if (box.angle !== undefined) crop.angle = box.angle;
  return crop;
}

/** The recogniser's classes: blank (0), the dictionary's characters (1…n) and a space (n + 1). */
export function parseDictionary(text: string): string[] {
  const chars = text.split('\n').map((c) => c.replace(/\r$/, ''));
  if (chars.at(-1) === '') chars.pop();
  return [...chars, ' '];
}

function recWidth(rect: RotatedRect): number {
  const ratio = rect.width / Math.max(1, rect.height);
  return Math.min(MAX_REC_WIDTH, Math.max(1, Math.ceil(REC_HEIGHT * ratio)));
}

/** Line indices grouped in batches of similar width (PaddleOCR sorts by aspect ratio for the same reason). */
export function recBatches(rects: readonly RotatedRect[], size = REC_BATCH): number[][] {
  const order = rects.map((r, i) => ({ i, w: recWidth(r) })).sort((a, b) => a.w - b.w);
  const batches: number[][] = [];
  for (let k = 0; k < order.length; k += size) batches.push(order.slice(k, k + size).map((o) => o.i));
  return batches;
}

/** The input tensor of one batch: [n, 3, 48, W], each line left-aligned and padded with zeros (mid-grey). */
export function recInput(img: RgbImage, rects: readonly RotatedRect[]): { data: Float32Array; width: number } {
  const widths = rects.map(recWidth);
  const width = Math.max(MIN_REC_WIDTH, ...widths);
  const plane = REC_HEIGHT * width;
  const data = new Float32Array(rects.length * 3 * plane);
  rects.forEach((rect, n) => {
    sampleRect(img, rect, widths[n]!, REC_HEIGHT, REC_NORM, data, {
      offset: n * 3 * plane,
      rowStride: width,
      planeStride: plane,
    });
  });
  return { data, width };
}

export interface Decoded {
  text: string;
  /** Mean probability of the characters kept (0–1); 0 for an empty line. */
  confidence: number;
}

/**
 * A space the recogniser was unsure of. PP-OCRv4's Chinese–English model often lets "blank" win the step between two
 * Latin words while the space is its runner-up, and runs the words together ("confirmationcallsfor", "SdnBhd",
 * "B&WORIGINATOR"): a space goes back between two letters or figures when it reached this probability at a step
 * between them. Measured on the real corpus (../shared/ocr-real, all 236 images, product, same run conditions;
 * docs/OCR.md): receipts CER 5.8% → 5.1% and word recall 73.9% → 79.9%, forms 11.9% → 11.4% and 66.2% → 71.1%, no
 * source worse. 0.1 gained a little more on receipts and forms but split a printed name ("KALLIAN PUR").
 */
const SOFT_SPACE = 0.2;
/** Letters and figures of scripts written with spaces (Chinese, Japanese and Korean are not). */
const spaced = (c: string) =>
  /[\p{L}\p{N}]/u.test(c) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(c);

/** Greedy CTC decoding of an output [n, steps, classes] of probabilities, with the spaces it was unsure of (SOFT_SPACE). */
export function ctcDecode(probs: Float32Array, dims: readonly number[], dictionary: readonly string[]): Decoded[] {
  const [n, steps, classes] = dims as [number, number, number];
  if (classes !== dictionary.length + 1) {
    throw new Error(`PaddleOCR: the recogniser has ${classes} classes, its dictionary ${dictionary.length} + blank`);
  }
  const result: Decoded[] = [];
  const space = classes - 1;
  for (let b = 0; b < n; b++) {
    let text = '';
    let sum = 0;
    let kept = 0;
    let prev = -1;
    let gapSpace = 0;
    for (let t = 0; t < steps; t++) {
      const base = (b * steps + t) * classes;
      let best = 0;
      let bestP = probs[base]!;
      for (let c = 1; c < classes; c++) {
        const p = probs[base + c]!;
        if (p > bestP) {
          bestP = p;
          best = c;
        }
      }
      if (best !== 0 && best !== prev) {
        const ch = dictionary[best - 1]!;
        if (gapSpace >= SOFT_SPACE && text !== '' && spaced(text.at(-1)!) && spaced(ch)) text += ' ';
        text += ch;
        sum += bestP;
        kept++;
        gapSpace = 0;
      } else {
        // The space's probability between two characters (a step the last one only repeats counts too).
        gapSpace = Math.max(gapSpace, probs[base + space]!);
      }
      prev = best;
    }
    result.push({ text, confidence: kept ? sum / kept : 0 });
  }
  return result;
}
