/**
 * Scrolling captures: a long chat or article on a phone, captured in several overlapping screens as a person takes
 * them (the page scrolled by Chromium, the status bar and app bar fixed at the top with the clock moving on, a
 * message box or browser bar fixed at the foot), some re-encoded as JPEG as messaging apps do, and handed over in a
 * shuffled order. Each set keeps the units a person reads (every message, every sentence) to count, after the
 * captures were read and joined, which units the joined text repeats and which it lost (scrollScore).
 */
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { lineOccurrences } from '@snapnotes/testing/text';
import { conversation } from './categories/chat.js';
import { ARTICLE_TOPICS } from './content/prose.js';
import { clock, esc, fontStack, page, SANS, SERIF } from './html.js';
import { createRng, type Rng } from './rng.js';
import { statusBar, statusBarCss, STATUS_BAR_HEIGHT } from './categories/phone-chrome.js';

export interface ScrollSpec {
  id: string;
  kind: 'chat' | 'article';
  /** The whole page: fixed bars above and below, the content scrolling between them. */
  html: string;
  /** Every unit a person reads once (a message's text, a sentence), in order. */
  units: string[];
  /** Status bar clock of the first capture, minutes since midnight; each capture is a minute or two later. */
  minutes: number;
  /** How far each capture scrolls on from the one before, as a share of the content's visible height. */
  steps: number[];
  /** Captures re-encoded as JPEG (a messaging app's recompression), with this quality; PNG when absent. */
  jpegQuality?: number;
  /** Upload order: capture indexes, shuffled. */
  order: number[];
}

export interface ScrollSet {
  spec: ScrollSpec;
  /** The captures in upload order (spec.order), each named by its place in the scroll ("<id>-2.png"). */
  captures: { name: string; image: Buffer }[];
}

const WIDTH = 390;
const HEIGHT = 844;
const TOP = STATUS_BAR_HEIGHT + 62;
const BOTTOM = 78;

/**
 * A chat wallpaper of line drawings in a shade close to its ground (as WhatsApp's and Telegram's defaults), fixed on
 * the screen while the messages scroll over it.
 */
const DOODLES = `url("data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='96' height='96'><g fill='none' stroke='#d8ccbe' stroke-width='2'>" +
    "<circle cx='20' cy='22' r='9'/><path d='M52 14l10 10-10 10-10-10z'/><path d='M14 70q12-14 24 0t24 0'/>" +
    "<rect x='66' y='58' width='18' height='14' rx='3'/><path d='M76 88l6-8 6 8'/></g></svg>",
)}") repeat fixed`;

