import * as img from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import { createTesseractEngine } from './src/engine.js';
import { recognizeBuffer } from './src/recognize.js';
const logger: any = { debug(){}, info: console.log, warn: console.warn, error: console.error, child() { return logger; } };
const L = img.SAMPLE_TEXT;
const cases: [string, Buffer, readonly string[]][] = [
  ['light', await img.renderScreenshot({ lines: L.lectureNotes }), L.lectureNotes],
  ['dark', await img.renderScreenshot({ lines: L.chat, dark: true }), L.chat],
  ['code', await img.renderScreenshot({ lines: L.code, font: 'mono', format: 'jpeg' }), L.code],
  ['small', await img.renderSmallText(L.lectureNotes), L.lectureNotes],
  ['small10', await img.renderSmallText(L.chat, {fontSize: 10}), L.chat],
  ['photo', await img.renderPhotoOfPage(L.lectureNotes), L.lectureNotes],
  ['photo2', await img.renderPhotoOfPage(L.chat, {angle: 3, seed: 5}), L.chat],
  ['exif', await img.renderWithExifRotation(L.chat), L.chat],
  ['notext', await img.renderNoTextImage(), ['x']],
  ['notextpng', await img.renderNoTextImage({format:'png', width: 1280, height: 800, seed: 3}), ['x']],
  ['notext7', await img.renderNoTextImage({seed: 7}), ['x']],
];
const engine = await createTesseractEngine({ languages: ['eng', 'fra'], poolSize: 1, logger });
await engine.warm();
for (const [name, buf, src] of cases) {
  const t = Date.now();
  const r = await recognizeBuffer(engine, buf, ['eng']);
  console.log(name, Date.now() - t, 'ms conf', r.confidence, 'up', r.upscaled, r.retried, 'CER', characterErrorRate(src, r.text).toFixed(3), 'H', r.lineHeight, JSON.stringify(r.text.slice(0, process.env.SHOW ? 2000 : 60)));
}
await engine.close();
