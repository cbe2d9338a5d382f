/**
 * Local description of images without text: measured facts (size, orientation, photo or graphic, dominant
 * colours in plain words, brightness, detail), computed with sharp from the pixels. No model download.
 */
import { type DescribeRequest, type Logger, type SummaryDraft, nothingExtracted } from '@snapnotes/contracts';
import sharp from 'sharp';
import { joinAnd } from './text.js';

export type ImageKind = 'photo' | 'diagram' | 'graphic';

export interface ImageFacts {
  width: number;
  height: number;
  orientation: 'landscape' | 'portrait' | 'square';
  kind: ImageKind;
  /** Named colours covering at least 8% of the image, largest first (at least one). */
  colours: { name: string; share: number }[];
  /** Mean luminance, 0 (black) to 1 (white). */
  brightness: number;
  /** How many 4-bit-per-channel colours cover 90% of the pixels (flat graphics: a handful; photos: dozens). */
  mainColours: number;
  /** Share of neighbouring pixel pairs that are (nearly) identical after a contrast stretch. */
  flatShare: number;
  /** Share of neighbouring pixel pairs with a strong brightness step. */
  edgeShare: number;
  /** sharp's greyscale entropy, in bits. */
  entropy: number;
  transparent: boolean;
}

const SAMPLE = 160;
/** Decompression-bomb guard: the gateway caps sizes too, this is defence in depth. */
const LIMIT_INPUT_PIXELS = 100_000_000;

/** Names an sRGB colour in plain words ("dark grey", "blue", "beige"). */
export function colourName(r: number, g: number, b: number): string {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const chroma = max - min;
  const light = (max + min) / 2;
  // Greys: little chroma, unless a dark colour is still clearly tinted (night sky, dark foliage).
  const tintedDark = max >= 0.12 && chroma >= 0.06 && chroma / max >= 0.45;
  if ((chroma < 0.12 && !tintedDark) || max < 0.08) {
    if (light < 0.16) return 'black';
    if (light < 0.38) return 'dark grey';
    if (light < 0.68) return 'grey';
    if (light < 0.9) return 'light grey';
    return 'white';
  }
  let hue: number;
  if (max === R) hue = ((G - B) / chroma) % 6;
  else if (max === G) hue = (B - R) / chroma + 2;
  else hue = (R - G) / chroma + 4;
  hue = (hue * 60 + 360) % 360;
  if (hue < 15 || hue >= 345) return light < 0.3 ? 'dark red' : light > 0.78 ? 'pink' : 'red';
  if (hue < 45) return light < 0.42 ? 'brown' : light > 0.8 ? 'beige' : 'orange';
  if (hue < 70) return light < 0.35 ? 'olive' : 'yellow';
  if (hue < 170) return light < 0.28 ? 'dark green' : light > 0.78 ? 'light green' : 'green';
  if (hue < 200) return 'teal';
  if (hue < 255) return light < 0.3 ? 'navy' : light > 0.75 ? 'light blue' : 'blue';
  if (hue < 290) return light > 0.75 ? 'lavender' : 'purple';
  return light < 0.3 ? 'purple' : 'pink';
}

/**
 * Measures one image. Throws if sharp cannot decode it. The file is decoded once (EXIF-rotated, at full size); its
 * statistics and its two small samples are taken from those pixels, not from three more decodes of the file.
 */
