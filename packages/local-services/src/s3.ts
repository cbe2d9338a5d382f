/**
 * s3rver: an S3-compatible server in-process (DESIGN §5), used through the same @aws-sdk/client-s3 code as MinIO or AWS.
 * Its credentials are fixed: S3RVER / S3RVER.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { assertPortFree } from './ports.js';

export interface LocalS3 {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startLocalS3(opts: { dir: string; port: number; buckets: string[] }): Promise<LocalS3> {
  mkdirSync(opts.dir, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.dir,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [] })),
  });
  await assertPortFree(opts.port, 'the local S3 server (EMBEDDED_S3_PORT)');
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: () => server.close(),
  };
}
