/**
 * Images for the PaddleOCR tests and measurements, rendered by sharp (librsvg) from SVG in DejaVu Sans: each with
 * the text it shows and where the ink of every line of it is (each line rendered alone on transparency).
 */
import { SAMPLE_TEXT } from '@snapnotes/testing/images';
import sharp from 'sharp';

export interface Rendered {
  png: Buffer;
  /** The lines of text in reading order (a table: row by row, cells left to right). */
  lines: string[];
  /** The bounding box of each line's ink, accents included. */
  boxes: InkBox[];
}

export interface InkBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface TextItem {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  fill: string;
  weight?: 'bold';
  /** Degrees clockwise, about the start of the baseline. */
  rotate?: number;
}

const textElement = (t: TextItem) =>
  `<text x="${t.x}" y="${t.y}" font-family="DejaVu Sans" font-size="${t.size}" fill="${t.fill}"` +
  `${t.weight ? ` font-weight="${t.weight}"` : ''}${t.rotate ? ` transform="rotate(${t.rotate} ${t.x} ${t.y})"` : ''}>` +
  `${esc(t.text)}</text>`;

/** The bounding box of the pixels a text item covers (alpha ≥ 25%) when rendered alone. */
async function inkBox(width: number, height: number, item: TextItem): Promise<InkBox> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${textElement(item)}</svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < 64) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) throw new Error(`no ink for ${item.text}`);
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

async function render(width: number, height: number, background: string, shapes: string, items: TextItem[]) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${background}"/>${shapes}
${items.map(textElement).join('\n')}</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const boxes = await Promise.all(items.map((t) => inkBox(width, height, t)));
  return { png, lines: items.map((t) => t.text), boxes };
}

/** One line of 22 px dark text on white. */
export function renderLine(text = 'Meeting notes: budget review moved to Friday 10:30'): Promise<Rendered> {
  return render(760, 80, '#ffffff', '', [{ text, x: 24, y: 48, size: 22, fill: '#202124' }]);
}

/** One line of 20 px text rotated by `degrees` (clockwise). */
export function renderRotatedLine(
  degrees: number,
  text = 'The printer on the third floor is out of toner',
): Promise<Rendered> {
  return render(640, 140, '#ffffff', '', [{ text, x: 40, y: 50, size: 20, fill: '#202124', rotate: degrees }]);
}

/** A 3 × 3 table with a header row and grid lines, 18 px text. */
export function renderTable(): Promise<Rendered> {
  const cells = [
    ['Product', 'Units', 'Price'],
    ['Notebook', '120', '$4.50'],
    ['Pencils', '36', '$0.80'],
  ];
  const [x0, y0, colW, rowH] = [20, 20, 200, 44];
  const grid = [0, 1, 2, 3]
    .map(
      (i) =>
        `<line x1="${x0}" y1="${y0 + i * rowH}" x2="${x0 + 3 * colW}" y2="${y0 + i * rowH}" stroke="#9aa0a6"/>` +
        `<line x1="${x0 + i * colW}" y1="${y0}" x2="${x0 + i * colW}" y2="${y0 + 3 * rowH}" stroke="#9aa0a6"/>`,
    )
    .join('');
  const header = `<rect x="${x0}" y="${y0}" width="${3 * colW}" height="${rowH}" fill="#e8f0fe"/>`;
  const items = cells.flatMap((row, r) =>
    row.map((text, c) => ({
      text,
      x: x0 + c * colW + 14,
      y: y0 + r * rowH + 29,
      size: 18,
      fill: '#202124',
      weight: r === 0 ? ('bold' as const) : undefined,
    })),
  );
  return render(640, 172, '#ffffff', header + grid, items);
}

/** White 20 px text on a blue chat bubble. */
export function renderBubble(text = 'See you at the station at 6:30 tomorrow'): Promise<Rendered> {
  const bubble = `<rect x="20" y="16" width="${Math.ceil(text.length * 0.62 * 20) + 40}" height="52" rx="22" fill="#1a73e8"/>`;
  return render(640, 84, '#ffffff', bubble, [{ text, x: 40, y: 49, size: 20, fill: '#ffffff' }]);
}

/** Light grey 16 px text on white (a timestamp, a placeholder): 55 grey levels from the background. */
export function renderLightGrey(text = 'Last edited 5 minutes ago by Priya'): Promise<Rendered> {
  return render(560, 60, '#ffffff', '', [{ text, x: 20, y: 36, size: 16, fill: '#c8c8c8' }]);
}