export async function analyseImage(data: Buffer): Promise<ImageFacts> {
  const decoded = await sharp(data, { limitInputPixels: LIMIT_INPUT_PIXELS })
    .rotate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = {
    raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels },
  } as const;
  const { width, height } = decoded.info;
  if (!width || !height) throw new Error('Image has no dimensions');
  const stats = await sharp(decoded.data, raw).stats();
  // Nearest-neighbour sampling keeps flat colours flat (no blended edge colours) and photo noise noisy.
  const sample = () =>
    sharp(decoded.data, raw)
      .flatten({ background: '#ffffff' })
      .resize(SAMPLE, SAMPLE, { fit: 'inside', kernel: 'nearest', withoutEnlargement: true })
      .removeAlpha();
  const { data: px, info } = await sample().raw().toBuffer({ resolveWithObject: true });
  // Structure is judged on a contrast-stretched copy, so a dark or hazy photo still shows its texture.
  const { data: stretched } = await sample().normalise().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const c = info.channels;
  const n = w * h;
  const lum = new Float64Array(n); // original luminance, for edges
  const bins = new Map<number, number>();
  const names = new Map<string, number>();
  let lumSum = 0;
  const g1 = c >= 3 ? 1 : 0;
  const b2 = c >= 3 ? 2 : 0;
  for (let i = 0; i < n; i++) {
    const r = px[i * c]!;
    const g = px[i * c + g1]!;
    const b = px[i * c + b2]!;
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    lum[i] = y;
    lumSum += y;
    const sr = stretched[i * c]!;
    const sg = stretched[i * c + g1]!;
    const sb = stretched[i * c + b2]!;
    const bin = ((sr >> 4) << 8) | ((sg >> 4) << 4) | (sb >> 4);
    bins.set(bin, (bins.get(bin) ?? 0) + 1);
    const name = colourName(r, g, b);
    names.set(name, (names.get(name) ?? 0) + 1);
  }
  let flat = 0;
  let edges = 0;
  let pairs = 0;
  const pairAt = (i: number, j: number) => {
    pairs++;
    let d = 0;
    for (let k = 0; k < Math.min(3, c); k++) d = Math.max(d, Math.abs(stretched[i * c + k]! - stretched[j * c + k]!));
    if (d <= 4) flat++;
    if (Math.abs(lum[i]! - lum[j]!) > 40 / 255) edges++;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x + 1 < w) pairAt(i, i + 1);
      if (y + 1 < h) pairAt(i, i + w);
    }
  }
  const counts = [...bins.values()].sort((a, b) => b - a);
  let covered = 0;
  let mainColours = 0;
  for (const count of counts) {
    covered += count;
    mainColours++;
    if (covered >= 0.9 * n) break;
  }
  const flatShare = pairs ? flat / pairs : 1;
  const edgeShare = pairs ? edges / pairs : 0;
  const entropy = stats.entropy;
  const brightness = lumSum / n;
  let lightShare = 0;
  for (let i = 0; i < n; i++) {
    if ((0.2126 * px[i * c]! + 0.7152 * px[i * c + g1]! + 0.0722 * px[i * c + b2]!) / 255 > 0.8) lightShare++;
  }
  lightShare /= n;

  // Photos have texture everywhere (few identical neighbours, even after a contrast stretch); graphics have flat areas.
  const photo = flatShare < 0.35 || (flatShare < 0.5 && (mainColours >= 16 || entropy >= 6));
  let kind: ImageKind;
  if (photo) kind = 'photo';
  else if (lightShare >= 0.6 && mainColours <= 8) kind = 'diagram';
  else kind = 'graphic';

  const colours = [...names.entries()]
    .map(([name, count]) => ({ name, share: count / n }))
    .sort((a, b) => b.share - a.share);
  const significant = colours.filter((x) => x.share >= 0.08).slice(0, 3);

  return {
    width,
    height,
    orientation:
      width === height || Math.abs(width - height) / Math.max(width, height) < 0.05
        ? 'square'
        : width > height
          ? 'landscape'
          : 'portrait',
    kind,
    colours: significant.length ? significant : colours.slice(0, 1),
    brightness,
    mainColours,
    flatShare,
    edgeShare,
    entropy,
    transparent: !stats.isOpaque,
  };
}

const KIND_NOUN: Record<ImageKind, string> = { photo: 'photo', diagram: 'drawing or diagram', graphic: 'graphic' };
const KIND_PLURAL: Record<ImageKind, string> = {
  photo: 'photos',
  diagram: 'drawings or diagrams',
  graphic: 'graphics',
};

