/**
 * Notes that carry the facts (issue 21), uploaded through the whole product — gateway, S3, moderation, OCR with its
 * page structure, summarise, notes — with screens rendered by Chromium (the OCR corpus, seeded): a phone chat whose
 * own messages are "You" and whose others' are named, a chat captured in two overlapping scrolls joined without
 * repeats, and two different images in one note, each covered.
 */
import sharp from 'sharp';
import { buildCorpus, type CorpusImage } from '@snapnotes/ocr/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

interface Note {
  kind: 'text' | 'description';
  title: string;
  keyPoints: string[];
  detailedSummary: string;
}

let app: TestApp;
let user: Client;
let corpus: CorpusImage[];

beforeAll(async () => {
  corpus = await buildCorpus({ filter: (s) => s.category === 'chat-bubbles' || s.category === 'slide' });
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '100', RATE_LIMIT_IMAGES: '100' });
  user = await signUp(app, 'Notes Reader');
}, 300_000);

afterAll(async () => {
  await app?.close();
});

const file = (name: string, data: Buffer) => ({ name, data, type: 'image/png' });

async function upload(files: { name: string; data: Buffer; type: string }[]): Promise<Note> {
  const res = await user.upload(files, { userId: String(user.id) });
  expect(res.status).toBe(200);
  return (await res.json()) as Note;
}

const image = (id: string) => {
  const found = corpus.find((i) => i.id === id);
  expect(found, `${id} is not in the corpus`).toBeDefined();
  return found!;
};

describe('notes of chats and of several images, through the whole product', () => {
  it('a phone chat: one’s own bubbles are You, the other’s named by the chat’s header', async () => {
    const chat = image('chat-bubbles-03');
    const note = await upload([file('chat.png', chat.image)]);
    expect(note.title).toMatch(/^Chat with Julia/);
    expect(note.detailedSummary).toMatch(/^- You: The landlord finally answered about the heating\.$/m);
    expect(note.detailedSummary).toMatch(/^- Julia: And\? It's been cold for almost two weeks\.( \(asked\))?$/m);
  });

  it('a chat captured in two overlapping scrolls: one note, every message once', async () => {
    const chat = image('chat-bubbles-01');
    const { width, height } = await sharp(chat.image).metadata();
    // Two screens of one chat, as a phone captures them: the status bar and the contact stay at the top of both,
    // the messages scroll; the first screen ends mid-bubble, the second shows that bubble again whole.
    const header = Math.round(height! * 0.18);
    const part = Math.round(height! * 0.55);
    const top = await sharp(chat.image)
      .extract({ left: 0, top: 0, width: width!, height: header + part })
      .png()
      .toBuffer();
    const bar = await sharp(chat.image).extract({ left: 0, top: 0, width: width!, height: header }).png().toBuffer();
    const rest = await sharp(chat.image)
      .extract({ left: 0, top: height! - part, width: width!, height: part })
      .png()
      .toBuffer();
    const bottom = await sharp({
      create: { width: width!, height: header + part, channels: 3, background: '#ffffff' },
    })
      .composite([
        { input: bar, top: 0, left: 0 },
        { input: rest, top: header, left: 0 },
      ])
      .png()
      .toBuffer();
    const note = await upload([file('scroll-1.png', top), file('scroll-2.png', bottom)]);
    const lines = note.detailedSummary.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.some((l) => l.includes('cabin near Hood River'))).toBe(true);
    expect(lines.some((l) => l.includes('hike in the afternoon'))).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
    // One page after joining: no part per image.
    expect(note.detailedSummary).not.toMatch(/^\*\*/m);
  });

  it('a slide and a chat in one upload: the note covers both', async () => {
    const slide = corpus.find((i) => i.category === 'slide')!;
    const chat = image('chat-bubbles-03');
    const note = await upload([file('slide.png', slide.image), file('chat.png', chat.image)]);
    expect(note.title).toMatch(/ and Chat with Julia/);
    const parts = note.detailedSummary.match(/^\*\*.+\*\*$/gm) ?? [];
    expect(parts).toHaveLength(2);
    expect(note.keyPoints.some((k) => /^(You|Julia): /.test(k))).toBe(true);
    expect(note.keyPoints.some((k) => !/^(You|Julia): /.test(k))).toBe(true);
  });
});
