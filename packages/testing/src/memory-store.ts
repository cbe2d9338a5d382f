import { Readable } from 'node:stream';
import type { ObjectStore } from '@snapnotes/contracts';

/**
 * An in-memory ObjectStore for unit tests of stage handlers (the store is a process boundary;
 * integration tests use the real S3 store against s3rver or MinIO instead).
 */
export function createMemoryStore(
  initial: Record<string, Buffer> = {},
): ObjectStore & { objects: Map<string, Buffer> } {
  const objects = new Map<string, Buffer>(Object.entries(initial));
  return {
    objects,
    async put(key, body) {
      objects.set(key, Buffer.from(body));
    },
    async get(key) {
      const value = objects.get(key);
      if (!value) throw Object.assign(new Error(`NoSuchKey: ${key}`), { name: 'NoSuchKey' });
      return value;
    },
    async getStream(key) {
      const value = objects.get(key);
      if (!value) throw Object.assign(new Error(`NoSuchKey: ${key}`), { name: 'NoSuchKey' });
      return { body: Readable.from([value]), contentLength: value.length };
    },
    async deleteMany(keys) {
      for (const k of keys) objects.delete(k);
    },
    async list(prefix) {
      return [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
    },
    async ping() {},
  };
}