function brightnessWord(b: number): string {
  if (b < 0.2) return 'very dark';
  if (b < 0.4) return 'dark';
  if (b < 0.65) return 'of medium brightness';
  if (b < 0.85) return 'bright';
  return 'very bright';
}

function brightnessPoint(b: number): string {
  const word = brightnessWord(b).replace(/^of medium brightness$/, 'medium brightness');
  return `${word.charAt(0).toUpperCase() + word.slice(1)} overall (average brightness ${pct(b)})`;
}

function detailWord(f: ImageFacts): string {
  if (f.edgeShare > 0.12) return 'a lot of fine detail and sharp edges';
  if (f.edgeShare > 0.03) return 'some detail and sharp edges';
  return 'little fine detail';
}

function pct(share: number): string {
  return `${Math.max(1, Math.round(share * 100))}%`;
}

function colourPhrase(colours: { name: string }[], kind: ImageKind): string {
  const names = colours.slice(0, 2).map((c) => c.name);
  const suffix = kind === 'photo' ? ' tones' : '';
  if (names.length === 1) return `mostly ${names[0]}${suffix}`;
  return `${joinAnd(names)}${suffix}`;
}

function titleFor(f: ImageFacts): string {
  // Graphics' colour names already say they are dark (navy, black); photos are named by their tones.
  const dark = f.kind === 'photo' && f.brightness < 0.25 ? 'Dark ' : '';
  const noun = KIND_NOUN[f.kind];
  const base = dark ? `${dark}${noun}` : noun.charAt(0).toUpperCase() + noun.slice(1);
  return f.kind === 'photo'
    ? `${base} with ${colourPhrase(f.colours, f.kind)}`
    : `${base} in ${colourPhrase(f.colours, f.kind)}`;
}

function kindSentence(f: ImageFacts): string {
  switch (f.kind) {
    case 'photo':
      return `Looks like a photograph: many colours (${f.mainColours} main shades) and smooth gradients`;
    case 'diagram':
      return `Looks like a drawing, diagram or chart: ${f.mainColours} main colours on a light background`;
    case 'graphic':
      return `Looks like a graphic or illustration: flat areas of ${f.mainColours} main colours`;
  }
}

function coloursSentence(f: ImageFacts): string {
  return `Dominant colours: ${joinAnd(f.colours.map((c) => `${c.name} (${pct(c.share)})`))}`;
}

function kindClause(f: ImageFacts): string {
  switch (f.kind) {
    case 'photo':
      return `It looks like a photograph, with many colours (${f.mainColours} main shades) and smooth gradients rather than flat areas.`;
    case 'diagram':
      return `It looks like a drawing, diagram or chart: ${f.mainColours} main colour${f.mainColours === 1 ? '' : 's'} on a light background.`;
    case 'graphic':
      return `It looks like a graphic or illustration, made of flat areas of ${f.mainColours} main colours.`;
  }
}

function factsParagraph(f: ImageFacts): string {
  const lines = [
    `It is a ${f.orientation} image of ${f.width} × ${f.height} pixels.`,
    kindClause(f),
    `The dominant colours are ${joinAnd(f.colours.map((c) => `${c.name} (${pct(c.share)})`))}.`,
    `Overall it is ${brightnessWord(f.brightness)} (average brightness ${pct(f.brightness)}), with ${detailWord(f)}.`,
  ];
  if (f.transparent) lines.push('Parts of it are transparent.');
  return lines.join(' ');
}

/** Smallest side, in pixels, of an image worth describing (icons and tracking pixels are not content). */
export const MIN_DESCRIBABLE_SIDE = 16;

/**
 * Nothing to describe: too small to be content, or a single flat colour (a blank page, an empty canvas).
 * Describing "a white square, 1 × 1 pixels" would be a note about nothing; such uploads get the 422 instead.
 */
export function isBlank(f: ImageFacts): boolean {
  if (f.width < MIN_DESCRIBABLE_SIDE || f.height < MIN_DESCRIBABLE_SIDE) return true;
  return f.mainColours <= 1 && f.edgeShare < 0.002;
}

