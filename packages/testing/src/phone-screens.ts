/**
 * Phone screenshots generated at run time for the duplicate detection (issue 25 item 2): a chat or an article in an
 * app's layout, with a status bar (clock, battery) above it. The same screen can be rendered again with another clock
 * or battery level, re-encoded, resized or with its status bar cropped (a near duplicate); another chat or article in
 * the same app is a different screenshot that looks alike. Deterministic: a seed gives the same image every run.
 */
import sharp from 'sharp';
import { prng } from './random.js';

export type PhoneScreenKind = 'chat' | 'article';

export interface PhoneScreen {
  kind: PhoneScreenKind;
  /** The app's name in its header (a chat's contact, an article's site). */
  header: string;
  /** The chat's messages (true: sent by the phone's owner) or the article's paragraphs, top to bottom. */
  blocks: { text: string; mine: boolean }[];
  dark: boolean;
}

export interface StatusBar {
  clock: string;
  /** 0–100. */
  battery: number;
}

const WORDS = (
  'the a to and of in is it you that for on was with are this be at have not they but we from or can will one ' +
  'about all there so if what when up out my your more time just like see know get make go think come back tomorrow ' +
  'meeting library lecture notes exam dinner train ticket invoice payment flight hotel photo project deadline ' +
  'report budget coffee weekend friday monday seven eight thanks sure okay great sorry later address parcel ' +
  'delivery garden recipe chapter figure results method sample average growth market price order account'
).split(' ');

const CONTACTS = ['Maria', 'Tom', 'Family group', 'Alex Chen', 'Study group', 'Mum', 'Jonas', 'Priya'];
const SITES = ['The Daily Read', 'Science Today', 'City News', 'Tech Weekly'];

function sentence(rand: () => number, min: number, max: number): string {
  const n = min + Math.floor(rand() * (max - min + 1));
  const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + (rand() < 0.2 ? '?' : '.');
}

/**
 * A screen's content from a seed. `app` fixes the layout (kind, header, theme) so two seeds of one app differ only
 * in their messages or paragraphs: "the same app, another chat".
 */
export function phoneScreen(
  seed: number,
  app: { kind: PhoneScreenKind; header?: number; dark?: boolean },
): PhoneScreen {
  const rand = prng(seed);
  const chat = app.kind === 'chat';
  const blocks = Array.from({ length: chat ? 14 : 7 }, () =>
    chat ? { text: sentence(rand, 2, 18), mine: rand() < 0.5 } : { text: sentence(rand, 25, 45), mine: false },
  );
  const names = chat ? CONTACTS : SITES;
  return { kind: app.kind, header: names[(app.header ?? 0) % names.length]!, blocks, dark: app.dark ?? false };
}