function chatSpec(rng: Rng, index: number): ScrollSpec {
  // Two conversations one after the other: a long chat; the user's own messages are "You".
  const [first, second] = [conversation(rng, index, 0), conversation(rng, index, 2)];
  const messages = [...first.messages, ...second.messages].map((m) => ({ ...m, name: m.me ? 'You' : m.name }));
  const start = first.messages[0]!.minutes - 1;
  const group = index % 2 === 1;
  const other = messages.find((m) => !m.me)!.name;
  const title = group ? rng.pick(['Weekend crew', 'Project team', 'Roommates']) : other;
  // One chat in two has a patterned wallpaper that stays while the messages move (chat-01, 07, 09…; 07 is one of the
  // sets re-encoded as JPEG, as a messaging app sends them). Chosen by place, not drawn: the rest of a seed's sets
  // stay as they were.
  const wallpaper = index % 8 === 0 || index % 8 === 6;
  const css = `
${statusBarCss('#000000')}
body { height: auto; overflow: visible; font-family: ${fontStack(rng.pick(SANS))}; font-size: 16px; color: #111; background: #efe7dd ${wallpaper ? DOODLES : ''}; }
.top { position: fixed; top: 0; left: 0; right: 0; background: #f6f6f6; z-index: 2; }
.head { height: 62px; display: flex; align-items: center; gap: 10px; padding: 0 14px; border-bottom: 1px solid #d8d8d8; }
.pic { width: 38px; height: 38px; border-radius: 50%; background: linear-gradient(135deg, #f5a35c, #c2507a); }
.title { font-weight: bold; font-size: 17px; }
.list { padding: ${TOP + 10}px 12px ${BOTTOM + 10}px; display: flex; flex-direction: column; gap: 8px; }
.b { max-width: 72%; padding: 8px 14px; border-radius: 18px; line-height: 21px; }
.me { align-self: flex-end; background: #1f7a4d; color: #fff; }
.them { align-self: flex-start; background: #fff; }
.from { font-size: 13px; color: #7a4fbf; font-weight: bold; margin: 0 0 -4px 12px; }
.t { display: block; text-align: right; font-size: 12px; opacity: 0.8; line-height: 14px; margin-top: 2px; }
.foot { position: fixed; left: 0; right: 0; bottom: 0; height: ${BOTTOM}px; background: #f6f6f6; z-index: 2; }
.input { margin: 14px 12px; height: 40px; border-radius: 20px; border: 1px solid #c7c7cc; background: #fff; color: #8e8e93; display: flex; align-items: center; padding: 0 16px; }`;
  const bubbles = messages
    .map((m) => {
      const from = group && !m.me ? `<div class="from">${esc(m.name)}</div>` : '';
      return `${from}<div class="b ${m.me ? 'me' : 'them'}">${esc(m.text)}<span class="t">${esc(m.time)}</span></div>`;
    })
    .join('\n');
  const body = `<div class="top">${statusBar(rng, start).html}
<div class="head"><div class="pic"></div><div class="title">${esc(title)}</div></div></div>
<div class="list">${bubbles}</div>
<div class="foot"><div class="input">Message</div></div>`;
  return {
    id: `scroll-chat-${String(index + 1).padStart(2, '0')}`,
    kind: 'chat',
    html: page({ width: WIDTH, height: HEIGHT, css, body }),
    units: messages.map((m) => m.text),
    minutes: start,
    steps: [],
    order: [],
  };
}

function articleSpec(rng: Rng, index: number): ScrollSpec {
  const [topic, next] = rng.sample(ARTICLE_TOPICS, 2) as [
    (typeof ARTICLE_TOPICS)[number],
    (typeof ARTICLE_TOPICS)[number],
  ];
  const paragraphs = (sentences: string[]) => {
    const out: string[][] = [];
    for (let i = 0; i < sentences.length;) {
      const n = rng.int(2, 3);
      out.push(sentences.slice(i, i + n));
      i += n;
    }
    return out;
  };
  const site = rng.pick(['Northgate Daily', 'The Harbor Post', 'Valley Ledger']);
  const css = `
${statusBarCss('#000000')}
body { height: auto; overflow: visible; font-family: ${fontStack(rng.pick(SERIF))}; font-size: 17px; line-height: 1.5; color: #1a1a1a; background: #fff; }
.top { position: fixed; top: 0; left: 0; right: 0; background: #fff; z-index: 2; }
.head { height: 62px; display: flex; align-items: center; justify-content: center; border-bottom: 1px solid #ddd; font-weight: bold; font-size: 20px; font-family: ${fontStack(SANS[0])}; }
.body { padding: ${TOP + 12}px 20px ${BOTTOM + 16}px; }
h1 { font-size: 26px; line-height: 1.25; margin: 4px 0 12px; }
h2 { font-size: 21px; line-height: 1.3; margin: 20px 0 8px; }
p { margin: 0 0 14px; }
.foot { position: fixed; left: 0; right: 0; bottom: 0; height: ${BOTTOM}px; background: #f2f2f2; border-top: 1px solid #ccc; z-index: 2; display: flex; align-items: center; justify-content: center; font-family: ${fontStack(SANS[0])}; font-size: 14px; color: #555; }`;
  const section = (t: (typeof ARTICLE_TOPICS)[number], heading: 'h1' | 'h2') =>
    `<${heading}>${esc(t.title)}</${heading}>\n${paragraphs(t.sentences)
      .map((p) => `<p>${esc(p.join(' '))}</p>`)
      .join('\n')}`;
  const minutes = rng.int(6 * 60, 22 * 60);
  const body = `<div class="top">${statusBar(rng, minutes).html}<div class="head">${esc(site)}</div></div>
<div class="body">${section(topic, 'h1')}\n${section(next, 'h2')}</div>
<div class="foot">${esc(site.toLowerCase().replace(/^the /, '').replace(/ /g, ''))}.com</div>`;
  return {
    id: `scroll-article-${String(index + 1).padStart(2, '0')}`,
    kind: 'article',
    html: page({ width: WIDTH, height: HEIGHT, css, body }),
    units: [topic.title, ...topic.sentences, next.title, ...next.sentences],
    minutes,
    steps: [],
    order: [],
  };
}

