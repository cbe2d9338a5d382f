/**
 * Notes that carry the facts of each kind of page (issues 21 and 25), through the whole product on one stack —
 * gateway, S3, moderation, OCR with its page structure, summarise, notes, PostgreSQL — from screens rendered by
 * Chromium (the OCR corpus, seeded) and, when ../shared/ocr-real is there, a real table read at test time: a table
 * (its header and a row's values), a form (its label: value pairs), code (verbatim in a fenced block), slides (each
 * bullet a key point, no counter), a team chat (who said what), several images in one note (each kept, as uploaded,
 * and covered with its text) and a chat captured in overlapping scrolls sent shuffled (one note, every message once,
 * every capture kept). Every upload starts at once in beforeAll, so their OCR runs side by side.
 */
import { readFileSync } from 'node:fs';
import type { Note, NoteImage } from '@snapnotes/contracts';
import {
  buildCorpus,
  captureScrolls,
  launchChromium,
  loadRealCorpus,
  realCorpusDir,
  scrollScore,
  scrollSpecs,
  type CorpusImage,
  type ScrollSet,
} from '@snapnotes/ocr/corpus';
import { renderScreenshot } from '@snapnotes/testing/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

interface Upload {
  files: { name: string; data: Buffer; type: string }[];
  note: Promise<Note>;
}

const CORPUS_IDS = ['table-01', 'code-light-02', 'slide-01', 'chat-light-01', 'slide-03', 'table-05'];
const FORM = [
  'Room booking request',
  'Guest name: Maria Lopez',
  'Check-in: 12 March 2025',
  'Check-out: 15 March 2025',
  'Room type: Double with balcony',
  'Guests: 2 adults',
  'Email: maria.lopez@example.com',
];
const MULTI_FORM = [
  'Parcel delivery',
  'Tracking number: 4827 1930 5521',
  'Delivered to: Front desk',
  'Signed by: R. Okafor',
];

let app: TestApp;
/** The user of each case: one upload each (a user may have two in progress; these all start at once). */
const users = new Map<string, Client>();
let corpus: Map<string, CorpusImage>;
let scroll: ScrollSet;
const uploads = new Map<string, Upload>();
const realTable = (() => {
  const dir = realCorpusDir();
  return dir ? (loadRealCorpus(dir, 'pubtabnet')[0] ?? null) : null;
})();

const png = (name: string, data: Buffer) => ({ name, data, type: 'image/png' });
const typed = (name: string, data: Buffer) => ({
  name,
  data,
  type: name.endsWith('.jpg') ? 'image/jpeg' : 'image/png',
});

async function start(key: string, files: Upload['files']): Promise<void> {
  const user = await signUp(app, `Facts ${key}`);
  users.set(key, user);
  const note = user.upload(files, { userId: String(user.id) }).then(async (res) => {
    if (res.status !== 200) throw new Error(`${key}: POST ${res.status} ${await res.text()}`);
    return (await res.json()) as Note;
  });
  // Each case awaits its own; none is left unhandled meanwhile.
  note.catch(() => {});
  uploads.set(key, { files, note });
}

