/** The screenshot layout analysis on drawn images (no tesseract): polarity, columns, tables, panels, shapes. */
import { SAMPLE_TEXT, renderPhotoOfPage, renderScreenshot } from '@snapnotes/testing/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseScreen, type ScreenLayout } from '../src/layout/index.js';

const W = 1000;
const H = 600;

function text(x: number, y: number, s: string, size = 15, fill = '#222', weight = 'normal'): string {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="${fill}">${s}</text>`;
}

/** Draws an SVG page and decodes it to 8-bit grey, as preprocessImage hands it to the analysis. */
async function grey(body: string, width = W, height = H, bg = '#ffffff') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${bg}"/>${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function analyse(body: string, width = W, height = H, bg = '#ffffff'): Promise<ScreenLayout> {
  const g = await grey(body, width, height, bg);
  const layout = analyseScreen(g.data, g.width, g.height);
  if (!layout) throw new Error('expected a screenshot layout');
  return layout;
}

/** Darkest pixel and share of white pixels of a canvas block. */
function inkOf(layout: ScreenLayout, index: number): { min: number; white: number } {
  const b = layout.blocks[index]!;
  let min = 255;
  let white = 0;
  let n = 0;
  for (let y = b.canvasY; y < b.canvasY + Math.round(b.height * b.scale); y++) {
    for (let x = b.canvasX; x < layout.width; x++) {
      const v = layout.pixels[y * layout.width + x]!;
      if (v < min) min = v;
      if (v >= 250) white++;
      n++;
    }
  }
  return { min, white: white / n };
}

const ARTICLE = Array.from(
  { length: 10 },
  (_, i) => `Line ${i + 1} of the article explains how caching works and why it matters for APIs.`,
);
const SIDEBAR = ['Getting started', 'Installation', 'Caching', 'Rate limits', 'Webhooks', 'FAQ'];

describe('analyseScreen', () => {
  it('leaves photos to the whole-image path and lays screenshots out', async () => {
    const photo = await sharp(await renderPhotoOfPage(SAMPLE_TEXT.lectureNotes))
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(analyseScreen(photo.data, photo.info.width, photo.info.height)).toBeNull();
    const shot = await sharp(await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }))
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const layout = analyseScreen(shot.data, shot.info.width, shot.info.height);
    expect(layout?.blocks.length).toBeGreaterThanOrEqual(1);
    expect(layout?.lightOnDark).toBe(0);
  });

  it('turns light text on dark panels (a nav bar, a code block) and dark mode into dark text on white', async () => {
    const layout = await analyse(
      `<rect width="${W}" height="44" fill="#1e293b"/>${text(20, 28, 'DevDocs  Guides  API  Blog', 15, '#ffffff')}` +
        text(40, 100, 'Caching reduces latency and load on your servers.') +
        `<rect x="40" y="130" width="600" height="60" rx="8" fill="#0f172a"/>` +
        text(56, 165, 'Cache-Control: public, max-age=3600', 15, '#e2e8f0'),
    );
    expect(layout.blocks.length).toBeGreaterThanOrEqual(1);
    // Every block is white with dark ink: nothing stays light on dark.
    for (let i = 0; i < layout.blocks.length; i++) {
      const { min, white } = inkOf(layout, i);
      expect(min).toBeLessThan(60);
      expect(white).toBeGreaterThan(0.6);
    }
    expect(layout.lightOnDark).toBeGreaterThan(0.2);
    expect(layout.lightOnDark).toBeLessThan(0.8);

    const dark = await analyse(
      ARTICLE.slice(0, 5)
        .map((l, i) => text(40, 60 + i * 26, l, 15, '#d1d2d3'))
        .join(''),
      W,
      H,
      '#1a1d21',
    );
    expect(dark.lightOnDark).toBeGreaterThan(0.9);
    const { min, white } = inkOf(dark, 0);
    expect(min).toBeLessThan(60);
    expect(white).toBeGreaterThan(0.6);
  });

  it('cuts a sidebar from the article beside it and reads the sidebar first', async () => {
    const layout = await analyse(
      SIDEBAR.map((s, i) => text(20, 80 + i * 26, s, 13, '#555')).join('') +
        `<line x1="220" y1="40" x2="220" y2="${H}" stroke="#dddddd"/>` +
        ARTICLE.map((l, i) => text(260, 70 + i * 24, l)).join(''),
    );
    expect(layout.blocks.length).toBe(2);
    const [side, article] = layout.blocks;
    expect(side!.x + side!.width).toBeLessThan(220);
    expect(article!.x).toBeGreaterThan(220);
    expect(article!.height).toBeGreaterThan(200);
  });

  it('keeps the columns of a table (and line numbers beside code) together: their rows share baselines', async () => {
    const rows = [
      ['Search ads', '$12,000', 'Dana'],
      ['Social media', '$8,500', 'Marco'],
      ['Newsletter', '$2,000', 'Ines'],
      ['Events', '$15,000', 'Dana'],
      ['Podcasts', '$4,000', 'Ken'],
    ];
    const table = await analyse(
      rows
        .map(([a, b, c], i) => text(40, 60 + i * 34, a!) + text(300, 60 + i * 34, b!) + text(560, 60 + i * 34, c!))
        .join(''),
    );
    expect(table.blocks.length).toBe(1);

    const code = ['const a = 1;', 'const b = 2;', '', 'function sum() {', '  return a + b;', '}'];
    const editor = await analyse(
      code
        .map(
          (l, i) =>
            text(20, 40 + i * 21, String(i + 1), 14, '#858585') +
            (l
              ? `<text x="70" y="${40 + i * 21}" font-family="DejaVu Sans Mono" font-size="14" fill="#222" xml:space="preserve">${l}</text>`
              : ''),
        )
        .join(''),
    );
    expect(editor.blocks.length).toBe(1);
  });

  it('reads a ruled table row by row, however far apart its columns and however many of its cells are empty', async () => {
    // A zoomed spreadsheet: a column of centred numbers, a column of text with empty cells, rows almost three
    // lines high with a grid line under each. Its columns' lines are too few and too far apart to tell a table by
    // their baselines; the rules tell it.
    const ids = ['Test', '12', '13', '14', '15', '20', '200', '300', '400'];
    const texts = ['Text', 'The Quick Brown Fox', 'Jumped over the', 'Lazy', '', '', '', 'Brown', 'Dog'];
    const rowH = 112;
    const body = ids
      .map((id, i) => {
        const y = 45 + i * rowH;
        return (
          `<text x="165" y="${y + 75}" text-anchor="middle" font-family="DejaVu Sans" font-size="40" fill="#000">${id}</text>` +
          (texts[i] ? text(290, y + 75, texts[i]!, 40, '#000') : '')
        );
      })
      .join('');
    const bottom = 45 + ids.length * rowH;
    const rules =
      ids
        .map((_, i) => `<line x1="48" y1="${45 + i * rowH}" x2="1085" y2="${45 + i * rowH}" stroke="#222"/>`)
        .join('') +
      `<line x1="48" y1="${bottom}" x2="1085" y2="${bottom}" stroke="#222"/>` +
      [48, 282, 1085].map((x) => `<line x1="${x}" y1="45" x2="${x}" y2="${bottom}" stroke="#222"/>`).join('');
    const ruled = await analyse(body + rules, 1150, bottom + 40);
    expect(ruled.blocks.length).toBe(1);
    // The same cells without their rules are two columns, read one after the other.
    const bare = await analyse(body, 1150, bottom + 40);
    expect(bare.blocks.length).toBeGreaterThan(1);
  });

  it('cuts cards in a row apart, between the title above and the panel below', async () => {
    const card = (x: number, label: string, value: string) =>
      `<rect x="${x}" y="80" width="280" height="110" rx="10" fill="#ffffff"/>` +
      text(x + 18, 110, label, 13, '#6b7280') +
      text(x + 18, 150, value, 28, '#111827', 'bold') +
      text(x + 18, 175, '+4.1% from last month', 13, '#059669');
    const layout = await analyse(
      text(40, 50, 'Sales overview', 24, '#111827', 'bold') +
        card(40, 'Revenue', '$48,210') +
        card(340, 'New customers', '1,284') +
        card(640, 'Refunds', '$1,930') +
        `<rect x="40" y="220" width="880" height="200" rx="10" fill="#ffffff"/>` +
        text(58, 250, 'Monthly revenue', 15, '#111827', 'bold'),
      W,
      H,
      '#f3f4f6',
    );
    const xs = layout.blocks.map((b) => b.x);
    const ys = layout.blocks.map((b) => b.y);
    // Title, the three cards left to right, then the panel below them.
    expect(layout.blocks.length).toBe(5);
    expect(ys[0]).toBeLessThan(70);
    expect(xs.slice(1, 4)).toEqual([...xs.slice(1, 4)].sort((a, b) => a - b));
    expect(xs[3]).toBeGreaterThan(600);
    expect(ys[4]).toBeGreaterThan(200);
  });

  it('blanks an avatar beside a name, but keeps bold heading letters and list bullets', async () => {
    const layout = await analyse(
      text(70, 30, 'Yesterday the team agreed on the release plan for the new version.') +
        `<rect x="70" y="50" width="36" height="36" rx="6" fill="#e8912d"/>` +
        text(77, 74, 'PR', 15, '#ffffff', 'bold') +
        text(120, 64, 'Priya Raman', 15, '#111', 'bold') +
        text(120, 84, 'Morning! The release branch is cut and QA starts today.') +
        text(70, 120, 'Thanks, I will update the changelog before the build goes out.'),
    );
    // The avatar lies inside the first block (text above, beside and below it): its pixels are white there.
    const b = layout.blocks[0]!;
    expect(b.x).toBeLessThanOrEqual(70);
    expect(b.y).toBeLessThanOrEqual(50);
    const at = (x: number, y: number) =>
      layout.pixels[
        Math.round(b.canvasY + (y - b.y) * b.scale) * layout.width + Math.round(b.canvasX + (x - b.x) * b.scale)
      ]!;
    for (const [x, y] of [
      [74, 54],
      [88, 60],
      [102, 82],
    ]) {
      expect(at(x!, y!)).toBeGreaterThanOrEqual(250);
    }
    // The name beside it is kept, dark.
    let nameInk = 255;
    for (let x = 122; x < 200; x++) nameInk = Math.min(nameInk, at(x, 60));
    expect(nameInk).toBeLessThan(80);
  });

  it('keeps the solid letters of a large bold heading and the dots of a list (they are glyphs, not shapes)', async () => {
    const layout = await analyse(
      text(70, 100, 'Weeknight Pasta', 64, '#111', 'bold') +
        `<circle cx="76" cy="155" r="3" fill="#111"/>` +
        text(90, 160, 'Serves four people in twenty five minutes with a simple tomato sauce.') +
        `<circle cx="76" cy="185" r="3" fill="#111"/>` +
        text(90, 190, 'Boil the pasta in salted water until just tender and drain it.'),
    );
    const solid = (x0: number, x1: number) => {
      let n = 0;
      for (let y = 0; y < layout.height; y++) {
        for (let x = x0; x < x1; x++) if (layout.pixels[y * layout.width + x]! < 60) n++;
      }
      return n;
    };
    // Measured: ~17,000 solid pixels with every letter; blanking the compact bold ones ("e", "a", "s") halves it.
    expect(solid(0, layout.width)).toBeGreaterThan(14_000);
    const b = layout.blocks[0]!;
    expect(b.x).toBeLessThanOrEqual(74);
    // Each bullet is kept, left of its item.
    expect(solid(b.canvasX, Math.round(b.canvasX + (86 - b.x) * b.scale))).toBeGreaterThan(20);
  });

  it('scales small text up and leaves large text as it is', async () => {
    const small = await analyse(
      ARTICLE.slice(0, 4)
        .map((l, i) => text(20, 40 + i * 20, l, 12))
        .join(''),
    );
    expect(small.blocks[0]!.scale).toBeGreaterThan(1.4);
    const large = await analyse(
      ARTICLE.slice(0, 4)
        .map((l, i) => text(20, 50 + i * 40, l, 24))
        .join(''),
    );
    expect(large.blocks[0]!.scale).toBe(1);
  });
});