/**
 * `count` scroll sets (chats and articles taking turns), the same for the same seed: each scrolled on by 50–80% of
 * the visible content per capture, every other set re-encoded as JPEG, the captures shuffled.
 */
export function scrollSpecs(seed: number, count: number): ScrollSpec[] {
  const root = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const rng = root.fork(`scroll-${i}`);
    const spec = i % 2 === 0 ? chatSpec(rng, i) : articleSpec(rng, i);
    spec.steps = Array.from({ length: 12 }, () => Number(rng.range(0.5, 0.8).toFixed(2)));
    if (i % 4 >= 2) spec.jpegQuality = rng.int(70, 85);
    return { ...spec, order: rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) };
  });
}

/** Renders a set's page and captures it screen by screen, as a person scrolls; at most `max` captures. */
export async function captureScrolls(browser: Browser, spec: ScrollSpec, max = 5): Promise<ScrollSet> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 2 });
  try {
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const tab = await context.newPage();
    await tab.setContent(spec.html, { waitUntil: 'load' });
    await tab.evaluate('document.fonts.ready.then(() => true)');
    const end = Number(await tab.evaluate('document.documentElement.scrollHeight')) - HEIGHT;
    const visible = HEIGHT - TOP - BOTTOM;
    const shots: Buffer[] = [];
    for (let y = 0, i = 0; shots.length < max; i++) {
      const at = Math.min(y, end);
      const time = clock(spec.minutes + i * 2, false).replace(/^0/, '');
      await tab.evaluate(
        `window.scrollTo(0, ${at}); document.querySelector('.clock').textContent = ${JSON.stringify(time)};`,
      );
      const png = await tab.screenshot({ type: 'png' });
      shots.push(spec.jpegQuality ? await sharp(png).jpeg({ quality: spec.jpegQuality }).toBuffer() : png);
      if (at >= end) break;
      y = at + Math.round(visible * spec.steps[i % spec.steps.length]!);
    }
    const ext = spec.jpegQuality ? 'jpg' : 'png';
    const order = spec.order.filter((k) => k < shots.length);
    return { spec, captures: order.map((k) => ({ name: `${spec.id}-${k + 1}.${ext}`, image: shots[k]! })) };
  } finally {
    await context.close();
  }
}

export interface ScrollScore {
  /** Units the captures' text shows (OCR read them well enough to find; others are OCR's misses, not the join's). */
  readable: number;
  /** Readable units the joined text no longer holds. */
  lost: string[];
  /** Units the joined text holds more than once. */
  repeated: string[];
}

/**
 * Scores a joined text against a set's units: each unit (letters and digits, OCR noise of 15% allowed) found once
 * is right, found twice is repeated, found in the captures' text but not in the joined text is lost.
 */
export function scrollScore(units: readonly string[], captureTexts: readonly string[], joined: string): ScrollScore {
  const all = captureTexts.join('\n');
  const score: ScrollScore = { readable: 0, lost: [], repeated: [] };
  for (const unit of units) {
    if (lineOccurrences(all, unit) === 0) continue;
    score.readable++;
    const n = lineOccurrences(joined, unit);
    if (n === 0) score.lost.push(unit);
    if (n > 1) score.repeated.push(unit);
  }
  return score;
}