beforeAll(async () => {
  const [images, browser] = await Promise.all([
    buildCorpus({ filter: (s) => CORPUS_IDS.includes(s.id) }),
    launchChromium(),
  ]);
  try {
    // A chat whose captures share few lines OCR reads alike (a time line, lines read with noise): their text alone
    // does not join them; the gateway's pixel match does (UploadJob.scrolls).
    scroll = await captureScrolls(
      browser,
      scrollSpecs(7, 12).find((s) => s.id === 'scroll-chat-03')!,
    );
  } finally {
    await browser.close();
  }
  corpus = new Map(images.map((i) => [i.id, i]));
  const image = (id: string) => {
    const found = corpus.get(id);
    if (!found) throw new Error(`${id} is not in the corpus`);
    return typed(`${id}.${found.format === 'jpeg' ? 'jpg' : 'png'}`, found.image);
  };
  const [form, parcel] = await Promise.all([
    renderScreenshot({ lines: FORM, width: 1100, height: 560 }),
    renderScreenshot({ lines: MULTI_FORM, width: 1000, height: 420 }),
  ]);
  // Eight uploads queue for OCR together: a generous processing timeout for a busy machine.
  app = await startTestApp({
    FREE_UPLOADS_PER_MONTH: '100',
    RATE_LIMIT_IMAGES: '100',
    PROCESSING_TIMEOUT_MS: '600000',
  });
  const real = realTable ? [typed(realTable.file.split('/').pop()!, readFileSync(realTable.file))] : null;
  await Promise.all([
    start('table', [image('table-01')]),
    start('form', [png('booking.png', form)]),
    start('code', [image('code-light-02')]),
    start('slides', [image('slide-01')]),
    start('chat', [image('chat-light-01')]),
    start('multi', [image('slide-03'), image('table-05'), png('parcel.png', parcel)]),
    start(
      'scroll',
      scroll.captures.map((c) => typed(c.name, c.image)),
    ),
    ...(real ? [start('real-table', real)] : []),
  ]);
}, 600_000);

afterAll(async () => {
  await app?.close();
});

const noteOf = (key: string) => uploads.get(key)!.note;
const lines = (text: string) => text.split('\n').map((l) => l.trim());
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

/** Every image of the note kept as uploaded, in upload order. */
async function expectImagesKept(user: Client, note: Note, files: Upload['files']): Promise<void> {
  expect(note.imageCount).toBe(files.length);
  const res = await user.get(`/api/notes/${note.id}/images`);
  expect(res.status).toBe(200);
  const images = (await res.json()) as NoteImage[];
  expect(images.map((i) => i.fileName)).toEqual(files.map((f) => f.name));
  for (const [i, image] of images.entries()) {
    const original = await user.get(image.imageUrl);
    expect(original.status).toBe(200);
    expect((await bytes(original)).equals(files[i]!.data), `${image.fileName} as uploaded`).toBe(true);
  }
}