/** What the uploader is told when no image had text and none could be described (the 422's `reason`). */
export function noDescriptionReason(images: number, blank: number): string {
  const one = images === 1;
  if (blank === images) {
    return one
      ? 'No text was found, and the image is blank or too small to describe.'
      : 'No text was found, and the images are blank or too small to describe.';
  }
  return one
    ? 'No text was found, and the image could not be read to describe it.'
    : 'No text was found, and none of the images could be read to describe them.';
}

/** Describes images with no readable text from measured facts. Throws nothingExtracted() if none decodes or all are blank. */
export async function describeImagesLocally(req: DescribeRequest, logger: Logger): Promise<SummaryDraft> {
  const analysed: { fileName: string; facts: ImageFacts }[] = [];
  let blank = 0;
  for (const [index, image] of req.images.entries()) {
    try {
      const facts = await analyseImage(image.data);
      if (isBlank(facts)) {
        blank++;
        logger.info({ index, width: facts.width, height: facts.height }, 'blank image: nothing to describe');
        continue;
      }
      analysed.push({ fileName: image.fileName, facts });
    } catch (err) {
      logger.warn({ index, err: (err as Error).message }, 'could not analyse image for a description');
    }
  }
  const first = analysed[0];
  if (!first) throw nothingExtracted(noDescriptionReason(req.images.length, blank));

  if (analysed.length === 1) {
    const f = first.facts;
    const keyPoints = [
      `${f.orientation.charAt(0).toUpperCase() + f.orientation.slice(1)} image, ${f.width} × ${f.height} pixels`,
      kindSentence(f),
      coloursSentence(f),
      brightnessPoint(f.brightness),
      `Has ${detailWord(f)}`,
    ];
    if (f.transparent) keyPoints.push('Has transparent areas');
    return {
      title: titleFor(f),
      keyPoints,
      detailedSummary: `${factsParagraph(f)}\n\nNo readable text was found in the image, so this description is based on its size, colours and structure.`,
      engine: 'local',
    };
  }

  const kinds = [...new Set(analysed.map((a) => a.facts.kind))];
  const colourTotals = new Map<string, number>();
  for (const a of analysed)
    for (const c of a.facts.colours)
      colourTotals.set(c.name, (colourTotals.get(c.name) ?? 0) + c.share / analysed.length);
  const colours = [...colourTotals.entries()]
    .map(([name, share]) => ({ name, share }))
    .sort((a, b) => b.share - a.share);
  const count = analysed.length;
  let title: string;
  if (kinds.length === 1) {
    const kind = kinds[0]!;
    title = `${count} ${KIND_PLURAL[kind]} ${kind === 'photo' ? 'with' : 'in'} ${colourPhrase(colours, kind)}`;
  } else {
    const parts = kinds.map((k) => {
      const m = analysed.filter((a) => a.facts.kind === k).length;
      return `${m} ${m === 1 ? KIND_NOUN[k] : KIND_PLURAL[k]}`;
    });
    title = `${count} images: ${joinAnd(parts)}`;
  }
  const perImage = analysed.map(
    (a) =>
      `${a.fileName}: ${a.facts.orientation} ${KIND_NOUN[a.facts.kind]}, ${a.facts.width} × ${a.facts.height}, ${colourPhrase(a.facts.colours, 'graphic')}, ${brightnessWord(a.facts.brightness).replace('of medium brightness', 'medium brightness')}`,
  );
  const keyPoints = [`${count} images without readable text`, ...perImage.slice(0, 5)];
  if (perImage.length > 5) keyPoints[5] = `…and ${perImage.length - 4} more images`;
  const detailedSummary = [
    `${count} images without readable text. This description is based on their size, colours and structure.`,
    ...analysed.map((a) => `${a.fileName}\n${factsParagraph(a.facts)}`),
  ].join('\n\n');
  const skipped = req.images.length - analysed.length;
  return {
    title,
    keyPoints,
    detailedSummary: skipped ? `${detailedSummary}\n\n${skipped} image(s) could not be analysed.` : detailedSummary,
    engine: 'local',
  };
}
