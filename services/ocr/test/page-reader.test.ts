/**
 * The choice between the two readings (page-reader.ts), with the recognisers replaced by canned readings: which
 * pages PP-OCRv4 is asked about, which reading is kept, and that a failing PP-OCRv4 never fails the page.
 * page-reader.int.test.ts runs the same on the real engines.
 */
import { describe, expect, it } from 'vitest';
import { createPageReader, PADDLE_TRUSTED, TESSERACT_TRUSTED } from '../src/page-reader.js';
import type { PaddleLine, PaddlePool } from '../src/paddle/index.js';
import type { RecognizeBufferResult } from '../src/recognize.js';
import { recordingLogger } from './helpers.js';

function reading(text: string, confidence: number, extra: Partial<RecognizeBufferResult> = {}): RecognizeBufferResult {
  return {
    text,
    confidence,
    uncertain: [],
    upscaled: false,
    retried: false,
    inverted: false,
    lineHeight: 20,
    heading: null,
    layoutBlocks: 1,
    language: 'eng',
    relanguaged: false,
    blocks: [],
    engine: 'tesseract',
    timings: { prepareMs: 1, recognizeMs: 1 },
    ...extra,
  };
}

function pool(lines: PaddleLine[] | Error): PaddlePool & { calls: number } {
  const p = {
    calls: 0,
    detect: async () => [],
    recognize: async () => {
      p.calls++;
      if (lines instanceof Error) throw lines;
      return lines;
    },
    threads: () => 1,
    close: async () => {},
  };
  return p;
}

const RECEIPT = 'SOON HUAT MACHINERY\nTOTAL 327.00\nCASH 400.00\nCHANGE 73.00';
const paddleRows: PaddleLine[] = [
  { text: 'SOON HUAT MACHINERY', confidence: 96, box: { left: 10, top: 10, width: 300, height: 24 } },
  { text: 'TOTAL', confidence: 95, box: { left: 10, top: 50, width: 80, height: 24 } },
  { text: '327.00', confidence: 97, box: { left: 300, top: 51, width: 80, height: 24 } },
];

