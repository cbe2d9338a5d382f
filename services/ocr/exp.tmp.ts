import * as img from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import { createTesseractEngine } from './src/engine.js';
import { preprocessImage } from './src/preprocess.js';
const logger: any = { debug(){}, info: console.log, warn: console.warn, error: console.error, child() { return logger; } };
const L = img.SAMPLE_TEXT;
const cases: [string, Buffer, readonly string[]][] = [
  ['light', await img.renderScreenshot({ lines: L.lectureNotes }), L.lectureNotes],
  ['dark', await img.renderScreenshot({ lines: L.chat, dark: true }), L.chat],
  ['code', await img.renderScreenshot({ lines: L.code, font: 'mono', format: 'jpeg' }), L.code],
  ['small', await img.renderSmallText(L.lectureNotes), L.lectureNotes],
  ['small10', await img.renderSmallText(L.chat, {fontSize: 10}), L.chat],
  ['photo', await img.renderPhotoOfPage(L.lectureNotes), L.lectureNotes],
  ['exif', await img.renderWithExifRotation(L.chat), L.chat],
  ['notext', await img.renderNoTextImage(), ['x']],
  ['notextpng', await img.renderNoTextImage({format:'png', width: 1280, height: 800, seed: 3}), ['x']],
];
let t = Date.now();
const engine = await createTesseractEngine({ languages: ['eng', 'fra'], poolSize: 1, logger });
await engine.warm(); console.log('warm', Date.now() - t);
for (const [name, buf, src] of cases) {
  for (const scale of [1, 2]) {
    t = Date.now();
    const p = await preprocessImage(buf, { scale });
    const tp = Date.now() - t;
    const r = await engine.recognize(p.pgm, ['eng']);
    const heights = r.lines.filter(l => l.text).map(l => l.height).sort((a,b)=>a-b);
    console.log(name, scale, 'pre', tp, 'ocr', Date.now() - t - tp, 'conf', r.confidence.toFixed(1), 'inv', p.inverted, 'CER', characterErrorRate(src, r.text).toFixed(3), 'medH', heights[heights.length>>1]);
    if (process.env.SHOW) console.log(r.lines.filter(l=>l.confidence<90).map(l => `${l.confidence.toFixed(0)} ${l.height} | ${l.words.map(w=>w.text+"~"+w.confidence.toFixed(0)).join(" ")}`).join("\n"));
  }
}
await engine.close();
