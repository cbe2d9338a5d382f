/**
 * Scrolling captures as people send them (local/scroll.ts, local/pages.ts): in any order, the repeated lines read
 * slightly differently by OCR in each capture, a status bar whose clock moves on and an app bar at the top of every
 * capture, a message box at the foot, lines cut by the screen's edges; captures that do not overlap stay apart.
 * Joined, the text holds every message once, in order; the summarise stage gives the joined pages to the model too
 * and stores the joined text as the note's.
 */
import type { OcrPageResult, PageBlock, Summariser, UploadJob } from '@snapnotes/contracts';
import { createLocalTextFilter } from '@snapnotes/text-moderation';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { type OpenAIStandin, startOpenAIStandin } from '@snapnotes/testing/openai-standin';
import { prng } from '@snapnotes/testing/random';
import { lineOccurrences } from '@snapnotes/testing/text';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { joinScrolls } from '../src/local/pages.js';
import { joinScrollTexts, sameLine, scrollChains, withinEdits } from '../src/local/scroll.js';
import { createOpenAISummariser } from '../src/openai.js';
import { createSummariseStage } from '../src/stage.js';
import { recordingLogger } from './logger.js';

const MESSAGES = [
  'Did you see the email from the landlord about the heating?',
  'Yes, a technician is coming on Thursday between 9 and 12.',
  'I have a meeting at 10, can you be home for it?',
  'I can work from home that morning, no problem.',
  'Thank you! Did he say anything about the rent for next year?',
  'He wants to raise it by 8 percent from March.',
  'That is a lot. The flat next door is cheaper and has a laundry room.',
  'Let us ask for 4 percent and mention the heating problem.',
  'Good idea, I will write to him tonight.',
  'Send me the draft before you send it, please.',
  'Sure, I will share it in our folder after dinner.',
  'Also the recycling bins moved to the back yard.',
  'Since when? I left the bottles at the front on Monday.',
  'Since last week, there was a note at the entrance.',
  'Okay, I will bring them round tomorrow morning.',
  'Can you also buy bin bags on the way back?',
  'Yes, the big ones or the small ones for the kitchen?',
  'The big ones, forty litres, we are almost out.',
  'Got it. Anything else from the shop?',
  'Milk and eggs, and some coffee if they have the good one.',
];

/** What OCR makes of a line now and then: a letter misread, a space lost (never the same in two captures). */
function misread(line: string, random: () => number): string {
  if (line.length < 20 || random() < 0.5) return line;
  const at = 3 + Math.floor(random() * (line.length - 6));
  const swaps: Record<string, string> = { l: '1', o: '0', e: 'c', i: 'l', a: 'o', s: '5', t: 'f' };
  const c = line[at]!;
  return line.slice(0, at) + (swaps[c] ?? (c === ' ' ? '' : c + c)) + line.slice(at + 1);
}

/**
 * A chat of `lines` captured `window` lines at a time, `step` lines further each time: a status bar with the
 * capture's clock, the contact's name, the messages (read with noise), a line cut by the foot's edge, the box.
 */
function captures(lines: string[], window: number, step: number, seed: number): string[][] {
  const random = prng(seed);
  const out: string[][] = [];
  for (let start = 0, k = 0; ; start += step, k++) {
    const shown = lines.slice(start, start + window).map((l) => misread(l, random));
    const below = lines[start + window];
    // The screen's foot cuts through the next line: OCR reads its top half as a few odd letters.
    const cut = below ? [below.slice(0, 9).replace(/[a-z]/g, (c) => (c < 'n' ? 'r' : 'u'))] : [];
    out.push([`9:${41 + k * 2} LTE ${87 - k}%`, 'Maya Chen', ...shown, ...cut, 'Message']);
    if (start + window >= lines.length) break;
  }
  return out;
}

