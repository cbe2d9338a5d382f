/**
 * Several images in one note (local/pages.ts): scrolling captures joined without their repeated lines, and every
 * remaining image covered by the title, the key points and the summary.
 */
import { describe, expect, it } from 'vitest';
import { summaryText } from '../src/local/blocks.js';
import { createLocalSummariser } from '../src/local.js';
import { combineDrafts, joinScrolls, overlapEnd } from '../src/local/pages.js';
import { recordingLogger } from './logger.js';

// A chat captured in three scrolls: the app bar at the top of every capture, each capture repeating the last
// messages of the one before.
const bar = ['Sam Okafor', 'online'];
const messages = [
  'Are we still on for the design review tomorrow? 09:12',
  'Yes, 10:30 in the big meeting room 09:13',
  'Can you bring the printed mock-ups of the checkout flow? 09:14',
  'Sure, I will print three copies 09:15',
  'Priya wants to join remotely, can you send her the link? 09:17',
  'Done, invite sent to Priya 09:18',
  'Great, and let us keep it to forty minutes 09:20',
  'Agreed, forty minutes and then lunch 09:21',
];
const scrolls = [
  [...bar, ...messages.slice(0, 4)],
  [...bar, ...messages.slice(2, 7)],
  [...bar, ...messages.slice(5, 8)],
].map((lines, i) => ({ fileName: `chat-${i + 1}.png`, text: lines.join('\n') }));

describe('scrolling captures', () => {
  it('finds where a capture goes on from the one before, past the repeated app bar', () => {
    expect(overlapEnd(scrolls[0]!.text.split('\n'), scrolls[1]!.text.split('\n'))).toBe(4);
    // Unrelated pages do not overlap, nor do pages that merely share their app bar.
    expect(overlapEnd(['Sam Okafor', 'online', 'Hello there'], ['Sam Okafor', 'online', 'Bye now'])).toBe(-1);
  });

  it('joins three overlapping captures into one page with every message once', () => {
    const joined = joinScrolls(scrolls);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.text.split('\n')).toEqual([...bar, ...messages]);
    expect(joined[0]!.fileName).toBe('chat-1.png, chat-2.png, chat-3.png');
  });

  it('drops a line the first capture’s edge cut through, which the next capture shows whole', () => {
    const first = { fileName: 'a.png', text: [...bar, ...messages.slice(0, 4), 'Priya wants to jo1n rem'].join('\n') };
    const second = { fileName: 'b.png', text: [...bar, ...messages.slice(2, 6)].join('\n') };
    const joined = joinScrolls([first, second]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.text.split('\n')).toEqual([...bar, ...messages.slice(0, 6)]);
  });

  it('keeps pages that do not overlap apart', () => {
    const pages = [
      { fileName: 'a.png', text: 'Lecture 4: Enzymes\nEnzymes lower the activation energy of reactions.' },
      { fileName: 'b.png', text: 'Shopping list\nMilk\nEggs' },
    ];
    expect(joinScrolls(pages)).toHaveLength(2);
  });
});

describe('a note of several images', () => {
  it('covers a slide and a chat uploaded together: both in the title, key points and summary', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const slide = summaryText({
      text: [
        'CELL RESPIRATION',
        '• Glycolysis splits glucose into two pyruvate molecules in the cytoplasm',
        '• The Krebs cycle releases carbon dioxide in the mitochondrial matrix',
        '• The electron transport chain makes most of the ATP',
      ].join('\n'),
    });
    const chat = summaryText({ text: scrolls[0]!.text });
    const d = await local.summarise({
      pages: [
        { fileName: 'slide.png', text: slide },
        { fileName: 'chat.png', text: chat },
      ],
      premium: false,
      language: 'eng',
    });
    expect(d.title).toMatch(/^Cell Respiration and /);
    expect(d.title).toMatch(/Sam/);
    expect(d.keyPoints.some((k) => /glycolysis|krebs|electron/i.test(k))).toBe(true);
    expect(d.keyPoints.some((k) => /design review|mock-ups|Sam/i.test(k))).toBe(true);
    expect(d.detailedSummary.indexOf('Glycolysis')).toBeGreaterThanOrEqual(0);
    expect(d.detailedSummary.indexOf('design review')).toBeGreaterThan(d.detailedSummary.indexOf('Glycolysis'));
  });

  it('gives every page a key point before any page gets a second, and names further pages by count', () => {
    const draft = (title: string, n: number) => ({
      title,
      keyPoints: Array.from({ length: n }, (_, i) => `${title} point ${i + 1}`),
      detailedSummary: `${title} summary`,
      engine: 'local',
    });
    const d = combineDrafts([draft('Alpha', 6), draft('Beta', 6), draft('Gamma', 1), draft('Delta', 1)], 'local');
    expect(d.keyPoints.slice(0, 4)).toEqual(['Alpha point 1', 'Beta point 1', 'Gamma point 1', 'Delta point 1']);
    expect(d.keyPoints).toHaveLength(6);
    expect(d.title).toBe('Alpha and 3 more images');
    expect(d.detailedSummary).toBe(
      '**Alpha**\n\nAlpha summary\n\n**Beta**\n\nBeta summary\n\n**Gamma**\n\nGamma summary\n\n**Delta**\n\nDelta summary',
    );
  });
});
