/**
 * Zips for the import tests and the import bench (issue 25), made with fflate: with their sizes in the local headers
 * (as most tools write them) or streamed (sizes in data descriptors after the data, as phones and `zip -` write
 * them), entries stored or deflated, and the bad ones an import must skip: a zip bomb, a nested zip, a `..` path.
 */
import { Zip, ZipDeflate, ZipPassThrough, zipSync, type Zippable } from 'fflate';

export interface ZipEntrySpec {
  name: string;
  /** The entry's bytes, or its bytes in pieces (a large entry never held whole: a zip bomb). */
  data: Uint8Array | (() => Iterable<Uint8Array>);
  /** Stored rather than deflated. */
  store?: boolean;
}

function pieces(data: ZipEntrySpec['data']): Iterable<Uint8Array> {
  return data instanceof Uint8Array ? [data] : data();
}

/** A zip of `entries`, in order; `streamed`: sizes in data descriptors (the local headers say 0). */
export function makeZip(entries: ZipEntrySpec[], { streamed = false }: { streamed?: boolean } = {}): Buffer {
  if (!streamed) {
    const files: Zippable = {};
    for (const entry of entries) {
      const data = Buffer.concat([...pieces(entry.data)]);
      files[entry.name] = [data, { level: entry.store ? 0 : 6 }];
    }
    return Buffer.from(zipSync(files));
  }
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  for (const entry of entries) {
    const file = entry.store ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    const parts = [...pieces(entry.data)];
    if (parts.length === 0) file.push(new Uint8Array(0), true);
    parts.forEach((part, i) => file.push(part, i === parts.length - 1));
  }
  zip.end();
  return Buffer.concat(out);
}

/** `megabytes` MB of zeros in 1 MB pieces: deflated, about a thousandth of that (a zip bomb's entry). */
export function zeros(megabytes: number): () => Iterable<Uint8Array> {
  return function* () {
    const mb = new Uint8Array(1024 * 1024);
    for (let i = 0; i < megabytes; i++) yield mb;
  };
}
