/**
 * Scrolling captures (issue 25 item 3; DECISIONS "Scrolling captures in an import", "Scrolling captures joined by
 * their pixels"), found by their pixels before OCR:
 * - an import makes each image a note of its own, so before its images are read the import worker groups the ones
 *   that continue each other (`groupScrollCaptures`), and each group goes through the upload steps as one upload of
 *   several images (one note, one allowance);
 * - an upload of several images (a POST or an import's group) tells the summariser which image goes on from which
 *   and by how many pixel rows (`scrollLinksOf`, UploadJob.scrolls): it joins those by where OCR's blocks stand on
 *   the images, not by comparing text that OCR read slightly differently in each capture.
 *
 * How two captures are compared: scroll-rows.ts.
 */
import { MAX_FILES_PER_UPLOAD, type ScrollLink } from '@snapnotes/contracts';
import { captureRows, linkOf, type CaptureRows, type Link } from './scroll-rows.js';

/** How far apart in the import two images may be to be compared (a set of captures chosen in any order). */
const CAPTURE_WINDOW = MAX_FILES_PER_UPLOAD - 1;

/**
 * Joins the linked captures, the strongest links first, never past MAX_FILES_PER_UPLOAD to a group. Returns, per
 * position, the position of its group's first capture (its own for a capture alone).
 */
function unite(count: number, links: Link[]): number[] {
  links.sort((x, y) => y.strength - x.strength);
  const parent = Array.from({ length: count }, (_, i) => i);
  const size = parent.map(() => 1);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (const { upper, lower } of links) {
    const [ra, rb] = [root(upper), root(lower)];
    if (ra === rb || size[ra]! + size[rb]! > MAX_FILES_PER_UPLOAD) continue;
    const [keep, join] = ra < rb ? [ra, rb] : [rb, ra];
    parent[join] = keep;
    size[keep]! += size[join]!;
  }
  return parent.map((_, i) => root(i));
}

/**
 * Groups an import's images (in import order) that are scrolling captures of one chat or page: each is compared with
 * the CAPTURE_WINDOW images after it (a set of captures chosen in any order), one image decoded at a time, only
 * the rows of the window kept. `read` gives an image's bytes (undefined: gone, it stays alone). Returns each item's
 * group as the index of the group's first item.
 */
export async function groupScrollCaptures(
  items: ReadonlyArray<{ index: number; sourceKey: string }>,
  read: (key: string) => Promise<Buffer | undefined>,
  signal?: AbortSignal,
): Promise<Array<{ index: number; group: number }>> {
  const links: Link[] = [];
  const window: Array<{ position: number; rows: CaptureRows }> = [];
  for (const [position, item] of items.entries()) {
    if (signal?.aborted) break;
    const data = await read(item.sourceKey);
    const rows = data ? await captureRows(data) : null;
    while (window.length > 0 && position - window[0]!.position > CAPTURE_WINDOW) window.shift();
    if (!rows) continue;
    for (const earlier of window) {
      const link = linkOf(earlier.position, earlier.rows, position, rows);
      if (link) links.push(link);
    }
    window.push({ position, rows });
  }
  const roots = unite(items.length, links);
  return items.map((item, position) => ({ index: item.index, group: items[roots[position]!]!.index }));
}

/**
 * Captures larger than this are not compared for an upload (photos: a phone's camera gives every photo one width,
 * and decoding ten 12-megapixel photos again costs more than a second; a tablet's screenshot is under 6 MP).
 */
const MAX_SCROLL_CAPTURE_PIXELS = 8_000_000;

/**
 * Which images of one upload go on from which (UploadJob.scrolls): each capture goes on from at most one and into at
 * most one, the strongest continuations first, never in a circle. `sizes` are the images' upright sizes (only
 * images sharing a width with another are decoded); `read` gives the image's bytes or its temporary file (undefined:
 * gone, it is compared with none). Empty for an upload of one image or of images that do not continue each other.
 */
export async function scrollLinksOf(
  sizes: ReadonlyArray<{ width: number; height: number }>,
  read: (index: number) => Promise<Buffer | string | undefined>,
): Promise<ScrollLink[]> {
  const widths = sizes.map((s) => s.width);
  const rows: Array<CaptureRows | null> = [];
  for (const [index, size] of sizes.entries()) {
    const comparable =
      widths.filter((w) => w === size.width).length > 1 && size.width * size.height <= MAX_SCROLL_CAPTURE_PIXELS;
    const source = comparable ? await read(index) : undefined;
    rows.push(source ? await captureRows(source) : null);
  }
  const links: Link[] = [];
  for (let i = 0; i < rows.length; i++) {
    for (let j = i + 1; j < rows.length; j++) {
      const [a, b] = [rows[i], rows[j]];
      const link = a && b ? linkOf(i, a, j, b) : null;
      if (link) links.push(link);
    }
  }
  links.sort((x, y) => y.strength - x.strength);
  const next = new Map<number, number>();
  const prev = new Map<number, number>();
  const head = (k: number) => {
    let h = k;
    while (prev.has(h)) h = prev.get(h)!;
    return h;
  };
  const chosen: ScrollLink[] = [];
  for (const { upper, lower, shift, cut, from, to } of links) {
    if (next.has(upper) || prev.has(lower) || head(upper) === lower) continue;
    next.set(upper, lower);
    prev.set(lower, upper);
    chosen.push({ upper, lower, shift, cut, from, to });
  }
  return chosen.sort((x, y) => x.upper - y.upper);
}
