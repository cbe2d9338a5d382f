import {
  type OcrPageResult,
  type Summariser,
  type TextModerator,
  type TextToModerate,
  type TextVerdict,
  type UploadJob,
  VerdictError,
  summaryResultSchema,
} from '@snapnotes/contracts';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { type OpenAIStandin, startOpenAIStandin } from '@snapnotes/testing/openai-standin';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { SummariserUnavailableError, createOpenAISummariser } from '../src/openai.js';
import { createSummariseStage } from '../src/stage.js';
import { createLocalTextFilter } from '@snapnotes/text-moderation';
import { graphicImage, photoImage } from './images.js';
import { recordingLogger } from './logger.js';
import { chatTranscript, lectureNotes } from './samples.js';

/** A test double for the TextModerator port (the real one is @snapnotes/text-moderation's): flags a word. */
function wordModerator(word: string): TextModerator & { checked: string[]; inputs: TextToModerate[] } {
  const checked: string[] = [];
  const inputs: TextToModerate[] = [];
  return {
    name: `word:${word}`,
    checked,
    inputs,
    async check(input: TextToModerate): Promise<TextVerdict> {
      checked.push(input.text);
      inputs.push(input);
      return input.text.toLowerCase().includes(word)
        ? { flagged: true, category: 'test', rule: 'word', reason: `word:${word}` }
        : { flagged: false };
    },
  };
}

const UPLOAD = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

function job(
  files: { name: string; type?: 'image/png' | 'image/jpeg'; width?: number; height?: number }[],
  premium = false,
): UploadJob {
  return {
    jobId: UPLOAD,
    purpose: { kind: 'upload' },
    userId: 7,
    correlationId: 'corr-1',
    premium,
    languages: ['eng'],
    images: files.map((f, index) => ({
      index,
      fileName: f.name,
      key: `users/7/uploads/${UPLOAD}/${index}.${f.type === 'image/jpeg' ? 'jpg' : 'png'}`,
      contentType: f.type ?? 'image/png',
      bytes: 1000,
      width: f.width ?? 320,
      height: f.height ?? 200,
    })),
  };
}

function page(index: number, fileName: string, text: string, hasText = true): OcrPageResult {
  return { index, fileName, text, confidence: hasText ? 90 : 25, hasText, durationMs: 300 };
}

let local: Summariser;

beforeAll(async () => {
  local = await createLocalSummariser({ logger: recordingLogger() });
});

