/**
 * Every environment variable the project reads, parsed once with zod. Nothing else reads process.env
 * (an ESLint rule enforces it). Each process calls loadConfig() once at start and passes slices down.
 * Documented in .env.example; keep both in step.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError } from './errors.js';
import { assertUsageKeySecret, authEmulatorHost } from './startup-rules.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));
const csv = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
/** A tesseract language code, as the job payload accepts it (packages/contracts/src/jobs.ts). */
const LANGUAGE_CODE = /^[a-z_]{3,10}$/;
/** Tesseract codes joined by + or , (eng+fra or eng,fra); blank means the default; duplicates are dropped. */
const languageList = (def: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? def : v))
    .transform((v) => [
      ...new Set(
        v
          .split(/[+,]/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .regex(LANGUAGE_CODE, { error: (i) => `"${String(i.input)}" is not a tesseract language code (e.g. eng)` }),
        )
        .min(1, 'name at least one language'),
    );
/**
 * At most this many languages are read for one upload, a user's choice or the defaults (MAX_OCR_LANGUAGES in
 * packages/contracts, which this package does not depend on; services/gateway/test checks they agree).
 */
const MAX_DEFAULT_LANGUAGES = 3;
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(def);

/** proxy-addr's names for address ranges, which Fastify's trustProxy also accepts. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/** An IP address, or one with a prefix length (CIDR) that is not the whole address space. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}
function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
/**
 * TRUST_PROXY: unset = false (trust nothing), else a list of addresses and ranges. No hop count: Fastify 5 trusts
 * nothing for one (it cannot tell the proxy from a client that wrote enough hops), and `true` trusts everyone.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | string[] => {
    const value = v?.trim() ?? '';
    if (value === '') return false;
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          `"${bad.join(', ') || value}" is not a proxy address: name the proxy's IP addresses or CIDR ranges, ` +
          'comma-separated (10.0.0.5, 172.18.0.0/16). Trusting every sender (true, 0.0.0.0/0) would let any client ' +
          'choose its own X-Forwarded-For, and a hop count cannot tell the proxy from such a client.',
      });
      return z.NEVER;
    }
    return entries;
  });

export const envSchema = z.object({
  /** Blank means unset: development for `pnpm start`; the container images and compose default to production. */
  NODE_ENV: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  /**
   * Bearer token for the operations endpoints (/metrics on every service, /docs on the gateway). Without it they are
   * open in development and not served in production.
   */
  OPS_TOKEN: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which role(s) this process runs: 'gateway', a stage name, or 'all' (embedded). */
  SERVICE_ROLE: z.enum(['all', 'gateway', 'moderation', 'ocr', 'summarise', 'notes']).default('all'),

  HOST: z.string().default('127.0.0.1'),
  PORT: int(8080, 0, 65535),
  /**
   * Public origin of the web app (Stripe return URLs, the /docs server, the default Firebase authDomain, the CSP).
   * Defaults to http://HOST:PORT; required with NODE_ENV=production for the gateway (and the embedded start).
   */
  PUBLIC_URL: optionalString,
  /**
   * The reverse proxy in front of the gateway, whose X-Forwarded-For/-Proto/-Host the gateway believes (Fastify's
   * trustProxy): its addresses or CIDR ranges as the gateway sees them, comma-separated (10.0.0.5, 172.18.0.0/16, ::1;
   * or proxy-addr's loopback, linklocal, uniquelocal). Unset: nothing is trusted; the client address is the TCP peer's.
   */
  TRUST_PROXY: trustProxy,
  /** Folder with the built web app (web/dist); the gateway serves it when present. */
  WEB_DIST_DIR: optionalString,
  /**
   * Port of a worker process's /healthz, /readyz and /metrics. Unset: each stage has its own default
   * (DEFAULT_WORKER_HTTP_PORTS, so four workers started on one machine do not collide); compose sets 9100 in every
   * container.
   */
  WORKER_HTTP_PORT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).optional(),
  ),

  DATABASE_URL: optionalString,
  DATABASE_POOL_MAX: int(10, 1, 200),
  /** Database timeouts in ms (0 = none): waiting for a pool connection, one statement (not migrations), idle in a transaction. */
  DATABASE_CONNECTION_TIMEOUT_MS: int(5_000, 0),
  DATABASE_STATEMENT_TIMEOUT_MS: int(30_000, 0),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(30_000, 0),
  /** docker compose only: password of the postgres container (compose builds DATABASE_URL from it). */
  POSTGRES_PASSWORD: optionalString,
  REDIS_URL: optionalString,
  /** Prefix for every BullMQ key, so several deployments or tests share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('snapnotes'),

  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().default('snapnotes'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(true),

  /** Firebase: a project id plus either the emulator host or service-account credentials. */
  FIREBASE_PROJECT_ID: optionalString,
  /**
   * The Firebase Auth emulator, which accepts unsigned tokens: used only with AUTH_EMULATOR=1, a loopback
   * FIREBASE_AUTH_EMULATOR_HOST (or compose's `firebase-auth` service in development) and NODE_ENV not production.
   * Without the opt-in the host is ignored (and the gateway removes it from process.env, which firebase-admin reads).
   */
  AUTH_EMULATOR: bool.default(false),
  /**
   * With AUTH_EMULATOR=1, NODE_ENV=development and FIREBASE_AUTH_EMULATOR_HOST=firebase-auth: the gateway is a compose
   * container published on the host's 127.0.0.1 only (deploy/compose/emulator.yml), so it may listen on 0.0.0.0
   * inside its container. Ignored everywhere else.
   */
  AUTH_EMULATOR_CONTAINER: bool.default(false),
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  /** Service-account JSON (inline); or set GOOGLE_APPLICATION_CREDENTIALS to a file path. */
  FIREBASE_SERVICE_ACCOUNT_JSON: optionalString,
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  /** Web SDK settings served to the browser at /api/public-config. */
  FIREBASE_WEB_API_KEY: optionalString,
  FIREBASE_AUTH_DOMAIN: optionalString,
  FIREBASE_APP_ID: optionalString,

  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_PREMIUM_MODEL: optionalString,
  OPENAI_VISION_MODEL: optionalString,
  /** auto: use /v1/moderations when OpenAI is configured and fall back to local checks if it is missing. */
  OPENAI_MODERATION: z.enum(['auto', 'on', 'off']).default('auto'),
  OPENAI_TIMEOUT_MS: int(60_000, 1000),

  /**
   * The languages the OCR engine offers (tesseract codes, joined by + or ,): users choose among them in Settings,
   * GET /api/ocr-languages lists them, and the OCR workers load their data. Gateway and OCR workers must agree.
   */
  OCR_LANGUAGES: languageList('eng,fra,deu,spa,ita,por,nld'),
  /** The languages read for a user who has not chosen any (1 to 3, each one of OCR_LANGUAGES). */
  OCR_DEFAULT_LANGUAGES: languageList('eng'),
  /** Folder of *.traineddata files (e.g. Debian's /usr/share/tesseract-ocr/5/tessdata); default: npm packages. */
  TESSDATA_DIR: optionalString,
  OCR_POOL_SIZE: int(2, 1, 16),
  /**
   * The OCR engines: auto (default; tesseract.js with the layout analysis reads every page, PaddleOCR PP-OCRv4 the
   * English pages tesseract reads with low confidence: docs/OCR.md) or tesseract (tesseract alone, about 0.7 GB
   * less memory per OCR worker, worse on scanned and photographed documents).
   */
  OCR_ENGINE: z.enum(['auto', 'tesseract']).default('auto'),
  /**
   * A quiet server's memory (docs/PERFORMANCE.md, "Memory"): the OCR engines (tesseract workers, analysis threads,
   * PP-OCRv4) and the image classifier start with the first job, and end after this long without one; the next job
   * starts them again (its first image takes about a second longer). 0 = keep them once started.
   */
  IDLE_RELEASE_MS: int(120_000, 0),

  MODERATION_NSFW_THRESHOLD: z.coerce.number().min(0).max(1).default(0.7),
  MODERATION_IMAGE_CLASSIFIER: bool.default(true),

  MODERATION_CONCURRENCY: int(2, 1, 64),
  OCR_CONCURRENCY: int(2, 1, 64),
  SUMMARISE_CONCURRENCY: int(4, 1, 64),
  NOTES_CONCURRENCY: int(8, 1, 64),
  /** How long the gateway holds POST /api/process-screenshots open. */
  PROCESSING_TIMEOUT_MS: int(180_000, 1000),
  /**
   * How often the sweeper (notes workers; the embedded start) fails uploads stuck in `processing` and deletes objects
   * no upload owns any more (DECISIONS "Sweeper"); the first sweep runs a few seconds after start. 0 = never.
   */
  SWEEP_INTERVAL_MS: int(60_000, 0),
  /**
   * BullMQ job lock: a worker that dies mid-job (kill -9, lost container) gives its job back once the lock expires,
   * checked every QUEUE_STALLED_INTERVAL_MS, so another worker takes it within about their sum (10 s). Live
   * workers renew the lock every quarter to half of this period (docs/DEPLOY.md, measured figures).
   */
  QUEUE_LOCK_DURATION_MS: int(8_000, 1000),
  QUEUE_STALLED_INTERVAL_MS: int(2_000, 500),
  /**
   * How long an upload waits for an unreachable Redis (arriving, or in flight) before it is answered 503 with
   * Retry-After (DECISIONS "Redis faults"). 6 s, so that noticing a frozen Redis (a heartbeat PING every 0.5 s), the
   * 250 ms watch and an upload that arrives as the freeze begins (measured: up to 2 s over the wait) still answer
   * inside the 10 s the product promises.
   */
  QUEUE_UNAVAILABLE_WAIT_MS: int(6_000, 0),

  FREE_UPLOADS_PER_MONTH: int(5, 0),
  /**
   * Key of the HMAC that turns a Firebase uid into the usage key the allowance is counted by across deleted and
   * re-created accounts (DECISIONS "Account deletion"). Required with NODE_ENV=production by the gateway and the
   * embedded start (32+ characters: startup-rules.ts); elsewhere, unset, a built-in development key is used (the usage
   * table then holds a plain, unkeyed-equivalent hash of the uid).
   */
  USAGE_KEY_SECRET: optionalString,
  /** Upload rate limit for every user: at most this many images in any window of RATE_LIMIT_WINDOW_SECONDS. */
  RATE_LIMIT_IMAGES: int(10, 1),
  RATE_LIMIT_WINDOW_SECONDS: int(300, 1),
  /**
   * Upload admission (services/gateway/src/uploads): uploads one user may have in progress at once (more: 429), received
   * uploads one gateway checks and stores at once (more wait their turn), how long a body may send nothing before it
   * is given up (408), the gateway's RSS in MB above which it takes no upload (503; 0 = no check), and the folder for
   * the parts being received (default: the OS temp folder).
   */
  UPLOAD_CONCURRENCY_PER_USER: int(2, 1, 16),
  UPLOAD_CONCURRENCY: int(8, 1, 1000),
  UPLOAD_BODY_IDLE_MS: int(10_000, 1000),
  UPLOAD_MAX_RSS_MB: int(0, 0),
  UPLOAD_TMP_DIR: optionalString,
  /**
   * Bulk import (POST /api/imports, services/gateway/src/imports): imports one process works on at once (more wait,
   * Premium first), images of one import in flight at once, and how long an image may go without its worker's
   * heartbeat before another worker takes it over (a worker that died mid-image: restart, lost container), and how
   * long an import's body may take to arrive (1,000 screenshots on a slow line; a body that sends nothing for
   * UPLOAD_BODY_IDLE_MS is given up long before).
   */
  IMPORT_CONCURRENCY: int(2, 1, 64),
  IMPORT_IMAGE_CONCURRENCY: int(2, 1, 16),
  IMPORT_LEASE_MS: int(60_000, 1000),
  IMPORT_BODY_TIMEOUT_MS: int(3_600_000, 1000),
  /**
   * Duplicates (services/gateway/src/duplicates): an upload or imported image already in the user's notes (the same
   * bytes, or nearly) makes no new note and uses no upload. On by default; tests of other behaviour that send the
   * same fixture again and again turn it off (packages/testing productTestEnv).
   */
  DUPLICATE_CHECK: bool.default(true),
  /**
   * Original images (GET /api/notes/{id}/images/{n}, streamed from the store): streams one user may have open at once
   * (more: 429), and how long a stream may make no progress (a client that stopped reading) before it is cut off.
   */
  IMAGE_READS_PER_USER: int(4, 1, 1000),
  IMAGE_SEND_IDLE_MS: int(15_000, 1000),
  FEEDBACK_FORM_URL: optionalString,
  ADMIN_EMAILS: csv,
  GA_MEASUREMENT_ID: optionalString,

  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_ANNUAL: optionalString,
  /** For tests against a local Stripe stand-in: http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalString,

  /** Embedded start: where Postgres and S3 data live. */
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: int(54329, 1, 65535),
  EMBEDDED_S3_PORT: int(4569, 1, 65535),
  EMBEDDED_AUTH_PORT: int(9099, 1, 65535),
  /** The Auth emulator's hub and logging ports (firebase-tools' own defaults): change them to run a second copy. */
  EMBEDDED_AUTH_HUB_PORT: int(4400, 1, 65535),
  EMBEDDED_AUTH_LOGGING_PORT: int(4500, 1, 65535),
});