/** The same screen scrolled by `by` blocks: what a second scrolling capture of it shows. */
export function scrolled(screen: PhoneScreen, by: number, seed: number): PhoneScreen {
  const more = phoneScreen(seed, { kind: screen.kind });
  return { ...screen, blocks: [...screen.blocks.slice(by), ...more.blocks.slice(0, by)] };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The screen as a PNG of `width` × `height` (a phone's 9:19.5 by default), under the given status bar. */
export async function renderPhoneScreen(
  screen: PhoneScreen,
  status: StatusBar = { clock: '9:41', battery: 80 },
  size: { width: number; height: number } = { width: 720, height: 1560 },
): Promise<Buffer> {
  const { width, height } = size;
  const s = width / 720;
  const theme = screen.dark
    ? { bg: '#0b141a', bar: '#1f2c34', text: '#e9edef', mine: '#005c4b', theirs: '#1f2c34', sub: '#8696a0' }
    : { bg: '#efeae2', bar: '#f0f2f5', text: '#111b21', mine: '#d9fdd3', theirs: '#ffffff', sub: '#667781' };
  if (screen.kind === 'article') Object.assign(theme, screen.dark ? { bg: '#121212' } : { bg: '#ffffff' });
  const el: string[] = [];
  const statusH = 60 * s;
  const headerH = 110 * s;
  el.push(`<rect width="${width}" height="${height}" fill="${theme.bg}"/>`);
  el.push(`<rect width="${width}" height="${statusH + headerH}" fill="${theme.bar}"/>`);
  // The status bar: clock left, signal bars and battery right.
  el.push(
    `<text x="${36 * s}" y="${42 * s}" font-family="DejaVu Sans" font-weight="bold" font-size="${26 * s}" fill="${theme.text}">${escapeXml(status.clock)}</text>`,
  );
  for (let i = 0; i < 4; i++) {
    const h = (8 + i * 5) * s;
    el.push(`<rect x="${(540 + i * 12) * s}" y="${42 * s - h}" width="${8 * s}" height="${h}" fill="${theme.text}"/>`);
  }
  el.push(
    `<rect x="${610 * s}" y="${20 * s}" width="${60 * s}" height="${26 * s}" rx="${5 * s}" fill="none" stroke="${theme.text}" stroke-width="${2 * s}"/>`,
    `<rect x="${614 * s}" y="${24 * s}" width="${(52 * s * Math.max(0, Math.min(100, status.battery))) / 100}" height="${18 * s}" fill="${theme.text}"/>`,
  );
  // The app's header: back arrow, avatar, name.
  el.push(
    `<path d="M ${40 * s} ${statusH + headerH / 2} l ${18 * s} ${-18 * s} M ${40 * s} ${statusH + headerH / 2} l ${18 * s} ${18 * s}" stroke="${theme.text}" stroke-width="${4 * s}"/>`,
    `<circle cx="${110 * s}" cy="${statusH + headerH / 2}" r="${32 * s}" fill="${theme.sub}"/>`,
    `<text x="${160 * s}" y="${statusH + headerH / 2 + 10 * s}" font-family="DejaVu Sans" font-size="${30 * s}" fill="${theme.text}">${escapeXml(screen.header)}</text>`,
  );
  const fontSize = (screen.kind === 'chat' ? 28 : 26) * s;
  const lineH = fontSize * 1.4;
  let y = statusH + headerH + 30 * s;
  for (const block of screen.blocks) {
    const maxChars = screen.kind === 'chat' ? 30 : 44;
    const lines = wrap(block.text, maxChars);
    const textW = Math.max(...lines.map((l) => l.length)) * fontSize * 0.58;
    const blockH = lines.length * lineH + 24 * s;
    if (y + blockH > height - 120 * s) break;
    let x = 40 * s;
    if (screen.kind === 'chat') {
      const bubbleW = textW + 40 * s;
      x = block.mine ? width - 30 * s - bubbleW : 30 * s;
      el.push(
        `<rect x="${x}" y="${y}" width="${bubbleW}" height="${blockH}" rx="${18 * s}" fill="${block.mine ? theme.mine : theme.theirs}"/>`,
      );
      x += 20 * s;
    }
    lines.forEach((line, i) => {
      el.push(
        `<text x="${x}" y="${y + 12 * s + (i + 1) * lineH - lineH * 0.25}" font-family="DejaVu Sans" font-size="${fontSize}" fill="${theme.text}">${escapeXml(line)}</text>`,
      );
    });
    y += blockH + (screen.kind === 'chat' ? 16 : 28) * s;
  }
  // The bottom bar: a message field in a chat, a toolbar in an article.
  el.push(`<rect y="${height - 100 * s}" width="${width}" height="${100 * s}" fill="${theme.bar}"/>`);
  el.push(
    `<rect x="${30 * s}" y="${height - 80 * s}" width="${width - 140 * s}" height="${60 * s}" rx="${30 * s}" fill="${theme.theirs}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${el.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** renderPhoneScreen's fixed bars at its default size: status bar and app bar above, the message box below. */
const BARS = { top: 170, bottom: 100 };
const SCREEN = { width: 720, height: 1560 };
const PAGE_HEIGHT = 2600;
/** How far scrollCapture scrolls at most: the tall page's own message box below its content stays out. */
export const MAX_SCROLL_OFFSET = PAGE_HEIGHT - SCREEN.height;

/**
 * What a phone shows of a long screen scrolled down by `offset` pixels: the screen's content laid out on one tall
 * page (every message), cut under the fixed bars as a scrolling app does, the clock as given. Scrolling captures of
 * one chat are the same content moved by whole pixel rows (unlike `scrolled`, which lays the messages out again).
 * `offset` from 0 to MAX_SCROLL_OFFSET.
 */
export async function scrollCapture(screen: PhoneScreen, offset: number, clock = '9:41'): Promise<Buffer> {
  if (offset < 0 || offset > MAX_SCROLL_OFFSET) throw new RangeError(`offset ${offset} out of 0–${MAX_SCROLL_OFFSET}`);
  const { width, height } = SCREEN;
  const pageHeight = PAGE_HEIGHT;
  const tall = await renderPhoneScreen(screen, { clock, battery: 80 }, { width, height: pageHeight });
  const band = (top: number, rows: number) =>
    sharp(tall).extract({ left: 0, top, width, height: rows }).png().toBuffer();
  const [bars, content, foot] = await Promise.all([
    band(0, BARS.top),
    band(BARS.top + offset, height - BARS.top - BARS.bottom),
    band(pageHeight - BARS.bottom, BARS.bottom),
  ]);
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: bars, top: 0, left: 0 },
      { input: content, top: BARS.top, left: 0 },
      { input: foot, top: height - BARS.bottom, left: 0 },
    ])
    .png()
    .toBuffer();
}

/** What a screenshot goes through between two phones or apps: another format, size, or its status bar cropped. */
export interface Reshare {
  format?: 'png' | 'jpeg' | 'webp';
  quality?: number;
  /** The new width as a fraction of the old (the height follows). */
  scale?: number;
  /** The share of the height cut from the top (a status bar removed). */
  cropTop?: number;
}

export async function reshare(image: Buffer, how: Reshare): Promise<Buffer> {
  let img = sharp(image);
  const meta = await img.metadata();
  const width = meta.width;
  const height = meta.height;
  if (how.cropTop) {
    const top = Math.round(height * how.cropTop);
    img = sharp(
      await img
        .extract({ left: 0, top, width, height: height - top })
        .png()
        .toBuffer(),
    );
  }
  if (how.scale) img = img.resize({ width: Math.round(width * how.scale) });
  const quality = how.quality ?? 80;
  if (how.format === 'jpeg') return img.jpeg({ quality }).toBuffer();
  if (how.format === 'webp') return img.webp({ quality }).toBuffer();
  return img.png().toBuffer();
}

/** An image to look up in a library of originals: the index of the original it copies, or null (a different one). */
export interface DuplicateQuery {
  image: Buffer;
  /** The library image it is a copy of; null when it matches none (another chat of the same app, a scroll). */
  of: number | null;
  /** How it was made (for the report): 'jpeg70-half', 'other-chat', 'scrolled-1'… */
  what: string;
}

export interface DuplicateSet {
  library: Buffer[];
  queries: DuplicateQuery[];
}

/** The layouts of the set: chats and articles, light and dark, each with its own header. */
const APPS = [
  { kind: 'chat', header: 0 },
  { kind: 'chat', header: 1, dark: true },
  { kind: 'chat', header: 4 },
  { kind: 'article', header: 0 },
  { kind: 'article', header: 2, dark: true },
] as const;

/** How a copy of a screenshot is made (what a share, a messenger or a backup does to it). */
const COPIES: { what: string; status?: StatusBar; how: Reshare; size?: { width: number; height: number } }[] = [
  { what: 'same-bytes', how: {} },
  { what: 'jpeg70-half', how: { format: 'jpeg', quality: 70, scale: 0.5 } },
  { what: 'webp75', how: { format: 'webp', quality: 75 } },
  { what: 'png-0.75', how: { scale: 0.75 } },
  { what: 'jpeg40-0.4', how: { format: 'jpeg', quality: 40, scale: 0.4 } },
  { what: 'clock', status: { clock: '23:07', battery: 12 }, how: {} },
  { what: 'clock-crop4-jpeg', status: { clock: '14:55', battery: 55 }, how: { cropTop: 0.04, format: 'jpeg' } },
  { what: 'crop6', how: { cropTop: 0.06 } },
  { what: 'crop3-webp-half', how: { cropTop: 0.03, format: 'webp', scale: 0.5 } },
  { what: 'rendered-larger', how: {}, size: { width: 1080, height: 2340 } },
];

/**
 * Near duplicates and different-but-similar screenshots (issue 25 item 5's measure): `perApp` screens of each app
 * layout in the library; as queries, every copy of each (COPIES), and for each screen another screen of the same app,
 * the same screen scrolled by one and by two messages, and the same screen with one message changed.
 */
export async function duplicateSet(perApp: number): Promise<DuplicateSet> {
  const library: Buffer[] = [];
  const queries: DuplicateQuery[] = [];
  for (const [appIndex, app] of APPS.entries()) {
    for (let k = 0; k < perApp; k++) {
      const seed = 1000 + appIndex * 100 + k;
      const screen = phoneScreen(seed, app);
      const original = await renderPhoneScreen(screen);
      const of = library.push(original) - 1;
      for (const copy of COPIES) {
        const rendered = copy.status || copy.size ? await renderPhoneScreen(screen, copy.status, copy.size) : original;
        queries.push({
          image: copy.what === 'same-bytes' ? original : await reshare(rendered, copy.how),
          of,
          what: copy.what,
        });
      }
      const changedAt = app.kind === 'chat' ? 4 : 2;
      const changed: PhoneScreen = {
        ...screen,
        blocks: screen.blocks.map((b, i) => (i === changedAt ? { ...b, text: sentence(prng(seed + 7), 4, 12) } : b)),
      };
      // One word of that block changed, its length kept (the letters turned: "meeting" → "eetingm"): a local change
      // the 64-pixel fingerprint cannot see; the originals compared closely do.
      // (The first block from there that has a word of five letters: "Are like." has none.)
      const wordAt = screen.blocks.findIndex((b, i) => i >= changedAt && /\p{L}{5,}/u.test(b.text));
      const oneWord: PhoneScreen = {
        ...screen,
        blocks: screen.blocks.map((b, i) =>
          i === wordAt ? { ...b, text: b.text.replace(/\p{L}{5,}/u, (w) => w.slice(1) + w[0]) } : b,
        ),
      };
      const different: [string, PhoneScreen][] = [
        ['other-screen', phoneScreen(seed + 50, app)],
        ['scrolled-1', scrolled(screen, 1, seed + 3)],
        ['scrolled-2', scrolled(screen, 2, seed + 3)],
        ['one-block-changed', changed],
        ['one-word-changed', oneWord],
      ];
      for (const [what, s] of different) {
        queries.push({
          image: await reshare(await renderPhoneScreen(s), { format: 'jpeg', quality: 85 }),
          of: null,
          what,
        });
      }
    }
  }
  return { library, queries };
}

export interface DuplicateScore {
  /** Correct matches / all matches. */
  precision: number;
  /** Copies matched to their original / all copies. */
  recall: number;
  copies: number;
  different: number;
  /** Each wrong answer: what the query was and what it matched (null: missed). */
  mistakes: { what: string; of: number | null; matched: number | null }[];
}

/**
 * Looks every query up in the library with `match` (the library index it duplicates, or null) and scores it: a
 * match to the right original is correct, any other match is wrong, a copy left unmatched is missed.
 */
export async function scoreDuplicates(
  set: DuplicateSet,
  match: (image: Buffer) => Promise<number | null>,
): Promise<DuplicateScore> {
  let correct = 0;
  let wrong = 0;
  const mistakes: DuplicateScore['mistakes'] = [];
  for (const query of set.queries) {
    const matched = await match(query.image);
    if (matched !== null && matched === query.of) correct++;
    else if (matched !== null) wrong++;
    if (matched !== query.of) mistakes.push({ what: query.what, of: query.of, matched });
  }
  const copies = set.queries.filter((q) => q.of !== null).length;
  return {
    precision: correct + wrong === 0 ? 1 : correct / (correct + wrong),
    recall: copies === 0 ? 1 : correct / copies,
    copies,
    different: set.queries.length - copies,
    mistakes,
  };
}