describe('summarise stage: text', () => {
  it('summarises the text pages in upload order and keeps the raw text as the original', async () => {
    const moderator = wordModerator('forbidden');
    const logger = recordingLogger();
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: moderator,
      logger,
    });
    const second = 'Exam on Friday.  \nBring a calculator.\n\n\n\n';
    const result = await stage({
      job: job([{ name: 'notes.png' }, { name: 'photo.jpg' }, { name: 'exam.png' }]),
      // Out of order, and the middle page has no text (OCR garbage from a photo).
      pages: [
        page(2, 'exam.png', second),
        page(1, 'photo.jpg', 'l1 ;; ~~ %% ..', false),
        page(0, 'notes.png', lectureNotes),
      ],
    });
    expect(summaryResultSchema.parse(result)).toEqual(result);
    expect(result.kind).toBe('text');
    expect(result.engine).toBe('local');
    expect(result.language).toBe('eng');
    // Both text pages are covered, in upload order (issue 21: every image of a note is represented).
    expect(result.title).toBe('Photosynthesis and Exam on Friday');
    expect(result.originalText).toBe(`${lectureNotes.trim()}\n\nExam on Friday.\nBring a calculator.`);
    expect(result.originalText).not.toContain('~~');
    expect(result.detailedSummary).toContain('Exam on Friday.');
    // Both text pages were moderated, the no-text page was not.
    expect(moderator.checked).toEqual([lectureNotes, second]);
    // Logs carry the upload's ids but not its text.
    const done = logger.entries.find((e) => e.msg === 'text summarised');
    expect(done?.bindings).toMatchObject({ stage: 'summarise', jobId: UPLOAD, correlationId: 'corr-1' });
    expect(JSON.stringify(logger.entries)).not.toContain('chloroplasts');
  });

  it('throws one verdict naming every file whose text is flagged', async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: wordModerator('forbidden'),
      logger: recordingLogger(),
    });
    const err = await stage({
      job: job([{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }]),
      pages: [
        page(0, 'a.png', 'This page mentions a FORBIDDEN topic in its text.'),
        page(1, 'b.png', 'A perfectly ordinary page about plants.'),
        page(2, 'c.png', 'Another forbidden sentence appears here, sadly.'),
      ],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerdictError);
    expect((err as VerdictError).verdict).toMatchObject({ code: 'INAPPROPRIATE_CONTENT', files: ['a.png', 'c.png'] });
  });

  it("gives the text checks OCR's low-confidence words and logs each decision without the text", async () => {
    const moderator = wordModerator('forbidden');
    const logger = recordingLogger();
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: moderator,
      logger,
    });
    const text = 'Ordinary notes about forbidden fruit, read with a forbidden smudge.';
    const smudge = text.lastIndexOf('forbidden');
    const uncertain: [number, number, number][] = [[smudge, smudge + 'forbidden'.length, 41]];
    const err = await stage({
      job: job([{ name: 'a.png' }]),
      pages: [{ ...page(0, 'a.png', text), uncertain }],
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerdictError);
    expect(moderator.inputs).toEqual([{ text, uncertain }]);
    const decided = logger.entries.find((e) => e.msg === 'text moderated');
    expect(decided?.obj).toMatchObject({ index: 0, flagged: true, category: 'test', rule: 'word' });
    const flagged = logger.entries.find((e) => e.msg === 'upload flagged');
    expect(flagged?.obj).toMatchObject({ reasons: ['text:word:forbidden'] });
    expect(flagged?.obj).toMatchObject({ files: [0] }); // by position: the verdict names the file, the log does not
    expect(JSON.stringify(logger.entries)).not.toContain('fruit');
    expect(JSON.stringify(logger.entries)).not.toContain('a.png');
  });

  it('flags a slur the real text filter reads as a word, but not the same letters read as a low-confidence fragment', async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: createLocalTextFilter(),
      logger: recordingLogger(),
    });
    const text = 'Q1 North 1,204 Q2 South 988 Totals kike 2,192 across the four regions this quarter.';
    const at = text.indexOf('kike');
    const read = (confidence: number) =>
      stage({
        job: job([{ name: 'sheet.png' }]),
        pages: [{ ...page(0, 'sheet.png', text), uncertain: [[at, at + 4, confidence]] }],
      });
    await expect(read(31)).resolves.toMatchObject({ kind: 'text' });
    await expect(read(95)).rejects.toBeInstanceOf(VerdictError);
  });

  it("joins the image classifier's flags with the text filter's in one verdict, in upload order", async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: wordModerator('forbidden'),
      logger: recordingLogger(),
    });
    const err = await stage({
      job: job([{ name: 'a.png' }, { name: 'b.png' }, { name: 'c.png' }, { name: 'd.png' }]),
      pages: [
        page(0, 'a.png', 'A perfectly ordinary page about plants and light.'),
        page(1, 'b.png', '', false),
        page(2, 'c.png', 'This one has a forbidden word in its text.'),
        page(3, 'd.png', 'Another ordinary page, flagged for its picture only.'),
      ],
      moderation: {
        checked: 4,
        engine: 'nsfwjs',
        flagged: [
          { index: 3, fileName: 'd.png', reason: 'nsfw:Porn 0.93' },
          { index: 1, fileName: 'b.png', reason: 'nsfw:Hentai 0.88' },
          { index: 2, fileName: 'c.png', reason: 'nsfw:Sexy 0.81' },
        ],
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerdictError);
    expect((err as VerdictError).verdict).toMatchObject({
      code: 'INAPPROPRIATE_CONTENT',
      files: ['b.png', 'c.png', 'd.png'],
    });
  });

  it('gives the verdict for a flagged image even when no page has text, without describing anything', async () => {
    const j = job([{ name: 'x.png' }]);
    const store = createMemoryStore(); // no objects: describing would fail with NoSuchKey
    const stage = createSummariseStage({
      store,
      summariser: local,
      textModerator: wordModerator('x'),
      logger: recordingLogger(),
    });
    const err = await stage({
      job: j,
      pages: [page(0, 'x.png', '', false)],
      moderation: {
        checked: 1,
        engine: 'nsfwjs',
        flagged: [{ index: 0, fileName: 'x.png', reason: 'nsfw:Porn 0.97' }],
      },
    }).catch((e: unknown) => e);
    expect((err as VerdictError).verdict).toMatchObject({ code: 'INAPPROPRIATE_CONTENT', files: ['x.png'] });
  });

  it('detects the language of the text', async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    const result = await stage({
      job: job([{ name: 'fr.png' }]),
      pages: [
        page(
          0,
          'fr.png',
          "La Révolution française commence en 1789. Elle met fin à la monarchie absolue et proclame les droits de l'homme.",
        ),
      ],
    });
    expect(result.language).toBe('fra');
  });

  it('summarises a chat screenshot', async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    const result = await stage({ job: job([{ name: 'chat.png' }]), pages: [page(0, 'chat.png', chatTranscript)] });
    expect(result.title).toBe('Chat with Alice and Bob');
  });

  it("passes each page's OCR heading on: the local summary is titled by the first page's heading", async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    const text = `Home Explore Settings\n\nSprint notes\n\nWeekly team update\nThe release moved to Monday. QA found two bugs in the billing screen.`;
    const plain = await stage({ job: job([{ name: 'a.png' }]), pages: [page(0, 'a.png', text)] });
    // Without it, the text's first heading; never the menu above it.
    expect(plain.title).toBe('Sprint notes');
    const result = await stage({
      job: job([{ name: 'a.png' }]),
      pages: [{ ...page(0, 'a.png', text), heading: 'Weekly team update' }],
    });
    expect(result.title).toBe('Weekly team update');
    expect(result.originalText).toBe(text);
  });
});

