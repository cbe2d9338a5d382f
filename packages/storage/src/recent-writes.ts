/**
 * A read-your-writes cache in front of an object store, for processes where the writer and the readers share
 * memory (embedded mode: the gateway stores an upload and, a millisecond later, the moderation and OCR stages of
 * the same process read it back). Every object written through it stays in memory for a short while, so those
 * reads skip an HTTP round trip to S3 and the server's disk. The store stays the source of truth:
 * - a write is cached only once the store has accepted it, so a failed put never becomes readable;
 * - a delete evicts before it deletes, so a deleted object is never served from memory, and a put still in flight
 *   when its key is deleted (or written again) does not cache its body when it lands;
 * - anything not written through this wrapper (or evicted by size or age) is read from the store.
 * Bodies are copied on the way in and out: a reader that transfers or changes its buffer cannot corrupt the cache.
 * Only for one process: another process's deletes cannot evict this cache (distributed mode does not use it).
 */
import { LRUCache } from 'lru-cache';
import type { ObjectStore } from '@snapnotes/contracts';

export interface RecentWritesOptions {
  /** Upper bound of the cached bytes; the least recently used objects go first. */
  maxBytes: number;
  /** How long an object stays cached after it was written, in ms. */
  ttlMs: number;
}

export interface RecentWritesStats {
  hits: number;
  misses: number;
  objects: number;
  bytes: number;
}

export type WithRecentWrites<T extends ObjectStore> = T & { recentWrites(): RecentWritesStats };

export function withRecentWrites<T extends ObjectStore>(store: T, opts: RecentWritesOptions): WithRecentWrites<T> {
  if (!(Number.isInteger(opts.maxBytes) && opts.maxBytes > 0)) {
    throw new RangeError(`withRecentWrites: maxBytes must be a positive integer, got ${opts.maxBytes}`);
  }
  if (!(Number.isInteger(opts.ttlMs) && opts.ttlMs > 0)) {
    throw new RangeError(`withRecentWrites: ttlMs must be a positive integer, got ${opts.ttlMs}`);
  }
  const cache = new LRUCache<string, Buffer>({
    maxSize: opts.maxBytes,
    // An object larger than the whole budget is simply not cached.
    maxEntrySize: opts.maxBytes,
    sizeCalculation: (body) => Math.max(1, body.length),
    ttl: opts.ttlMs,
    // Free the memory when an object expires, not at the next lookup of its key.
    ttlAutopurge: true,
  });
  let hits = 0;
  let misses = 0;
  /** The latest put of each key still in flight; a delete or a newer put takes its place. */
  const inflight = new Map<string, symbol>();

  const wrapped: ObjectStore & { recentWrites(): RecentWritesStats } = {
    async put(key, body, contentType) {
      const token = Symbol(key);
      inflight.set(key, token);
      cache.delete(key); // an older version must not be served while (or if) the new one fails to store
      try {
        await store.put(key, body, contentType);
        if (inflight.get(key) === token) cache.set(key, Buffer.from(body));
      } finally {
        if (inflight.get(key) === token) inflight.delete(key);
      }
    },
    async get(key) {
      const cached = cache.get(key);
      if (cached) {
        hits++;
        return Buffer.from(cached);
      }
      misses++;
      return store.get(key);
    },
    // Straight from the store: a stream is for a reader that is not a stage of this process (the image route).
    getStream: (key) => store.getStream(key),
    async deleteMany(keys) {
      for (const key of keys) {
        cache.delete(key);
        inflight.delete(key);
      }
      await store.deleteMany(keys);
    },
    list: (prefix) => store.list(prefix),
    ping: () => store.ping(),
    recentWrites: () => ({ hits, misses, objects: cache.size, bytes: cache.calculatedSize }),
  };
  // Keep the store's other methods (ensureBucket, close…) reachable, bound to the store.
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (Object.hasOwn(wrapped, prop)) return wrapped[prop as keyof typeof wrapped];
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  }) as WithRecentWrites<T>;
}
