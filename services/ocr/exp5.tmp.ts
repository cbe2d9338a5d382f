import * as img from '@snapnotes/testing/images';
import sharp from 'sharp';
import { createTesseractEngine } from './src/engine.js';
import { preprocessImage } from './src/preprocess.js';
const logger: any = { debug(){}, info: console.log, warn: console.warn, error: console.error, child() { return logger; } };
const shot = (await preprocessImage(await img.renderScreenshot({ lines: img.SAMPLE_TEXT.lectureNotes }))).pgm;
const mode = process.argv[2];
const engine = await createTesseractEngine({ languages: ['eng'], poolSize: 1, logger });
let t = Date.now(); await engine.warm(); console.log('warm', Date.now() - t);
if (mode === 'prime') { const tiny = (await preprocessImage(await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><rect width="100%" height="100%" fill="#fff"/><text x="8" y="28" font-family="DejaVu Sans" font-size="20">warm up 123</text></svg>')).png().toBuffer())).pgm; t = Date.now(); const r = await engine.recognize(tiny, ['eng']); console.log('prime', Date.now() - t, JSON.stringify(r.text)); }
for (let i = 0; i < 3; i++) { t = Date.now(); await engine.recognize(shot, ['eng']); console.log('rec', Date.now() - t); }
await engine.close();