describe('scrolling captures in any order', () => {
  const shots = captures(MESSAGES, 7, 4, 7);

  it('makes five captures of the chat (the test’s own premise)', () => {
    expect(shots).toHaveLength(5);
  });

  it('chains the captures by their overlaps, whatever order they came in', () => {
    const pages = [4, 2, 0, 3, 1].map((k) => shots[k]!);
    const texts = joinScrollTexts(pages.map((p) => p.join('\n')));
    expect(texts).toHaveLength(1);
    const lines = texts[0]!.split('\n');
    // Every message once, in order; the status bar, the name and the box once (the first capture's and the last's).
    for (const m of MESSAGES)
      expect(
        lines.filter((l) => sameLine(l, m)),
        m,
      ).toHaveLength(1);
    const at = MESSAGES.map((m) => lines.findIndex((l) => sameLine(l, m)));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(lines[0]).toMatch(/^9:\d\d LTE/);
    expect(lines.filter((l) => l === 'Maya Chen')).toHaveLength(1);
    expect(lines.at(-1)).toBe('Message');
    expect(lines.filter((l) => l === 'Message')).toHaveLength(1);
    expect(lines).toHaveLength(2 + MESSAGES.length + 1);
  });

  it('joins pages with structure by their printed lines: every message once, with its bubble’s side', () => {
    const block = (text: string, i: number): PageBlock =>
      i === 0
        ? { kind: 'paragraph', text, confidence: 90, box: [0, 0, 10, 10] }
        : { kind: 'chat-message', text, side: i % 2 ? 'left' : 'right', confidence: 90, box: [0, i, 10, 10] };
    const pages = [3, 1, 0, 4, 2].map((k) => {
      const lines = shots[k]!;
      const first = k * 4;
      // Each message a block (its side by its place in the chat); the status bar, the name and the box paragraphs.
      const blocks = lines.map((l, i) =>
        i >= 2 && i < lines.length - 1 && first + i - 2 < MESSAGES.length ? block(l, first + i - 1) : block(l, 0),
      );
      return { fileName: `shot-${k + 1}.png`, text: lines.join('\n'), blocks };
    });
    const joined = joinScrolls(pages);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.fileName).toBe('shot-1.png, shot-2.png, shot-3.png, shot-4.png, shot-5.png');
    const messages = joined[0]!.blocks!.filter((b) => b.kind === 'chat-message');
    expect(messages).toHaveLength(MESSAGES.length);
    messages.forEach((b, i) => {
      expect(sameLine(b.text, MESSAGES[i]!), b.text).toBe(true);
      expect(b.kind === 'chat-message' && b.side).toBe(i % 2 === 0 ? 'left' : 'right');
    });
  });

  it('keeps captures of another chat apart, though they share the app bar and the box', () => {
    const other = captures(
      ['The parcel is at the post office now.', 'I can pick it up after work.', 'Great, the slip is on the fridge.'],
      3,
      3,
      3,
    )[0]!;
    const texts = joinScrollTexts([shots[0]!.join('\n'), other.join('\n')]);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(other.join('\n'));
  });

  it('joins the same screen sent twice into one, and two captures sharing only their header not at all', () => {
    expect(joinScrollTexts([shots[1]!.join('\n'), shots[1]!.join('\n')])).toEqual([shots[1]!.join('\n')]);
    const a = ['Sam Okafor', 'online', 'Are we still on for the review tomorrow?'].join('\n');
    const b = ['Sam Okafor', 'online', 'Your parcel has been delivered to the front desk.'].join('\n');
    expect(joinScrollTexts([a, b])).toEqual([a, b]);
  });

  it('keeps pages of one template apart when their numbers differ, though one edit separates their lines', () => {
    // "Page number 1 of the handout" and "Page number 10 of the handout": one edit, well within OCR noise.
    const pages = Array.from({ length: 10 }, (_, i) => `Page number ${i + 1} of the handout`);
    expect(joinScrollTexts(pages)).toEqual(pages);
    const slides = [1, 2].map((n) =>
      ['Quarterly review', `Slide ${n} of 12`, 'Revenue grew in every region'].join('\n'),
    );
    expect(joinScrollTexts(slides)).toEqual(slides);
    // The same line with its numbers read alike still joins (a letter misread).
    expect(sameLine('Meeting moved to 10:30 on Friday', 'Meetlng moved to 10:30 on Friday')).toBe(true);
    expect(sameLine('Meeting moved to 10:30 on Friday', 'Meeting moved to 11:30 on Friday')).toBe(false);
  });

  it('chains by the strongest overlaps and never in a circle', () => {
    // 0 → 1 → 2, with a weaker 2 → 0 that would close the circle.
    const runs: Record<string, number> = { '0>1': 5, '1>2': 4, '2>0': 3 };
    expect(scrollChains(3, (i, j) => runs[`${i}>${j}`] ?? 0)).toEqual([[0, 1, 2]]);
    expect(scrollChains(3, () => 0)).toEqual([[0], [1], [2]]);
  });

  it('bounds the edit distance as a full Levenshtein would', () => {
    const random = prng(11);
    const word = () =>
      Array.from({ length: 3 + Math.floor(random() * 12) }, () => 'abc'[Math.floor(random() * 3)]).join('');
    const full = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
      for (let j = 1; j <= b.length; j++) d[0]![j] = j;
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++)
          d[i]![j] = Math.min(
            d[i - 1]![j]! + 1,
            d[i]![j - 1]! + 1,
            d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
      return d[a.length]![b.length]!;
    };
    for (let n = 0; n < 300; n++) {
      const [a, b, max] = [word(), word(), Math.floor(random() * 5)];
      expect(withinEdits(a, b, max), `${a} ${b} ${max}`).toBe(full(a, b) <= max);
    }
  });
});