describe('createPageReader: tesseract, or PP-OCRv4 where tesseract is unsure', () => {
  it('keeps a confident tesseract reading without asking PP-OCRv4', async () => {
    const paddle = pool(paddleRows);
    const read = createPageReader({
      tesseract: async () => reading(RECEIPT, TESSERACT_TRUSTED),
      paddle,
      logger: recordingLogger(),
    });
    expect((await read(Buffer.from('x'), ['eng'])).engine).toBe('tesseract');
    expect(paddle.calls).toBe(0);
  });

  it('asks PP-OCRv4 about an unsure English page and keeps its rows', async () => {
    const paddle = pool(paddleRows);
    const read = createPageReader({ tesseract: async () => reading(RECEIPT, 80), paddle, logger: recordingLogger() });
    const result = await read(Buffer.from('x'), ['eng']);
    expect(paddle.calls).toBe(1);
    expect(result.engine).toBe('pp-ocrv4');
    expect(result.text).toBe('SOON HUAT MACHINERY\nTOTAL\t327.00');
    expect(result.blocks.map((b) => b.kind)).toEqual(['paragraph', 'table-row']);
  });

  it("splits the words PP-OCRv4's recogniser ran together, and leaves tesseract's reading as it is", async () => {
    const memo: PaddleLine[] = [
      { text: 'Description:', confidence: 95, box: { left: 10, top: 10, width: 90, height: 20 } },
      {
        text: 'Record of follow-up callsfor tastings',
        confidence: 95,
        box: { left: 200, top: 10, width: 300, height: 20 },
      },
    ];
    const unsure = createPageReader({
      tesseract: async () => reading('Descr', 10),
      paddle: pool(memo),
      logger: recordingLogger(),
    });
    expect((await unsure(Buffer.from('x'), ['eng'])).text).toBe('Description:\tRecord of follow-up calls for tastings');
    const sure = createPageReader({
      tesseract: async () => reading('Record of callsfor tastings', TESSERACT_TRUSTED),
      paddle: pool(memo),
      logger: recordingLogger(),
    });
    expect((await sure(Buffer.from('x'), ['eng'])).text).toBe('Record of callsfor tastings');
  });

  it('keeps tesseract for code, dark mode and other languages, however unsure', async () => {
    const code =
      'def total(rows):\n    amount = 0\n    for row in rows:\n        amount += row.price\n    return amount';
    const cases = [
      reading(code, 70),
      reading(RECEIPT, 70, { inverted: true }),
      reading('Die Straßenbahn fährt heute nicht über den Marktplatz.', 70, { language: 'deu' }),
    ];
    for (const first of cases) {
      const paddle = pool(paddleRows);
      const read = createPageReader({ tesseract: async () => first, paddle, logger: recordingLogger() });
      expect((await read(Buffer.from('x'), ['eng', 'deu'])).engine).toBe('tesseract');
      expect(paddle.calls).toBe(0);
    }
  });

  it('asks PP-OCRv4 when tesseract found next to nothing, even confidently', async () => {
    const paddle = pool(paddleRows);
    const read = createPageReader({ tesseract: async () => reading('', 0), paddle, logger: recordingLogger() });
    expect((await read(Buffer.from('x'), ['eng'])).engine).toBe('pp-ocrv4');
  });

  it('keeps tesseract when PP-OCRv4 reads below its trusted confidence (a picture stays a picture)', async () => {
    const faint = paddleRows.map((l) => ({ ...l, confidence: PADDLE_TRUSTED - 5 }));
    const read = createPageReader({
      tesseract: async () => reading('~ | .', 20),
      paddle: pool(faint),
      logger: recordingLogger(),
    });
    expect((await read(Buffer.from('x'), ['eng'])).text).toBe('~ | .');
  });

  it('keeps tesseract reading, and logs, when PP-OCRv4 fails', async () => {
    const logger = recordingLogger();
    const read = createPageReader({
      tesseract: async () => reading(RECEIPT, 80),
      paddle: pool(new Error('PaddleOCR: reading the image took over 60000 ms')),
      logger,
    });
    const result = await read(Buffer.from('x'), ['eng']);
    expect(result.engine).toBe('tesseract');
    expect(result.text).toBe(RECEIPT);
    expect(logger.entries.some((e) => e.level === 'warn' && /PP-OCRv4 failed/.test(e.msg ?? ''))).toBe(true);
  });

  it('with a core free, starts PP-OCRv4 beside tesseract: its reading is ready when tesseract is unsure', async () => {
    const paddle = pool(paddleRows);
    const order: string[] = [];
    const read = createPageReader({
      tesseract: async () => {
        order.push(`tesseract starts, PP-OCRv4 asked ${paddle.calls} time(s)`);
        return reading(RECEIPT, 80);
      },
      paddle,
      logger: recordingLogger(),
      speculate: (pages) => pages === 1,
    });
    const result = await read(Buffer.from('x'), ['eng']);
    expect(order).toEqual(['tesseract starts, PP-OCRv4 asked 1 time(s)']);
    expect(result.engine).toBe('pp-ocrv4');
    // Asked once only: the early reading is the one used.
    expect(paddle.calls).toBe(1);
  });

  it('drops the early PP-OCRv4 reading when tesseract is sure, even a failing one, and speculates only while idle', async () => {
    const failing = pool(new Error('PaddleOCR: the model file is missing'));
    const inFlight: number[] = [];
    const read = createPageReader({
      tesseract: async () => {
        await new Promise((r) => setTimeout(r, 5));
        return reading(RECEIPT, TESSERACT_TRUSTED);
      },
      paddle: failing,
      logger: recordingLogger(),
      speculate: (pages) => {
        inFlight.push(pages);
        return pages === 1;
      },
    });
    const results = await Promise.all([read(Buffer.from('a'), ['eng']), read(Buffer.from('b'), ['eng'])]);
    expect(results.map((r) => r.engine)).toEqual(['tesseract', 'tesseract']);
    // The second page came while the first was in flight: no speculation for it.
    expect(inFlight).toEqual([1, 2]);
    expect(failing.calls).toBe(1);
  });

  it('settles only once a PP-OCRv4 reading started beside a kept tesseract reading has ended', async () => {
    let finish: () => void = () => {};
    const slow: PaddlePool = {
      detect: async () => [],
      recognize: () => new Promise<PaddleLine[]>((resolve) => (finish = () => resolve(paddleRows))),
      threads: () => 1,
      close: async () => {},
    };
    const read = createPageReader({
      tesseract: async () => reading(RECEIPT, TESSERACT_TRUSTED),
      paddle: slow,
      logger: recordingLogger(),
      speculate: () => true,
    });
    expect((await read(Buffer.from('x'), ['eng'])).engine).toBe('tesseract');
    let settled = false;
    const waiting = read.settled().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(settled).toBe(true);
  });
});
