/** article-2col (a news article in two columns; truth: column 1, then column 2) and small-text (9–11 px text). */
import { ARTICLE_TOPICS, CHANGELOG, FINE_PRINT } from '../content/prose.js';
import { FIRST_NAMES, LAST_NAMES, MONTHS } from '../content/names.js';
import { esc, fontStack, page, SANS, SERIF } from '../html.js';
import { degradeParams, kindFor } from '../profiles.js';
import type { Rng } from '../rng.js';
import type { SpecDraft } from '../types.js';
import { estimateLines } from './chat.js';

const PAPERS = ['The Riverside Courier', 'Northgate Daily', 'The Harbor Post', 'Valley Ledger'];

/** Splits sentences into paragraphs of 2–3 sentences. */
function paragraphs(rng: Rng, sentences: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sentences.length;) {
    const n = rng.int(2, 3);
    out.push(sentences.slice(i, i + n).join(' '));
    i += n;
  }
  return out;
}

/** Fills columns of `height` px with paragraphs, in order, by estimated height. */
function fillColumns(
  paras: string[],
  columns: number,
  width: number,
  fontSize: number,
  lineHeight: number,
  height: number,
  gap: number,
): string[][] {
  const cols: string[][] = [[]];
  let used = 0;
  for (const p of paras) {
    const h = estimateLines(p, width, fontSize) * lineHeight + gap;
    if (used + h > height) {
      if (cols.length === columns) break;
      cols.push([]);
      used = 0;
    }
    cols[cols.length - 1]!.push(p);
    used += h;
  }
  return cols;
}

export function makeArticle(rng: Rng, index: number): SpecDraft {
  const topic = ARTICLE_TOPICS[index % ARTICLE_TOPICS.length]!;
  const paper = PAPERS[index % PAPERS.length]!;
  const author = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  const byline = `By ${author} · ${rng.pick(MONTHS)} ${rng.int(1, 28)}, ${rng.int(2023, 2025)} · ${rng.int(4, 9)} min read`;
  const font = rng.pick(SERIF);
  const fontSize = rng.pick([16, 17]);
  const lineHeight = Math.round(fontSize * 1.55);
  const width = 1280;
  const height = 800;
  const colWidth = (1080 - 48) / 2;
  const paras = paragraphs(rng, rng.shuffle(topic.sentences));
  const [col1 = [], col2 = []] = fillColumns(paras, 2, colWidth - 8, fontSize, lineHeight, height - 290, 14);
  const css = `
body { background: #fdfcf9; color: #1c1c1c; font-family: ${fontStack(font)}; padding: 0 100px; }
.mast { font-family: ${fontStack(SERIF[0])}; font-weight: bold; font-size: 22px; text-align: center; padding: 14px 0 10px; border-bottom: 3px double #333333; }
.kicker { font-family: ${fontStack(SANS[0])}; color: #b0281a; font-size: 13px; font-weight: bold; margin-top: 18px; letter-spacing: 1px; }
h1 { font-size: 32px; line-height: 1.2; margin: 6px 0 8px; }
.by { font-family: ${fontStack(SANS[0])}; font-size: 14px; color: #555555; margin-bottom: 18px; }
.cols { display: flex; gap: 48px; }
.col { width: ${colWidth}px; font-size: ${fontSize}px; line-height: ${lineHeight}px; }
.col + .col { border-left: 1px solid #dddddd; padding-left: 24px; margin-left: -24px; width: ${colWidth + 24}px; }
p { margin: 0 0 14px; }`;
  const kicker = topic.section.toUpperCase();
  const body = `<div class="mast">${esc(paper)}</div><div class="kicker">${esc(kicker)}</div><h1>${esc(topic.title)}</h1>
<div class="by">${esc(byline)}</div>
<div class="cols"><div class="col">${col1.map((p) => `<p>${esc(p)}</p>`).join('')}</div><div class="col">${col2
    .map((p) => `<p>${esc(p)}</p>`)
    .join('')}</div></div>`;
  return {
    note: `${paper}: ${topic.section}, ${col1.length}+${col2.length} paragraphs, ${fontSize}px ${font.replace(/'/g, '')}`,
    html: page({ width, height, css, body }),
    width,
    height,
    scale: 1,
    truth: [paper, kicker, topic.title, byline, ...col1, ...col2].join('\n'),
    hasText: true,
    degrade: degradeParams(rng, kindFor(index, ['png', 'photo', 'jpeg', 'png'])),
  };
}

export function makeSmallText(rng: Rng, index: number): SpecDraft {
  const fontSize = [9, 10, 11, 10][index % 4]!;
  const lineHeight = Math.round(fontSize * 1.4);
  const font = rng.pick([...SANS, ...SERIF]);
  const width = 1280;
  const height = 800;
  const textWidth = 720;
  let heading: string;
  let blocks: string[];
  let html: string;
  if (index % 2 === 0) {
    heading = rng.pick(['Terms of Service', 'Warranty and Returns', 'Subscription Terms']);
    blocks = paragraphs(rng, rng.shuffle(FINE_PRINT)).map((p, i) => `${i + 1}. ${p}`);
    html = blocks.map((b) => `<p>${esc(b)}</p>`).join('');
  } else {
    heading = 'Release notes';
    const entries = rng.shuffle(CHANGELOG);
    const versions = [0, 1, 2, 3].map((v) => {
      const version = `Version ${rng.int(3, 5)}.${20 - v * 2}.${rng.int(0, 3)} (${rng.pick(MONTHS)} ${rng.int(1, 28)})`;
      return { version, items: entries.slice(v * 4, v * 4 + 4) };
    });
    blocks = versions.flatMap((v) => [v.version, ...v.items.map((i) => `• ${i}`)]);
    html = versions
      .map((v) => `<h3>${esc(v.version)}</h3><ul>${v.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`)
      .join('');
  }
  const updated = `Last updated ${rng.pick(MONTHS)} ${rng.int(1, 28)}, ${rng.int(2023, 2025)}`;
  const css = `
body { background: #ffffff; color: #333333; font-family: ${fontStack(font)}; padding: 36px 280px; }
h1 { font-size: 20px; margin: 0 0 4px; color: #111111; }
.upd { font-size: ${fontSize}px; color: #666666; margin-bottom: 14px; }
.txt { width: ${textWidth}px; font-size: ${fontSize}px; line-height: ${lineHeight}px; }
p { margin: 0 0 ${Math.round(fontSize * 0.8)}px; }
h3 { font-size: ${fontSize + 1}px; margin: 10px 0 4px; }
ul { margin: 0; padding-left: 18px; }`;
  return {
    note: `${heading}, ${fontSize}px ${font.replace(/'/g, '')}`,
    html: page({
      width,
      height,
      css,
      body: `<h1>${esc(heading)}</h1><div class="upd">${esc(updated)}</div><div class="txt">${html}</div>`,
    }),
    width,
    height,
    scale: 1,
    truth: [heading, updated, ...blocks].join('\n'),
    hasText: true,
    // Text this small is only readable without a photo's blur: the screenshot, or a light JPEG.
    degrade: index % 2 === 0 ? { format: 'png' } : { format: 'jpeg', quality: rng.int(82, 92) },
  };
}
