/**
 * Scrolling captures the gateway matched by their pixels (local/scroll-pixels.ts, UploadJob.scrolls): the join cuts
 * each capture where the next one's new rows begin, by its blocks' boxes, so a chat whose captures share only lines
 * OCR read differently in each is one page and one text, every message once; without the pixel match the same
 * readings stay two pages.
 */
import type { PageBlock, ScrollLink } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { joinScrolls } from '../src/local/pages.js';
import { joinScrollTexts } from '../src/local/scroll.js';
import { bestCut, scrollsAt, textIn } from '../src/local/scroll-pixels.js';

const ROW = 60; // a message's height on the capture
const TOP = 100; // the status bar and the app bar
const HEIGHT = TOP + 6 * ROW + 80; // six messages, then the message box

const messages = [
  'Did you see the new onboarding mock-ups?',
  'Yes, the first screen feels crowded',
  'We could move the legal text to a link',
  "Let's use Continue everywhere.",
  'And keep Skip on the second screen',
  'Agreed, I will update the file tonight',
  'Thanks! Send it to Priya too',
  'Will do',
  'See you at ten',
];

/** A capture showing messages [first, first + 6), read by OCR as `read` (noise on some lines). */
function capture(first: number, read: (text: string, row: number) => string = (t) => t) {
  const blocks: PageBlock[] = [
    { kind: 'heading', text: 'Design team', confidence: 90, box: [20, 40, 200, 40] },
    ...messages.slice(first, first + 6).map((text, row): PageBlock => ({
      kind: 'chat-message',
      side: (first + row) % 2 ? 'right' : 'left',
      text: read(text, row),
      confidence: 90,
      box: [20, TOP + row * ROW + 10, 300, 40],
    })),
    { kind: 'paragraph', text: 'Message', confidence: 90, box: [20, HEIGHT - 60, 100, 40] },
  ];
  return { text: ['9:0' + first + ' AM', ...blocks.map((b) => b.text)].join('\n'), blocks };
}

// The second capture is scrolled by three messages: its first three messages are the first capture's last three,
// which OCR read with different noise in each (no line of the overlap reads the same twice).
const upper = capture(0, (t, row) => (row >= 3 ? t.replace(/e/g, 'c') : t));
const lower = capture(3, (t, row) => (row < 3 ? t.replace(/o/g, '0') : t));
// Both show the lower capture's rows of its first three messages; the gateway cut between the second and third.
const link: ScrollLink = { upper: 0, lower: 1, shift: 3 * ROW, cut: TOP + 2 * ROW, from: TOP, to: TOP + 3 * ROW };

const once = (text: string, message: string) => text.split(message).length - 1;

/** The joined chat: the upper capture's reading above the cut (in the middle of the overlap), the lower one's below. */
const joinedChat = [
  'Design team',
  ...messages.slice(0, 3),
  ...messages.slice(3, 5).map((t) => t.replace(/e/g, 'c')),
  messages[5]!.replace(/o/g, '0'),
  ...messages.slice(6, 9),
  'Message',
];

describe('scrolling captures matched by their pixels', () => {
  it('joins the text of captures whose shared lines OCR read differently, every message once', () => {
    // By their text alone the two captures share no line and stay apart.
    expect(joinScrollTexts([upper.text, lower.text])).toHaveLength(2);
    const [joined, ...rest] = joinScrollTexts(
      [lower.text, upper.text],
      [{ ...link, upper: 1, lower: 0 }],
      [lower.blocks, upper.blocks],
    );
    expect(rest).toEqual([]);
    // The status bar, app bar and message box once.
    expect(joined!.split('\n')).toEqual(['9:00 AM', ...joinedChat]);
  });

  it('joins the pages the summariser reads the same way, and keeps a page no pixel match names apart', () => {
    const pages = [
      { fileName: 'a.png', text: upper.text, blocks: upper.blocks },
      { fileName: 'other.png', text: 'Shopping list\nMilk\nEggs' },
      { fileName: 'b.png', text: lower.text, blocks: lower.blocks },
    ];
    expect(joinScrolls(pages)).toHaveLength(3);
    const joined = joinScrolls(pages, scrollsAt([{ ...link, upper: 4, lower: 7 }], [4, 5, 7]));
    expect(joined.map((p) => p.fileName)).toEqual(['a.png, b.png', 'other.png']);
    expect(joined[0]!.blocks!.map((b) => b.text)).toEqual(joinedChat);
    expect(once(joined[0]!.text, 'Design team')).toBe(1);
  });

  it('cuts a text by where its lines stand, whatever order the blocks come in', () => {
    const window = { from: -Infinity, to: link.cut + link.shift };
    const kept = upper.text.split('\n').slice(0, 7);
    expect(textIn(upper.text, upper.blocks, window)).toEqual(kept);
    expect(textIn(upper.text, [...upper.blocks].reverse(), window)).toEqual(kept);
  });

  it('leaves a text whose lines are not its blocks’ to the text join', () => {
    const window = { from: -Infinity, to: link.cut + link.shift };
    expect(textIn('Shopping list\nMilk\nEggs\nBread', upper.blocks, window)).toBeNull();
  });

  it('moves the cut so that a line OCR read in one capture only is kept', () => {
    // The gateway cut above the lower capture's second message (the upper's fifth), which the lower's reading left out.
    const early = { ...link, cut: TOP + ROW };
    const missed = messages[4]!.replace(/o/g, '0');
    const blocks = lower.blocks.filter((b) => b.text !== missed);
    const text = lower.text
      .split('\n')
      .filter((l) => l !== missed)
      .join('\n');
    expect(bestCut(early, upper.blocks, lower.blocks)).toBe(early.cut);
    // Moved below that message, to the gap before the next one: the upper capture's reading of it is kept.
    expect(bestCut(early, upper.blocks, blocks)).toBe(TOP + 2 * ROW);
    const [joined, ...rest] = joinScrollTexts([upper.text, text], [early], [upper.blocks, blocks]);
    expect(rest).toEqual([]);
    expect(joined!.split('\n')).toEqual(['9:00 AM', ...joinedChat]);
  });
});