describe('the summarise stage with scrolling captures', () => {
  let standin: OpenAIStandin;
  let local: Summariser;
  const logger = recordingLogger();
  beforeAll(async () => {
    // wink's model and the word list load once (seconds on a busy machine): not in the case's time.
    [standin, local] = await Promise.all([startOpenAIStandin(), createLocalSummariser({ logger })]);
  }, 120_000);
  afterAll(async () => {
    await standin.close();
  });

  const UPLOAD = '0b8f4c1e-2a3d-4e5f-8a6b-7c8d9e0f1a2b';
  const shots = captures(MESSAGES, 7, 4, 21);
  const upload = [1, 4, 0, 3, 2];
  const job: UploadJob = {
    jobId: UPLOAD,
    purpose: { kind: 'upload' },
    userId: 9,
    correlationId: 'corr-scroll',
    premium: false,
    languages: ['eng'],
    images: upload.map((k, index) => ({
      index,
      fileName: `shot-${k + 1}.png`,
      key: `users/9/uploads/${UPLOAD}/${index}.png`,
      contentType: 'image/png',
      bytes: 1000,
      width: 390,
      height: 844,
    })),
  };
  const pages: OcrPageResult[] = upload.map((k, index) => ({
    index,
    fileName: `shot-${k + 1}.png`,
    text: shots[k]!.join('\n'),
    confidence: 91,
    hasText: true,
    durationMs: 300,
  }));

  it('gives the model the joined chat and stores the joined text: every message once', async () => {
    const openai = createOpenAISummariser({
      client: new OpenAI({ apiKey: 'sk-test-scroll', baseURL: standin.url, maxRetries: 0 }),
      model: 'gpt-4o-mini',
      timeoutMs: 5_000,
      logger,
      fallback: local,
      serverErrorRetryMs: 1,
    });
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: openai,
      textModerator: createLocalTextFilter(),
      logger,
    });
    standin.requests.length = 0;
    const result = await stage({ job, pages });
    expect(result.engine).toBe('openai:gpt-4o-mini');
    const body = standin.requests[0]!.body as { messages: { content: string }[] };
    const sent = body.messages.at(-1)!.content;
    // One page, no page markers: the five captures are one chat.
    expect(sent).not.toMatch(/--- page \d/);
    const original = result.originalText.split('\n');
    for (const m of MESSAGES) {
      expect(
        original.filter((l) => sameLine(l, m)),
        m,
      ).toHaveLength(1);
      expect(lineOccurrences(sent, m), m).toBe(1);
    }
    const done = logger.entries.find((e) => e.msg === 'text summarised');
    expect(done?.obj).toMatchObject({ pages: 5, joined: 4 });
  });
});
