/**
 * The streamed zip reader of bulk imports (imports/zip.ts): zips with sizes in their headers and streamed ones
 * (data descriptors), good images kept byte for byte, and each kind of bad entry skipped with its reason, never
 * inflated past the point where it was refused.
 */
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@snapnotes/contracts';
import { makeZip, zeros } from '@snapnotes/testing/zips';
import { isIgnoredEntry, isUnsafePath, readZip, type ZipEntry } from '../src/imports/zip.js';

const png = (n: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(n, 7)]);

/** The zip's bytes as a request would bring them: in chunks of `size`. */
async function* chunked(data: Buffer, size = 64 * 1024) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function read(zip: Buffer, chunk?: number): Promise<ZipEntry[]> {
  const out: ZipEntry[] = [];
  for await (const entry of readZip(chunked(zip, chunk), 'shots.zip')) out.push(entry);
  return out;
}

const summary = (entries: ZipEntry[]) =>
  entries.map((e) => (e.kind === 'file' ? [e.name, 'file', e.data.length] : [e.name, 'skip', e.code]));

describe.each([
  ['sizes in the headers', false],
  ['streamed (data descriptors)', true],
])('readZip, %s', (_name, streamed) => {
  it('keeps the images byte for byte and skips every bad entry with its reason', async () => {
    const inner = makeZip([{ name: 'a.png', data: png(10) }]);
    const zip = makeZip(
      [
        { name: 'folder/one.png', data: png(5000) },
        { name: 'two.png', data: png(300_000), store: true },
        { name: '../escape.png', data: png(10) },
        { name: '/etc/abs.png', data: png(10) },
        { name: 'inner.zip', data: inner },
        { name: 'renamed.png', data: inner },
        { name: 'bomb.png', data: zeros(16) },
        { name: '__MACOSX/._one.png', data: png(10) },
        { name: '.DS_Store', data: png(10) },
        { name: 'notes.txt', data: Buffer.from('hello') },
        { name: 'big.png', data: png(MAX_FILE_BYTES + 10), store: true },
        { name: 'last.png', data: png(20) },
      ],
      { streamed },
    );
    const entries = await read(zip, 7000);
    expect(summary(entries)).toEqual([
      ['shots.zip/folder/one.png', 'file', 5008],
      ['shots.zip/two.png', 'file', 300_008],
      ['shots.zip/../escape.png', 'skip', 'UNSAFE_PATH'],
      ['shots.zip//etc/abs.png', 'skip', 'UNSAFE_PATH'],
      ['shots.zip/inner.zip', 'skip', 'NESTED_ZIP'],
      ['shots.zip/renamed.png', 'skip', 'NESTED_ZIP'],
      ['shots.zip/bomb.png', 'skip', 'ZIP_BOMB'],
      ['shots.zip/notes.txt', 'file', 5], // the caller sniffs the type
      ['shots.zip/big.png', 'skip', 'FILE_TOO_LARGE'],
      ['shots.zip/last.png', 'file', 28],
    ]);
    const first = entries[0]!;
    expect(first.kind === 'file' && first.data.equals(png(5000))).toBe(true);
    for (const e of entries) if (e.kind === 'skip') expect(e.message).toMatch(/^Skipped: /);
  });
});

describe('readZip, broken input', () => {
  it('a cut-off zip keeps what came whole and skips the entry it was in', async () => {
    const zip = makeZip([
      { name: 'one.png', data: png(1000), store: true },
      { name: 'two.png', data: png(200_000), store: true },
    ]);
    expect(summary(await read(zip.subarray(0, 100_000)))).toEqual([
      ['shots.zip/one.png', 'file', 1008],
      ['shots.zip/two.png', 'skip', 'UNREADABLE'],
    ]);
  });

  it('bytes that are not a zip are one skip', async () => {
    expect(summary(await read(Buffer.from('this is not a zip at all, only text')))).toEqual([
      ['shots.zip', 'skip', 'EMPTY_ZIP'],
    ]);
  });
});

describe('entry names', () => {
  it('tells unsafe and ignored paths', () => {
    expect(['../a.png', 'a/../../b.png', '/a.png', '\\a.png', 'C:/a.png', 'a\\..\\b.png'].every(isUnsafePath)).toBe(
      true,
    );
    expect(['a.png', 'dir/a..b.png', '..a.png', 'a/b/c.png'].some(isUnsafePath)).toBe(false);
    expect(['dir/', '__MACOSX/x.png', 'a/._b.png', 'a/.DS_Store', 'Thumbs.db'].every(isIgnoredEntry)).toBe(true);
    expect(isIgnoredEntry('a/b.png')).toBe(false);
  });
});
