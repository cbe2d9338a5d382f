/**
 * The fallback for a page that arrives as text only (an older job, a model's description of an image, a test's
 * text): the same structure OCR hands over (contracts: page-structure.ts), built from the text's lines by OCR's own
 * rules (services/ocr/src/blocks.ts) — the page's heading, list items, code lines, table rows (cells apart by a TAB),
 * and paragraphs up to a blank line. Each line stands one line-height below the one before, so that a blank line
 * leaves a gap between blocks as on an image. The note's blocks are then read from it as from OCR's (blocks.ts).
 */
import type { PageBlock, PageBox } from '@snapnotes/contracts';
import { codeRuns, normaliseCharacters, parseBulletLine } from './lines.js';

const LINE_HEIGHT = 20;
const CHAR_WIDTH = 8;
/** Confidence of a line read from text: nothing tells, so neither sure nor unsure. */
const TEXT_CONFIDENCE = 80;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function boxOf(lines: readonly { text: string; at: number }[]): PageBox {
  const left = Math.min(...lines.map((l) => l.text.length - l.text.trimStart().length)) * CHAR_WIDTH;
  const width = Math.max(1, ...lines.map((l) => l.text.trim().length)) * CHAR_WIDTH;
  const top = lines[0]!.at * LINE_HEIGHT;
  return [left, top, width, (lines.at(-1)!.at - lines[0]!.at + 1) * LINE_HEIGHT];
}

/** The page's structure from its text; `heading` is the page's heading, when known (OcrPageResult.heading). */
export function structureOfText(text: string, heading?: string): PageBlock[] {
  const lines = normaliseCharacters(text)
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  const code = codeRuns(lines.map((l) => l.replace(/\t/g, '  ')));
  const wanted = heading ? squash(heading) : null;
  let headingFound = false;
  const blocks: PageBlock[] = [];
  let paragraph: { text: string; at: number }[] = [];
  const base = (parts: { text: string; at: number }[]) => ({ confidence: TEXT_CONFIDENCE, box: boxOf(parts) });
  const flush = () => {
    if (paragraph.length)
      blocks.push({ kind: 'paragraph', text: paragraph.map((l) => l.text).join('\n'), ...base(paragraph) });
    paragraph = [];
  };
  lines.forEach((raw, at) => {
    const line = raw.replace(/\t/g, '  ');
    const one = [{ text: line, at }];
    if (code[at]) {
      flush();
      if (line.trim())
        blocks.push({ kind: 'code-line', text: line, indent: line.length - line.trimStart().length, ...base(one) });
      return;
    }
    if (!line.trim()) return flush();
    if (!headingFound && wanted !== null && squash(line) === wanted) {
      flush();
      headingFound = true;
      blocks.push({ kind: 'heading', text: line.trim(), ...base(one) });
      return;
    }
    const cells = raw
      .trim()
      .split('\t')
      .map((c) => c.trim());
    if (cells.filter(Boolean).length >= 2) {
      flush();
      blocks.push({ kind: 'table-row', text: raw.trim(), cells, ...base(one) });
      return;
    }
    const item = parseBulletLine(line);
    if (item) {
      flush();
      const marker =
        line
          .trim()
          .slice(0, line.trim().length - item.text.length)
          .trim()
          .slice(0, 8) || '-';
      blocks.push({ kind: 'list-item', text: item.text, marker, ...base(one) });
      return;
    }
    paragraph.push({ text: line, at });
  });
  flush();
  return blocks;
}
