/**
 * Would one decode per uploaded image pay (issue 24)? The upload decodes each image twice: for the duplicate hashes
 * (duplicates/hash.ts: upright, flattened, at least 256×64, grey) and for the thumbnail with the full decode check
 * (uploads/thumbnails.ts: upright, inside 320×320). This times, side by side in one run, the two decodes as the
 * upload makes them ("two") against one decode to full-size pixels that both are then made from ("one"), and says
 * whether the hashes' working pixels come out byte for byte the same. Only the sharp work differs between the two,
 * so that is what is timed (the hashes' own arithmetic and the WebP encode are the same in both and left out).
 *
 *   npx tsx services/gateway/test/upload-decode-timing.ts [rounds]
 *
 * Rounds alternate which goes first; per image the medians of wall time and of the process's CPU time (every libvips
 * thread; less swayed by other load on the machine) and their ratios. Figures: docs/PERFORMANCE.md "One decode per
 * upload image".
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS, THUMBNAIL_MAX_SIDE } from '@snapnotes/contracts';
import { phoneScreen, renderPhoneScreen, reshare } from '@snapnotes/testing/phone-screens';
import { renderScreenshot } from '@snapnotes/testing/images';

const ROUNDS = Number(process.argv[2] ?? 21);
const REAL_DIR = process.env.OCR_REAL_DIR ?? '/work/shared/ocr-real';
/** Real screenshots and a scanned page of the measurement corpus (read from there; skipped when absent). */
const REAL = [
  ['real screenshot PNG (ocr-real, table)', 'images/textgrab_Table-Complex.png'],
  ['real screenshot PNG (ocr-real, normcap_09)', 'images/normcap_09.png'],
  ['scanned page JPEG (ocr-real)', 'images/docbank_121-tar-1706-01211-main-12.jpg'],
] as const;

/** The hashes' working decode (duplicates/hash.ts `hashImage`, before its arithmetic). */
const working = (upright: Sharp) =>
  upright
    .flatten({ background: '#ffffff' })
    .resize({ width: 256, height: 64, fit: 'outside' })
    .grayscale()
    .raw()
    .toBuffer();
/** The thumbnail's pixels (uploads/thumbnails.ts `shrink`, before the WebP encode). */
const thumbnail = (upright: Sharp) =>
  upright.resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer();

/** As the upload does it: each from the file. */
async function two(image: Buffer): Promise<Buffer> {
  const grey = await working(sharp(image, { failOn: 'error' }).rotate());
  await thumbnail(sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' }).rotate());
  return grey;
}

/** One decode to full-size upright pixels, both made from them. */
async function one(image: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const [grey] = await Promise.all([working(sharp(data, { raw })), thumbnail(sharp(data, { raw }))]);
  return grey;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const phone = await renderPhoneScreen(phoneScreen(1, { kind: 'chat' }), undefined, { width: 1170, height: 2532 });
  const cases: [string, Buffer][] = [
    ['phone screenshot PNG', phone],
    ['phone screenshot PNG', await renderPhoneScreen(phoneScreen(2, { kind: 'article' }))],
    ['desktop screenshot PNG', await renderScreenshot({ lines: ['Notes'], width: 1600, height: 1000 })],
    [
      'phone screenshot PNG, EXIF-rotated',
      await sharp(phone).rotate(90).withMetadata({ orientation: 8 }).png().toBuffer(),
    ],
    ['phone screenshot JPEG', await reshare(phone, { format: 'jpeg', quality: 85 })],
  ];
  for (const [name, file] of REAL) {
    if (existsSync(join(REAL_DIR, file))) cases.push([name, readFileSync(join(REAL_DIR, file))]);
  }
  console.log(`rounds: ${ROUNDS}; ms per image, medians, two decodes → one decode (one/two)`);
  for (const [name, image] of cases) {
    const { width, height } = await sharp(image).metadata();
    const same = (await two(image)).equals(await one(image));
    const wall = { two: [] as number[], one: [] as number[] };
    const cpu = { two: [] as number[], one: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['two', 'one'] as const) : (['one', 'two'] as const);
      for (const which of order) {
        const [t0, c0] = [performance.now(), process.cpuUsage()];
        await (which === 'two' ? two(image) : one(image));
        const used = process.cpuUsage(c0);
        wall[which].push(performance.now() - t0);
        cpu[which].push((used.user + used.system) / 1000);
      }
    }
    const [w2, w1, c2, c1] = [median(wall.two), median(wall.one), median(cpu.two), median(cpu.one)];
    console.log(
      `${name} ${width}×${height}: wall ${w2.toFixed(1)} → ${w1.toFixed(1)} (${(w1 / w2).toFixed(2)}), ` +
        `CPU ${c2.toFixed(1)} → ${c1.toFixed(1)} (${(c1 / c2).toFixed(2)}); same hash pixels: ${same ? 'yes' : 'no'}`,
    );
  }
}

await main();