describe('summarise stage: images without text', () => {
  it('describes the images from the store when no page has text', async () => {
    const j = job([
      { name: 'beach.jpg', type: 'image/jpeg' },
      { name: 'logo.png', width: 400, height: 400 },
    ]);
    const store = createMemoryStore({
      [j.images[0]!.key]: await photoImage(320, 200),
      [j.images[1]!.key]: await graphicImage(400),
    });
    const moderator = wordModerator('forbidden');
    const stage = createSummariseStage({
      store,
      summariser: local,
      textModerator: moderator,
      logger: recordingLogger(),
    });
    const result = await stage({
      job: j,
      pages: [page(1, 'logo.png', '', false), page(0, 'beach.jpg', 'sdf 3 ;; ~', false)],
    });
    expect(summaryResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      kind: 'description',
      originalText: '',
      language: null,
      engine: 'local',
      title: '2 images: 1 photo and 1 graphic',
    });
    expect(result.keyPoints[1]).toMatch(/^beach\.jpg: /);
    expect(result.keyPoints[2]).toMatch(/^logo\.png: /);
    expect(moderator.checked).toEqual([]);
  });

  /** The stage over the local summariser, with one job's photo of the sky in the store. */
  async function skyStage() {
    const j = job([{ name: 'sky.jpg', type: 'image/jpeg' }]);
    const store = createMemoryStore({ [j.images[0]!.key]: await photoImage(320, 200) });
    const logger = recordingLogger();
    return { j, stage: createSummariseStage({ store, summariser: local, textModerator: wordModerator('x'), logger }) };
  }

  it('describes the images when the text pages held only noise', async () => {
    const { j, stage } = await skyStage();
    const result = await stage({ job: j, pages: [page(0, 'sky.jpg', '| — ~\n• •\n|||', true)] });
    expect(result.kind).toBe('description');
    expect(result.title).toBe('Photo with blue and green tones');
  });

  it('gives the nothing-extracted verdict when the images cannot be described', async () => {
    const j = job([{ name: 'broken.png' }]);
    const store = createMemoryStore({ [j.images[0]!.key]: Buffer.from('definitely not a png') });
    const stage = createSummariseStage({
      store,
      summariser: local,
      textModerator: wordModerator('x'),
      logger: recordingLogger(),
    });
    const err = await stage({ job: j, pages: [page(0, 'broken.png', '', false)] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VerdictError);
    expect((err as VerdictError).verdict.code).toBe('NOTHING_EXTRACTED');
  });

  it('gives a re-read of a text note that reads no text the nothing-extracted verdict, describing nothing', async () => {
    const { j, stage } = await skyStage();
    const pages = [page(0, 'sky.jpg', '', false)];
    const reread = (requireText: boolean) =>
      stage({ job: { ...j, purpose: { kind: 'reread', noteId: 3, requireText } }, pages });
    const err = await reread(true).catch((e: unknown) => e);
    expect((err as VerdictError).verdict.code).toBe('NOTHING_EXTRACTED');
    // A note that was a description may be described again (by a vision model configured since, say).
    expect((await reread(false)).kind).toBe('description');
  });

  it('lets a missing object fail as an ordinary (retryable) error', async () => {
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: local,
      textModerator: wordModerator('x'),
      logger: recordingLogger(),
    });
    const err = await stage({ job: job([{ name: 'gone.png' }]), pages: [page(0, 'gone.png', '', false)] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(VerdictError);
    expect((err as Error).message).toMatch(/NoSuchKey/);
  });
});

