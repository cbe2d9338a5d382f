/** S3Store.listPage against s3rver: keys in order with their ages, a page at a time, `after` exclusive. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@snapnotes/contracts';
import { getS3, type TestS3 } from '@snapnotes/testing/services';
import { createS3Store, type S3Store } from '@snapnotes/storage';

const logger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => logger };

let s3: TestS3;
let store: S3Store;

beforeAll(async () => {
  s3 = await getS3();
  store = createS3Store({ ...s3, logger });
});
afterAll(async () => {
  store?.close();
  await s3?.close();
});

describe('listPage', () => {
  it('walks the keys under a prefix a page at a time, each with when it was written', async () => {
    const start = Date.now();
    const keys = Array.from({ length: 23 }, (_, i) => `users/7/uploads/u/${String(i).padStart(2, '0')}.png`);
    await Promise.all([...keys, 'other/0.png'].map((k) => store.put(k, Buffer.from(k), 'image/png')));

    const pages: string[][] = [];
    let after: string | undefined;
    do {
      const page = await store.listPage('users/', { after, maxKeys: 10 });
      pages.push(page.objects.map((o) => o.key));
      for (const o of page.objects) {
        expect(o.lastModified).toBeInstanceOf(Date);
        // s3rver keeps whole seconds
        expect(o.lastModified!.getTime()).toBeGreaterThanOrEqual(start - 2000);
        expect(o.lastModified!.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
      }
      after = page.next;
    } while (after);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat()).toEqual(keys);

    // `after` is exclusive and need not be a stored key; the default page is up to 1000 keys.
    expect((await store.listPage('users/', { after: keys[20] })).objects.map((o) => o.key)).toEqual(keys.slice(21));
    expect((await store.listPage('users/7/uploads/u/05')).objects.map((o) => o.key)).toEqual([keys[5]]);
    expect(await store.listPage('nothing/')).toEqual({ objects: [], next: undefined });
    await expect(store.listPage('users/', { maxKeys: 0 })).rejects.toThrow(RangeError);
    await expect(store.listPage('users/', { maxKeys: 1001 })).rejects.toThrow(RangeError);
  });
});