/** Screenshots of 1280 × 800 for the measurements: an article, a spreadsheet, a dark chat and a settings page. */
export async function renderScreens(): Promise<{ name: string; png: Buffer; lines: string[] }[]> {
  const bar = `<rect width="1280" height="56" fill="#24292f"/><rect y="56" width="240" height="744" fill="#f6f8fa"/>`;
  const nav = ['Home', 'Notes', 'Shared', 'Archive', 'Settings'].map((t, i) => ({
    text: t,
    x: 32,
    y: 110 + i * 40,
    size: 16,
    fill: '#24292f',
  }));
  const prose = [...SAMPLE_TEXT.lectureNotes, ...SAMPLE_TEXT.chat].map((t, i) => ({
    text: t,
    x: 280,
    y: 110 + i * 26,
    size: 15,
    fill: '#1f2328',
  }));
  const article = await render(1280, 800, '#ffffff', bar, [
    { text: 'SnapNotes', x: 24, y: 36, size: 18, fill: '#ffffff', weight: 'bold' },
    ...nav,
    ...prose,
  ]);

  const cols = ['Channel', 'Budget', 'Spent', 'Remaining', 'Owner', 'Status'];
  const names = ['Search ads', 'Social media', 'Newsletter', 'Events', 'Podcasts', 'Print', 'Video', 'Radio'];
  const rows = names.flatMap((n, r) => [n, `$${(r + 3) * 1250}`, `$${(r + 2) * 980}`, `$${r * 270 + 150}`]);
  const grid = Array.from(
    { length: 16 },
    (_, r) => `<line x1="40" y1="${80 + r * 40}" x2="1240" y2="${80 + r * 40}" stroke="#dadce0"/>`,
  );
  const sheetItems = [
    ...cols.map((t, c) => ({ text: t, x: 52 + c * 200, y: 106, size: 15, fill: '#202124', weight: 'bold' as const })),
    ...Array.from({ length: 14 }, (_, r) =>
      [0, 1, 2, 3, 4, 5].map((c) => ({
        text: c < 4 ? rows[(r % 8) * 4 + c]! : c === 4 ? ['Dana', 'Marco', 'Ines', 'Ken'][r % 4]! : 'On track',
        x: 52 + c * 200,
        y: 146 + r * 40,
        size: 15,
        fill: '#3c4043',
      })),
    ).flat(),
  ];
  const sheet = await render(1280, 800, '#ffffff', grid.join(''), sheetItems);

  const chatLines = [...SAMPLE_TEXT.chat, ...SAMPLE_TEXT.chat.slice(0, 4)];
  const bubbles = chatLines.map((t, i) => {
    const w = Math.ceil(t.length * 0.62 * 16) + 32;
    const x = i % 2 ? 1240 - w : 300;
    return `<rect x="${x}" y="${80 + i * 68}" width="${w}" height="44" rx="18" fill="${i % 2 ? '#1a73e8' : '#3a3c42'}"/>`;
  });
  const chat = await render(
    1280,
    800,
    '#1e1f22',
    bubbles.join(''),
    chatLines.map((t, i) => {
      const w = Math.ceil(t.length * 0.62 * 16) + 32;
      return { text: t, x: (i % 2 ? 1240 - w : 300) + 16, y: 108 + i * 68, size: 16, fill: '#f1f3f4' };
    }),
  );

  const labels = ['Email notifications', 'Push notifications', 'Weekly digest', 'Dark mode', 'Language', 'Time zone'];
  const hints = labels.map((l) => `Choose how ${l.toLowerCase()} behave on this device`);
  const settings = await render(
    1280,
    800,
    '#ffffff',
    labels.map((_, i) => `<rect x="1100" y="${128 + i * 90}" width="44" height="24" rx="12" fill="#1a73e8"/>`).join(''),
    [
      { text: 'Settings', x: 80, y: 80, size: 30, fill: '#202124', weight: 'bold' },
      ...labels.flatMap((l, i) => [
        { text: l, x: 80, y: 140 + i * 90, size: 17, fill: '#202124' },
        { text: hints[i]!, x: 80, y: 166 + i * 90, size: 14, fill: '#a0a4a8' },
      ]),
    ],
  );
  return [
    { name: 'article + sidebar', ...article },
    { name: 'spreadsheet', ...sheet },
    { name: 'dark chat, bubbles', ...chat },
    { name: 'settings, grey hints', ...settings },
  ];
}