describe('summarise stage with the OpenAI summariser', () => {
  let standin: OpenAIStandin;
  beforeAll(async () => {
    standin = await startOpenAIStandin();
  });
  afterAll(async () => {
    await standin.close();
  });

  const openai = (timeoutMs = 5_000) =>
    createOpenAISummariser({
      client: new OpenAI({ apiKey: 'sk-test', baseURL: standin.url, maxRetries: 0 }),
      model: 'gpt-4o-mini',
      premiumModel: 'gpt-4o',
      timeoutMs,
      logger: recordingLogger(),
      fallback: local,
    });

  it('sends the cleaned text and records the engine; premium uploads use the premium model', async () => {
    standin.setBehaviour({ chat: 'ok' });
    standin.requests.length = 0;
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: openai(),
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    const result = await stage({
      job: job([{ name: 'notes.png' }], true),
      pages: [page(0, 'notes.png', lectureNotes)],
    });
    expect(result.engine).toBe('openai:gpt-4o');
    expect(result.title).toBe('BIOL 101 - LECTURE 7');
    expect(result.originalText).toBe(lectureNotes.trim());
    const body = standin.requests[0]!.body as { messages: { role: string; content: string }[] };
    // Cleaned: hyphenation re-joined, noise lines gone.
    expect(body.messages.at(-1)!.content).toContain('green plants, algae and some bacteria convert');
    expect(body.messages.at(-1)!.content).not.toMatch(/^\|$/m);
  });

  it('sends nothing to the model when the upload is flagged', async () => {
    standin.setBehaviour({ chat: 'ok' });
    standin.requests.length = 0;
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: openai(),
      textModerator: wordModerator('forbidden'),
      logger: recordingLogger(),
    });
    await expect(
      stage({
        job: job([{ name: 'a.png' }, { name: 'b.png' }]),
        pages: [page(0, 'a.png', lectureNotes), page(1, 'b.png', 'Some forbidden text here on page two.')],
      }),
    ).rejects.toBeInstanceOf(VerdictError);
    expect(standin.requests).toHaveLength(0);
  });

  it('passes a timeout on as a transient error, not a verdict', async () => {
    standin.setBehaviour({ chat: 'slow', slowMs: 2_000 });
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: openai(200),
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    const err = await stage({ job: job([{ name: 'notes.png' }]), pages: [page(0, 'notes.png', lectureNotes)] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SummariserUnavailableError);
  });

  it('writes the local summary when the model fails with a server error twice', async () => {
    standin.setBehaviour({ chat: 'server-error' });
    const stage = createSummariseStage({
      store: createMemoryStore(),
      summariser: openai(),
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    const result = await stage({ job: job([{ name: 'notes.png' }]), pages: [page(0, 'notes.png', lectureNotes)] });
    expect(result.engine).toBe('local');
    expect(result.title).toBe('Photosynthesis');
  });

  it('passes a timeout while describing on as a transient error too', async () => {
    standin.setBehaviour({ chat: 'slow', slowMs: 2_000 });
    const j = job([{ name: 'sky.jpg', type: 'image/jpeg' }]);
    const store = createMemoryStore({ [j.images[0]!.key]: await photoImage(320, 200) });
    const stage = createSummariseStage({
      store,
      summariser: openai(200),
      textModerator: wordModerator('x-none'),
      logger: recordingLogger(),
    });
    await expect(stage({ job: j, pages: [page(0, 'sky.jpg', '', false)] })).rejects.toBeInstanceOf(
      SummariserUnavailableError,
    );
  });
});
