/** The lines and words of a tesseract reading, rebuilt from its TSV output with their boxes and confidences. */

/** A box in pixels of the recognised image. */
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OcrWord {
  text: string;
  confidence: number;
  /** The word's box in pixels of the recognised image (absent for engines that give none). */
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

export interface OcrLine {
  text: string;
  words: OcrWord[];
  /** Mean word confidence of the line, 0–100. */
  confidence: number;
  /** Height of the line's box in pixels of the recognised image. */
  height: number;
  /** The rest of the line's box (absent for paragraph breaks and engines that give none). */
  left?: number;
  top?: number;
  width?: number;
}

/** Rebuilds lines (with confidences and heights) from tesseract's TSV output: level 4 = line, level 5 = word. */
export function linesFromTsv(tsv: string): OcrLine[] {
  const lines: OcrLine[] = [];
  let current: { para: string; words: OcrWord[]; box: Box } | null = null;
  let lastPara: string | null = null;
  const flush = () => {
    if (current && current.words.length > 0) {
      if (lastPara !== null && current.para !== lastPara)
        lines.push({ text: '', words: [], confidence: 100, height: 0 });
      const { words, box } = current;
      const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
      lines.push({ text: words.map((w) => w.text).join(' '), words, confidence, ...box });
      lastPara = current.para;
    }
    current = null;
  };
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, , block, par, , , left, top, width, height, conf] = cols;
    const text = cols.slice(11).join('\t');
    const box = { left: Number(left), top: Number(top), width: Number(width), height: Number(height) };
    if (level === '4') {
      flush();
      current = { para: `${block}.${par}`, words: [], box };
    } else if (level === '5' && current && text.trim() !== '') {
      current.words.push({ text: text.trim(), confidence: Math.max(0, Number(conf)), ...box });
    }
  }
  flush();
  return lines;
}
