/**
 * Builds the adapters every process needs from the parsed config: database + repositories, object store, OpenAI client.
 */
import OpenAI from 'openai';
import type { Config } from '@snapnotes/config';
import type { Logger } from '@snapnotes/contracts';
import {
  createDatabase,
  FeedbackRepo,
  ImportsRepo,
  ImageHashesRepo,
  migrateToLatest,
  NoteReprocessingsRepo,
  NotesRepo,
  StripeEventsRepo,
  SubscriptionsRepo,
  UploadsRepo,
  UsersRepo,
  type Database,
  type DatabaseHandle,
} from '@snapnotes/db';
import { createS3Store } from '@snapnotes/storage';
import type { Kysely } from '@snapnotes/db';

export interface Repositories {
  users: UsersRepo;
  uploads: UploadsRepo;
  notes: NotesRepo;
  /** "Read again": one row per re-read of a note. */
  reprocessings: NoteReprocessingsRepo;
  subscriptions: SubscriptionsRepo;
  feedback: FeedbackRepo;
  stripeEvents: StripeEventsRepo;
  /** Bulk imports and their items (migration 0011). */
  imports: ImportsRepo;
  /** Duplicates: what each image of a note looks like (migration 0010). */
  imageHashes: ImageHashesRepo;
}

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    users: new UsersRepo(db),
    uploads: new UploadsRepo(db),
    notes: new NotesRepo(db),
    reprocessings: new NoteReprocessingsRepo(db),
    subscriptions: new SubscriptionsRepo(db),
    feedback: new FeedbackRepo(db),
    stripeEvents: new StripeEventsRepo(db),
    imports: new ImportsRepo(db),
    imageHashes: new ImageHashesRepo(db),
  };
}

export class MissingConfigError extends Error {}

/** Connects to PostgreSQL and (optionally) brings the schema up to date. */
export async function connectDatabase(
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'DATABASE_POOL_MAX'
    | 'DATABASE_CONNECTION_TIMEOUT_MS'
    | 'DATABASE_STATEMENT_TIMEOUT_MS'
    | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  >,
  logger: Logger,
  opts: { migrate: boolean },
): Promise<DatabaseHandle & { repos: Repositories }> {
  if (!config.DATABASE_URL) {
    throw new MissingConfigError(
      'DATABASE_URL is not set (postgres://user:password@host:5432/db). `pnpm start` sets it for you.',
    );
  }
  const handle = createDatabase({
    url: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    logger,
    connectionTimeoutMs: config.DATABASE_CONNECTION_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  if (opts.migrate) await migrateToLatest(handle.db);
  return { ...handle, repos: createRepositories(handle.db) };
}

export function createStoreFromConfig(config: Config, logger: Logger) {
  return createS3Store({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    logger,
  });
}

/** The OpenAI SDK (OpenAI, Ollama, llama.cpp, vLLM…) when configured; null for the offline default. */
export function createOpenAIFromConfig(config: Config): OpenAI | null {
  if (!config.openaiEnabled) return null;
  return new OpenAI({
    apiKey: config.OPENAI_API_KEY ?? 'not-needed-for-local-servers',
    baseURL: config.OPENAI_BASE_URL,
    timeout: config.OPENAI_TIMEOUT_MS,
    // The queue retries transient failures with backoff; the SDK retrying too would multiply waits.
    maxRetries: 0,
  });
}