describe('each kind of page carries its facts, through the whole product', () => {
  it('a table: a row’s values in their columns, as a Markdown table', async () => {
    const note = await noteOf('table');
    const rows = lines(note.detailedSummary).filter((l) => l.startsWith('|'));
    expect(rows[0]).toMatch(/^\|\s*Region\s*\|.*\|\s*Q2\s*\|\s*Q3\s*\|\s*Q4\s*\|\s*Total\s*\|$/);
    expect(
      rows.some((r) =>
        /^\|\s*Midwest\s*\|\s*9,086\s*\|\s*30,739\s*\|\s*25,803\s*\|\s*33,782\s*\|\s*99,410\s*\|$/.test(r),
      ),
    ).toBe(true);
    expect(note.title).toMatch(/sales/i);
  });

  it('a form: its label: value pairs', async () => {
    const note = await noteOf('form');
    const stated = [...note.keyPoints, ...lines(note.detailedSummary)].join('\n');
    for (const pair of ['Guest name: Maria Lopez', 'Check-in: 12 March 2025', 'Room type: Double with balcony']) {
      expect(stated, pair).toContain(pair);
    }
  });

  // Tesseract reads this header's "Q1" as "Q": the series' lost number is restored (local/table.ts completeSeries).
  it('a table: its whole header', async () => {
    const note = await noteOf('table');
    const header = lines(note.detailedSummary).find((l) => l.startsWith('|'));
    expect(header).toMatch(/^\|\s*Region\s*\|\s*Q1\s*\|\s*Q2\s*\|\s*Q3\s*\|\s*Q4\s*\|\s*Total\s*\|$/);
  });

  it('code: kept verbatim in a fenced block, indentation and all', async () => {
    const note = await noteOf('code');
    const fenced = /```[a-z]*\n([\s\S]*?)\n```/.exec(note.detailedSummary);
    expect(fenced, 'a fenced code block').not.toBeNull();
    const code = fenced![1]!.split('\n');
    expect(code).toContain('def summarize(rows, limit=100):');
    expect(code).toContain('    totals = defaultdict(float)');
    expect(code).toContain('        totals[row["customer"]] += row["amount"]');
    expect(note.title).toMatch(/invoice_report\.py|summarize|read_invoices/);
  });

  // OCR misses the "•" of the second bullet: the line is an item all the same (ocr blocks.ts, lost markers).
  it('slides: every bullet its own key point, never the slide’s counter', async () => {
    const note = await noteOf('slides');
    const bullets = [
      /^Offline mode for the mobile app, used by 15% of active users$/,
      /^Search results load in under 300 ms for 95% of queries$/,
      /^Shared notebooks now support comments and mentions$/,
      /^Support backlog down from 410 tickets to 36$/,
    ];
    for (const b of bullets)
      expect(
        note.keyPoints.filter((k) => b.test(k)),
        String(b),
      ).toHaveLength(1);
    expect(note.keyPoints.join('\n')).not.toMatch(/Q3 planning · 18|\b18$/m);
  });

  it('a team chat: who said what', async () => {
    const note = await noteOf('chat');
    expect(note.detailedSummary).toMatch(/^- Lena( Jansen)?: Morning! Quick check before standup/m);
    expect(note.detailedSummary).toMatch(/^- Nadia( Moreau)?: Mostly\. The payments fix is merged/m);
    expect(note.detailedSummary).toMatch(/^- Hannah( Reyes)?: If you do that, please add a note to the runbook/m);
  });

  it('several images in one note: each kept as uploaded and covered with its text', async () => {
    const { files } = uploads.get('multi')!;
    const note = await noteOf('multi');
    await expectImagesKept(users.get('multi')!, note, files);
    // A part of the summary per image, each with its own facts.
    expect(note.detailedSummary.match(/^\*\*.+\*\*$/gm) ?? []).toHaveLength(3);
    expect(note.detailedSummary).toMatch(/Buses on route 14 ran every 20 minutes/);
    expect(note.detailedSummary).toMatch(/Client workshop/);
    expect(note.detailedSummary).toMatch(/Tracking number: 4827 1930 5521/);
    for (const line of ['Why ridership fell on the east side', 'Timesheet, Leila Hughes', 'Delivered to: Front desk']) {
      expect(note.originalText).toContain(line);
    }
  });

  it('a chat in overlapping scrolls, sent shuffled: one note, every message once, every capture kept', async () => {
    const { files } = uploads.get('scroll')!;
    const note = await noteOf('scroll');
    await expectImagesKept(users.get('scroll')!, note, files);
    // The note's text against the chat: at least 90% of its messages read (OCR may miss a few, a lost capture's
    // part would be many), none twice.
    const score = scrollScore(scroll.spec.units, [note.originalText], note.originalText);
    expect(score.readable).toBeGreaterThanOrEqual(scroll.spec.units.length * 0.9);
    expect(score.repeated).toEqual([]);
    // One page after joining: no part per image, no message stated twice.
    expect(note.detailedSummary).not.toMatch(/^\*\*/m);
    const said = lines(note.detailedSummary).filter((l) => l.startsWith('- '));
    expect(said.length).toBeGreaterThan(0);
    expect(new Set(said).size).toBe(said.length);
  });

  it.skipIf(!realTable)('a real table (PubTabNet, read at test time): a Markdown table with its headers', async () => {
    const note = await noteOf('real-table');
    const header = lines(note.detailedSummary).find((l) => l.startsWith('|'));
    expect(header, 'a Markdown table').toBeDefined();
    const words = (realTable!.truth.split('\n')[0] ?? '').toLowerCase().match(/\p{L}{3,}/gu) ?? [];
    const found = words.filter((w) => header!.toLowerCase().includes(w));
    expect(found.length).toBeGreaterThanOrEqual(Math.ceil(words.length * 0.5));
  });
});
