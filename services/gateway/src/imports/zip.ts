/**
 * Reading a zip of screenshots as it arrives (issue 25): entry by entry from the request's stream with fflate's
 * streaming reader (the local headers, in order), never written to disk and never held whole in memory. Each entry
 * becomes an image (its bytes, at most MAX_FILE_BYTES, the only thing held) or a skip with its reason; nothing of a
 * skipped entry is inflated past the point where it was refused:
 *
 * - folders, and what macOS and Windows add to a zip (`__MACOSX/`, `._*`, `.DS_Store`, `Thumbs.db`): ignored;
 * - a path with `..`, or an absolute one (`/x`, `C:\x`): UNSAFE_PATH;
 * - a zip inside the zip: NESTED_ZIP (import it on its own);
 * - more than MAX_FILE_BYTES once inflated (declared or found on the way): FILE_TOO_LARGE;
 * - expanding more than ZIP_BOMB_RATIO times its compressed size: ZIP_BOMB;
 * - damaged data, or a compression method other than stored/deflate (encrypted entries among them): UNREADABLE;
 * - anything but PNG or JPEG bytes: UNSUPPORTED_TYPE.
 *
 * A zip with more than MAX_ZIP_ENTRIES entries is read no further (the rest is one skip), and one that ends early
 * skips the entry it was in. A streamed reader knows where an entry ends from its header, or, for an entry whose
 * sizes come after its data (a "data descriptor"), from the deflate data's own end; a STORED entry written that way
 * (rare: phones and Finder deflate) ends at the next zip signature, so a zip stored that way inside another is read
 * as entries of the outer zip, each still checked as any entry is.
 */
import { Inflate, Unzip, UnzipPassThrough, type FlateError, type UnzipDecoder, type UnzipFile } from 'fflate';
import { MAX_FILE_BYTES } from '@snapnotes/contracts';
import { skipReason, type SkipCode } from './skips.js';

/** Inflating beyond this many times the compressed size is a zip bomb, not a screenshot (PNG/JPEG barely shrink). */
export const ZIP_BOMB_RATIO = 100;
/** Inflated bytes beyond which `compressed` bytes of deflate data are a zip bomb (small files may shrink a lot). */
function bombAbove(compressed: number): number {
  return ZIP_BOMB_RATIO * Math.max(compressed, 1024);
}
/** Entries of one zip read at most (folders and ignored files included). */
export const MAX_ZIP_ENTRIES = 5000;
/** Input is handed to the inflater in pieces of this size: one piece can inflate to at most ~1032 times as much. */
const PIECE_BYTES = 8 * 1024;

export type ZipEntry =
  { kind: 'file'; name: string; data: Buffer } | { kind: 'skip'; name: string; code: SkipCode; message: string };

/**
 * Compression methods other than stored (0) and deflate (8), registered so that their entries can be passed over:
 * deflate64, bzip2, LZMA, zstd, xz, JPEG, WavPack, PPMd, AES (APPNOTE 4.4.5), and the reserved numbers before them.
 */
const OTHER_METHODS = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 93, 94, 95, 96, 97, 98, 99];

/** A decoder that inflates nothing: its entry is refused, its data only passed over. */
function discarding(method: number) {
  return class Discard implements UnzipDecoder {
    static compression = method;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    push(_chunk: Uint8Array, final: boolean): void {
      if (final) this.ondata(null, new Uint8Array(0), true);
    }
  };
}

const IGNORED_NAMES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** True for entries nobody means to import: folders and the files operating systems add to a zip. */
export function isIgnoredEntry(name: string): boolean {
  if (name.endsWith('/') || name.endsWith('\\')) return true;
  const segments = name.split(/[\\/]/);
  const base = segments[segments.length - 1]!.toLowerCase();
  return segments.includes('__MACOSX') || base.startsWith('._') || IGNORED_NAMES.has(base);
}

/** A path that climbs out of its folder or starts at a root: never followed, whatever it holds. */
export function isUnsafePath(name: string): boolean {
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name) || name.includes('\0')) return true;
  return name.split(/[\\/]/).some((segment) => segment === '..');
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];

export function startsWith(data: Uint8Array, magic: readonly number[]): boolean {
  return data.length >= magic.length && magic.every((byte, i) => data[i] === byte);
}

export function isZipBytes(data: Uint8Array): boolean {
  return startsWith(data, ZIP_MAGIC) || startsWith(data, EMPTY_ZIP_MAGIC);
}

/** What one entry is while it is read. */
interface EntryState {
  name: string;
  chunks: Buffer[];
  bytes: number;
  /** Compressed bytes handed to the inflater so far. */
  compressed: number;
  /** Refused: whatever else arrives for it is dropped without being inflated. */
  skip?: { code: SkipCode; message: string };
  done: boolean;
}

/**
 * Reads `source` (a zip's bytes as they arrive) and yields its entries in order. The consumer's pace is the
 * reader's: the next piece of the zip is read once the entries found so far have been taken.
 */