export type Env = z.infer<typeof envSchema>;

export { ConfigError };

export interface Config extends Env {
  firebaseMode: 'emulator' | 'service-account' | 'application-default' | 'none';
  /** Where the browser reaches the Auth emulator (emulator mode only). */
  authEmulatorBrowserUrl: string | null;
  /** Settings that were ignored, for the process to log at start. */
  warnings: string[];
  openaiEnabled: boolean;
  stripeEnabled: boolean;
  publicUrl: string;
}

/** Parses and checks the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const warnings: string[] = [];
  const emulatorHost = authEmulatorHost(e);
  if (!emulatorHost && e.FIREBASE_AUTH_EMULATOR_HOST) {
    warnings.push(
      `FIREBASE_AUTH_EMULATOR_HOST=${e.FIREBASE_AUTH_EMULATOR_HOST} is ignored: the Auth emulator is used only with AUTH_EMULATOR=1.`,
    );
  }
  const firebaseMode: Config['firebaseMode'] = emulatorHost
    ? 'emulator'
    : e.FIREBASE_SERVICE_ACCOUNT_JSON
      ? 'service-account'
      : e.GOOGLE_APPLICATION_CREDENTIALS && e.FIREBASE_PROJECT_ID
        ? 'application-default'
        : 'none';
  const unknownDefaults = e.OCR_DEFAULT_LANGUAGES.filter((lang) => !e.OCR_LANGUAGES.includes(lang));
  if (unknownDefaults.length > 0) {
    throw new ConfigError(
      `OCR_DEFAULT_LANGUAGES names ${unknownDefaults.join(', ')}, which OCR_LANGUAGES does not offer ` +
        `(${e.OCR_LANGUAGES.join(', ')}): add it to OCR_LANGUAGES or remove it from OCR_DEFAULT_LANGUAGES.`,
    );
  }
  if (e.OCR_DEFAULT_LANGUAGES.length > MAX_DEFAULT_LANGUAGES) {
    throw new ConfigError(
      `OCR_DEFAULT_LANGUAGES names ${e.OCR_DEFAULT_LANGUAGES.length} languages; at most ${MAX_DEFAULT_LANGUAGES} are read for one upload.`,
    );
  }
  const stripeParts = [e.STRIPE_SECRET_KEY, e.STRIPE_PRICE_MONTHLY, e.STRIPE_PRICE_ANNUAL];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    const why =
      'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: renewals, cancellations and failed payments would ' +
      'never reach SnapNotes (paying users would lose Premium when their first period ends).';
    if (e.NODE_ENV === 'production') {
      throw new ConfigError(
        `${why} Add a webhook endpoint https://<your domain>/api/stripe/webhook in the Stripe dashboard and set ` +
          'STRIPE_WEBHOOK_SECRET to its signing secret (docs/DEPLOY.md, "Payments: Stripe").',
      );
    }
    warnings.push(`${why} Allowed outside production; subscriptions are re-read from Stripe when a period has ended.`);
  }
  if (e.PUBLIC_URL && !isHttpUrl(e.PUBLIC_URL)) {
    throw new ConfigError(`PUBLIC_URL=${e.PUBLIC_URL} is not an http(s) URL (e.g. https://snapnotes.example.com).`);
  }
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL && (e.SERVICE_ROLE === 'gateway' || e.SERVICE_ROLE === 'all')) {
    throw new ConfigError(
      'PUBLIC_URL is required with NODE_ENV=production: set it to the origin users open the app at ' +
        '(e.g. https://snapnotes.example.com). Without it Stripe return URLs, the Firebase authDomain and the ' +
        'Content-Security-Policy would be built from http://HOST:PORT or from request headers.',
    );
  }
  assertUsageKeySecret(e);
  return {
    ...e,
    // Never handed on unless the emulator is really in use.
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    firebaseMode,
    authEmulatorBrowserUrl: emulatorHost
      ? `http://${emulatorHost.replace(/^firebase-auth(?=:|$)/, '127.0.0.1')}`
      : null,
    warnings,
    openaiEnabled: Boolean(e.OPENAI_API_KEY || e.OPENAI_BASE_URL),
    stripeEnabled: stripeParts.every(Boolean),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
  };
}

/** The process environment with some values replaced (the embedded start fills in the servers it started). */
export function loadConfigWith(overrides: Record<string, string>): Config {
  return loadConfig({ ...process.env, ...overrides });
}

/**
 * The port a stage worker's health listener uses when WORKER_HTTP_PORT is not set: one per stage, clear of the
 * gateway's 8080, the Auth emulator's 9099 and its hub and logging ports (4400, 4500).
 */
export const DEFAULT_WORKER_HTTP_PORTS = { moderation: 9101, ocr: 9102, summarise: 9103, notes: 9104 } as const;

export function workerHttpPort(config: Pick<Config, 'WORKER_HTTP_PORT'>, role: keyof typeof DEFAULT_WORKER_HTTP_PORTS) {
  return config.WORKER_HTTP_PORT ?? DEFAULT_WORKER_HTTP_PORTS[role];
}

export { dotEnvFiles, loadDotEnv, loadDotEnvFiles } from './dotenv.js';

/** Reads one raw variable for the few tools that must (test runners deciding which servers to start). */
export function rawEnv(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
}
