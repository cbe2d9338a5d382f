// The stack's S3 object store: s3rver (the S3 server the embedded start and the tests use, DESIGN §5) listening on
// 0.0.0.0:9000, objects on disk in /data. MinIO is not in Debian or on npm, and no registry is reachable.
// It takes the stack's own credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY from .env) instead of s3rver's fixed
// S3RVER/S3RVER, which it revokes, and creates S3_BUCKET (comma-separated for several) at start, idempotently.
// s3rver itself checks only the access key id of a request (its SigV4 check is unimplemented) and serves unsigned
// requests too; so every request must carry a valid SigV4 Authorization header signed with the secret, checked here
// before s3rver sees it (presigned URLs are refused: SnapNotes serves images through the gateway).
// One process, no replication: for production data use AWS S3 or another S3 service (docs/DEPLOY.md).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import S3rver from 's3rver';

const require = createRequire(import.meta.url);
const AWSAccount = require('s3rver/lib/models/account');

const env = process.env;
const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
const log = (level, msg, extra = {}) =>
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), service: 's3', msg, ...extra })}\n`);

if (accessKeyId.length < 3 || secretAccessKey.length < 8) {
  log('fatal', 'S3_ACCESS_KEY_ID (3+ characters) and S3_SECRET_ACCESS_KEY (8+ characters) are required');
  process.exit(1);
}
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

const buckets = (env.S3_BUCKET || 'snapnotes')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const server = new S3rver({
  address: '0.0.0.0',
  port: Number(env.S3_PORT || 9000),
  directory: env.S3_DATA_DIR || '/data',
  silent: true,
  // Path-style only (S3_FORCE_PATH_STYLE=true): with virtual-host buckets on, s3rver would take the host name the
  // containers use (`s3`) for a bucket name and answer 404 to everything.
  vhostBuckets: false,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
// --- SigV4 (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html) -------------
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const MAX_SKEW_MS = 15 * 60_000;
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();
// RFC 3986: what the AWS SDK sends in a canonical query string.
const rfc3986 = (s) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const decode = (s) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Why the request is refused, or null when its signature is valid. */
function sigV4Problem(req) {
  const m = AUTH.exec(req.headers.authorization ?? '');
  if (!m) return 'a SigV4 Authorization header is required';
  const [, keyId, day, region, signedHeaders, signature] = m;
  if (keyId !== accessKeyId) return 'unknown access key id';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!d || !amzDate.startsWith(day)) return 'bad x-amz-date';
  const at = Date.UTC(+d[1], +d[2] - 1, +d[3], +d[4], +d[5], +d[6]);
  if (Math.abs(Date.now() - at) > MAX_SKEW_MS) return 'request time too far from the server time';
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = (q < 0 ? '' : url.slice(q + 1))
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const i = part.indexOf('=');
      return [rfc3986(decode(i < 0 ? part : part.slice(0, i))), rfc3986(decode(i < 0 ? '' : part.slice(i + 1)))];
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'the host header must be signed';
  const headers = names
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  // S3 signs the path as sent (encoded once, not normalised).
  const canonical = [req.method, path, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(key, toSign).toString('hex'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature does not match';
}

// First in s3rver's Koa middleware chain (composed when it starts listening).
server.middleware.unshift(async (ctx, next) => {
  const problem = sigV4Problem(ctx.req);
  if (!problem) {
    // Newer AWS SDKs address a bucket as `/<bucket>/` (HeadBucket, ListObjects): s3rver's router knows `/<bucket>`
    // only and would answer 404. Rewritten after the signature check, which covers the path as sent.
    if (/^\/[^/]+\/$/.test(ctx.path)) ctx.path = ctx.path.slice(0, -1);
    return next();
  }
  ctx.status = 403;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>AccessDenied</Code><Message>${problem}</Message></Error>`;
  return undefined;
});

const { port } = await server.run();
log('info', 's3 ready', { port, buckets });

// PID 1 gets docker's SIGTERM: close the listener and exit (requests in flight finish first).
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    log('info', 'stopping', { signal });
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