export async function* readZip(source: AsyncIterable<Buffer>, zipName: string): AsyncGenerator<ZipEntry> {
  const ready: ZipEntry[] = [];
  let current: EntryState | undefined;
  let entries = 0;
  let tooMany = false;

  const finish = (entry: EntryState) => {
    if (entry.done) return;
    entry.done = true;
    const name = `${zipName}/${entry.name}`;
    if (entry.skip) {
      ready.push({ kind: 'skip', name, ...entry.skip });
      return;
    }
    const data = Buffer.concat(entry.chunks);
    entry.chunks = [];
    ready.push(
      isZipBytes(data)
        ? { kind: 'skip', name, code: 'NESTED_ZIP', message: skipReason('NESTED_ZIP') }
        : { kind: 'file', name, data },
    );
  };
  const refuse = (entry: EntryState, code: SkipCode) => {
    entry.skip ??= { code, message: skipReason(code) };
    entry.chunks = [];
  };

  /** Inflates an entry's deflate data until the entry is refused; after that, its data is only passed over. */
  class GuardedInflate implements UnzipDecoder {
    static compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly entry = current!;
    private readonly inflate = new Inflate((data, final) => this.ondata(null, data, final));

    push(chunk: Uint8Array, final: boolean): void {
      if (this.entry.skip || this.entry.done) {
        if (final) this.ondata(null, new Uint8Array(0), true);
        return;
      }
      this.entry.compressed += chunk.length;
      try {
        this.inflate.push(chunk, final);
      } catch (err) {
        this.ondata(err as FlateError, null as unknown as Uint8Array<ArrayBuffer>, final);
      }
    }
  }

  const unzip = new Unzip((file: UnzipFile) => {
    if (current && !current.done) finish(current); // an entry whose data never came
    entries++;
    const entry: EntryState = { name: file.name, chunks: [], bytes: 0, compressed: 0, done: false };
    current = entry;
    const deflated = file.compression === 8;
    if (entries > MAX_ZIP_ENTRIES) {
      entry.done = true; // passed over, never inflated
      if (!tooMany) {
        tooMany = true;
        const name = `${zipName}/${file.name}`;
        ready.push({ kind: 'skip', name, code: 'TOO_MANY_ENTRIES', message: skipReason('TOO_MANY_ENTRIES') });
      }
    } else if (isIgnoredEntry(file.name))
      entry.done = true; // listed nowhere
    else if (isUnsafePath(file.name)) refuse(entry, 'UNSAFE_PATH');
    else if (/\.zip$/i.test(file.name)) refuse(entry, 'NESTED_ZIP');
    else if (file.compression !== 0 && !deflated) refuse(entry, 'UNREADABLE');
    else if (deflated && file.size !== undefined && (file.originalSize ?? 0) > bombAbove(file.size)) {
      refuse(entry, 'ZIP_BOMB');
    } else if (file.originalSize !== undefined && file.originalSize > MAX_FILE_BYTES) refuse(entry, 'FILE_TOO_LARGE');

    file.ondata = (err, data, final) => {
      if (entry.done) return;
      if (err) refuse(entry, 'UNREADABLE');
      else if (!entry.skip && data && data.length > 0) {
        entry.bytes += data.length;
        if (deflated && entry.bytes > bombAbove(entry.compressed)) refuse(entry, 'ZIP_BOMB');
        else if (entry.bytes > MAX_FILE_BYTES) refuse(entry, 'FILE_TOO_LARGE');
        else entry.chunks.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      }
      if (final) finish(entry);
    };
    // Every entry is started, refused and ignored ones too: a started entry's data goes to its decoder as it
    // arrives, which drops a refused one's (an entry left unstarted would have its data kept until the end).
    file.start();
  });
  unzip.register(UnzipPassThrough);
  unzip.register(GuardedInflate);
  for (const method of OTHER_METHODS) unzip.register(discarding(method));

  const drain = function* () {
    while (ready.length > 0) yield ready.shift()!;
  };
  try {
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length; at += PIECE_BYTES) {
        unzip.push(chunk.subarray(at, at + PIECE_BYTES));
        yield* drain();
      }
    }
    unzip.push(new Uint8Array(0), true);
  } catch {
    // The zip ended early or is not a zip: the entry it was in (if any) is skipped; the rest was never there.
    if (current && !current.done) {
      refuse(current, 'UNREADABLE');
      finish(current);
    }
    if (entries === 0) ready.push({ kind: 'skip', name: zipName, code: 'NOT_A_ZIP', message: skipReason('NOT_A_ZIP') });
  }
  if (current && !current.done) finish(current);
  if (entries === 0 && ready.length === 0) {
    ready.push({ kind: 'skip', name: zipName, code: 'EMPTY_ZIP', message: skipReason('EMPTY_ZIP') });
  }
  yield* drain();
}
