/**
 * The S3 object store (ObjectStore port) over @aws-sdk/client-s3. The same code talks to AWS S3, MinIO
 * (distributed mode) and s3rver (embedded mode and tests); the last two need path-style addressing.
 */
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { Logger, ObjectStore } from '@snapnotes/contracts';

export interface S3StoreOptions {
  /** e.g. http://127.0.0.1:4569 for s3rver or http://minio:9000; omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Omit both to use the SDK's default credential chain (AWS). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  logger: Logger;
}

/** One object of a listing: its key and when the store last wrote it (undefined if the store did not say). */
export interface ListedObject {
  key: string;
  lastModified: Date | undefined;
}

export interface ListPage {
  /** In key order. */
  objects: ListedObject[];
  /** Pass as `after` for the next page; undefined when this page was the last. */
  next: string | undefined;
}

export interface S3Store extends ObjectStore {
  /**
   * One page of the keys under `prefix` that sort after `after` (exclusive), at most `maxKeys` (1–1000), with their
   * ages. The sweeper walks the bucket with it a few pages at a time.
   */
  listPage(prefix: string, opts?: { after?: string; maxKeys?: number }): Promise<ListPage>;
  /** Creates the bucket when it does not exist (MinIO and s3rver start empty). */
  ensureBucket(): Promise<void>;
  /** Releases the HTTP connections. */
  close(): void;
}

/**
 * Connections the client keeps to the store (the SDK's default is 50). A streamed read (`getStream`) holds one until
 * its reader has taken the last byte, so the gateway's image route caps its own streams below this (routes/images.ts)
 * and uploads and stages always find one free.
 */
export const S3_MAX_SOCKETS = 256;

/** S3 DeleteObjects accepts at most 1000 keys per request. */
export const DELETE_BATCH_SIZE = 1000;
const MAX_KEY_BYTES = 1024;

/** The object does not exist. `name` is 'NoSuchKey', as S3 and the in-memory test store report it. */
export class ObjectNotFoundError extends Error {
  readonly key: string;
  constructor(key: string, options?: { cause?: unknown }) {
    super(`Object not found: ${key}`, options);
    this.name = 'NoSuchKey';
    this.key = key;
  }
}

function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new Error('Object key must be a non-empty string');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new Error(`Object key is longer than ${MAX_KEY_BYTES} bytes`);
}

function httpStatus(err: unknown): number | undefined {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode;
  return (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string } | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchBucket' || httpStatus(err) === 404;
}

export function createS3Store(opts: S3StoreOptions): S3Store {
  if (!opts.bucket) throw new Error('S3 bucket name is required');
  if (!opts.region) throw new Error('S3 region is required');
  if (Boolean(opts.accessKeyId) !== Boolean(opts.secretAccessKey)) {
    throw new Error('S3 credentials need both an access key id and a secret access key, or neither');
  }
  const { bucket } = opts;
  const logger = opts.logger.child({ component: 'storage', bucket });
  const client = new S3Client({
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them (DeleteObjects): s3rver and older MinIO do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { httpAgent: { maxSockets: S3_MAX_SOCKETS }, httpsAgent: { maxSockets: S3_MAX_SOCKETS } },
  });

  // ListObjects (v1) paged by Marker = last key. Not v2: s3rver builds v2 continuation tokens with DES, which
  // OpenSSL 3 (Node 18+) no longer offers, so any listing past 1000 keys fails with InternalError. AWS S3 and MinIO
  // page v1 the same way.
  async function listPage(prefix: string, after: string | undefined, maxKeys: number): Promise<ListPage> {
    if (!Number.isInteger(maxKeys) || maxKeys < 1 || maxKeys > 1000) {
      throw new RangeError(`maxKeys must be an integer from 1 to 1000 (got ${maxKeys})`);
    }
    const page = await client.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: after, MaxKeys: maxKeys }),
    );
    const objects: ListedObject[] = [];
    for (const obj of page.Contents ?? []) {
      if (obj.Key) objects.push({ key: obj.Key, lastModified: obj.LastModified });
    }
    const last = page.NextMarker ?? objects.at(-1)?.key;
    return { objects, next: page.IsTruncated && last && last !== after ? last : undefined };
  }

  return {
    async put(key, body, contentType) {
      checkKey(key);
      if (!Buffer.isBuffer(body)) throw new Error('Object body must be a Buffer');
      if (!contentType) throw new Error('Object content type is required');
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },

    async get(key) {
      checkKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!res.Body) throw new Error(`S3 returned no body for ${key}`);
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) throw new ObjectNotFoundError(key, { cause: err });
        throw err;
      }
    },

    async getStream(key) {
      checkKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(res.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
        return { body: res.Body, contentLength: res.ContentLength };
      } catch (err) {
        if (isNotFound(err)) throw new ObjectNotFoundError(key, { cause: err });
        throw err;
      }
    },

    async deleteMany(keys) {
      const unique = [...new Set(keys)];
      unique.forEach(checkKey);
      for (let i = 0; i < unique.length; i += DELETE_BATCH_SIZE) {
        const batch = unique.slice(i, i + DELETE_BATCH_SIZE);
        const res = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        // Missing keys are not an error (S3 reports them as deleted anyway); anything else is.
        const errors = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (errors.length > 0) {
          const first = errors[0];
          throw new Error(
            `Could not delete ${errors.length} of ${batch.length} objects (first: ${first?.Key}: ${first?.Code} ${first?.Message ?? ''})`.trim(),
          );
        }
      }
      if (unique.length > 0) logger.debug({ count: unique.length }, 'objects deleted');
    },

    async list(prefix) {
      const keys: string[] = [];
      let after: string | undefined;
      do {
        const page = await listPage(prefix, after, 1000);
        for (const obj of page.objects) keys.push(obj.key);
        after = page.next;
      } while (after);
      return keys;
    },

    listPage: (prefix, pageOpts = {}) => listPage(prefix, pageOpts.after, pageOpts.maxKeys ?? 1000),

    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        logger.info('bucket created');
      } catch (err) {
        // Another process created it between our check and our create.
        const name = (err as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
      }
    },

    close() {
      client.destroy();
    },
  };
}
export * from './recent-writes.js';
