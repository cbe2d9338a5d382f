/**
 * The sweeper (DECISIONS "Sweeper"), run by the notes service (and the embedded start): cleans up after processes
 * that died. Each sweep, under one PostgreSQL advisory
 * lock for the whole deployment:
 *
 * 1. fails the uploads still 'processing' long after any gateway would have given them up (their gateway died
 *    mid-upload), which gives their allowance back as any failed upload does, and deletes their objects; and the
 *    re-reads of notes ("Read again") still 'processing' as long, so their note can be read again: a re-read's images
 *    are its note's, and stay;
 * 2. walks part of the bucket (`users/`, a page budget per sweep, continuing where the last sweep stopped) and deletes
 *    the old objects that no upload owns any more: the upload row is gone (account deleted), failed or rejected, or
 *    completed and its note deleted (a gateway that died between deleting the note and its images).
 *
 * An object is kept while its upload is 'processing' or completed with its note, and whatever its upload, while it is
 * younger than an upload can live: an in-flight upload's object is never deleted. Keys that do not have the layout
 * the gateway writes are never touched. Logs and metrics hold counts only.
 */
import { Counter, type Registry } from 'prom-client';
import type { Config } from '@snapnotes/config';
import {
  parseUploadKey,
  USERS_KEY_PREFIX,
  withThumbnailKeys,
  type Logger,
  type ObjectStore,
} from '@snapnotes/contracts';
import { NoteReprocessingsRepo, UploadsRepo, type Database, type Kysely } from '@snapnotes/db';
import type { S3Store } from '@snapnotes/storage';

/** What a sweep needs of the store: S3Store, or the embedded start's withRecentWrites over it. */
export type SweepStore = Pick<ObjectStore, 'deleteMany'> & Pick<S3Store, 'listPage'>;

export interface SweeperDeps {
  db: Kysely<Database>;
  store: SweepStore;
  logger: Logger;
  /** The process's metrics registry (createMetrics().registry), for the sweep counters. */
  registry?: Registry;
}

export interface SweepOptions {
  /** Uploads 'processing' for longer than this are failed. */
  staleAfterMs: number;
  /** Objects no upload owns are deleted once they are older than this. */
  orphanMinAgeMs: number;
  /** Objects looked at per sweep; the walk of the bucket goes on from there at the next sweep. Default 10 000. */
  keysPerSweep?: number;
  /** Stale uploads failed per statement. Default 100. */
  batchSize?: number;
  /** The clock (tests). */
  now?: () => Date;
}

export interface SweepResult {
  /** false: another sweep held the lock; nothing was done. */
  locked: boolean;
  /** Uploads that were stuck in 'processing' and are now failed. */
  failedUploads: number;
  /** Objects of those uploads, deleted. */
  staleObjects: number;
  /** Re-reads of notes that were stuck in 'processing' and are now failed (their notes and images untouched). */
  failedReprocessings: number;
  /** Objects under `users/` looked at, and those deleted because no upload owns them. */
  scannedObjects: number;
  orphanedObjects: number;
}

export interface Sweeper {
  /** One sweep; stops early (between batches) once `signal` is aborted. */
  sweep(signal?: AbortSignal): Promise<SweepResult>;
}

export interface RunningSweeper {
  /** Cancels the next sweep and waits for the current one to stop. */
  stop(): Promise<void>;
}

/** The error code of an upload the sweeper failed (uploads.error_code). */
export const STALE_UPLOAD_CODE = 'PROCESSING_ABANDONED';
const STALE_UPLOAD_MESSAGE = 'Processing never finished (the gateway stopped); failed by the sweeper';
/** The error code of a re-read the sweeper failed (note_reprocessings.error_code). */
export const STALE_REPROCESSING_CODE = 'REPROCESSING_ABANDONED';

/** Storing the images, giving up, and the clocks of different hosts disagreeing. */
const STALE_MARGIN_MS = 2 * 60_000;
const FIRST_SWEEP_DELAY_MS = 5_000;
const DEFAULT_KEYS_PER_SWEEP = 10_000;
const DEFAULT_BATCH_SIZE = 100;

/**
 * How long an upload can be 'processing' with its gateway alive. Its created_at is taken when the request starts,
 * before the body is read, and the body may take the gateway's whole request timeout (PROCESSING_TIMEOUT_MS + 30 s,
 * services/gateway/src/app.ts); then the pipeline has PROCESSING_TIMEOUT_MS. Defaults: 8.5 minutes.
 */
export function staleUploadAgeMs(config: Pick<Config, 'PROCESSING_TIMEOUT_MS'>): number {
  return 2 * config.PROCESSING_TIMEOUT_MS + 30_000 + STALE_MARGIN_MS;
}

/** A sweep's result before it did anything (or when another sweep held the lock: `locked` false). */
function nothingSwept(locked: boolean): SweepResult {
  return { locked, failedUploads: 0, staleObjects: 0, failedReprocessings: 0, scannedObjects: 0, orphanedObjects: 0 };
}

function counter<L extends string>(registry: Registry | undefined, name: string, help: string, labelNames: L[]) {
  if (!registry) return undefined;
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter<L>({ name, help, labelNames, registers: [registry] });
}

export function createSweeper(deps: SweeperDeps, opts: SweepOptions): Sweeper {
  const keysPerSweep = opts.keysPerSweep ?? DEFAULT_KEYS_PER_SWEEP;
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  for (const [name, value] of Object.entries({ keysPerSweep, batchSize })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  }
  for (const [name, value] of Object.entries({
    staleAfterMs: opts.staleAfterMs,
    orphanMinAgeMs: opts.orphanMinAgeMs,
  })) {
    if (!Number.isFinite(value) || value < 0)
      throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  }
  const clock = opts.now ?? (() => new Date());
  const logger = deps.logger.child({ component: 'sweeper' });
  const { store } = deps;
  const sweeps = counter(
    deps.registry,
    'snapnotes_sweeps_total',
    'Sweeps by outcome: swept, skipped (another sweep held the lock) or failed.',
    ['outcome'],
  );
  const uploadsFailed = counter(
    deps.registry,
    'snapnotes_sweep_uploads_failed_total',
    'Uploads stuck in processing that the sweeper failed.',
    [],
  );
  const objectsDeleted = counter(
    deps.registry,
    'snapnotes_sweep_objects_deleted_total',
    'Objects the sweeper deleted: reason stale_upload or orphan.',
    ['reason'],
  );
  const reprocessingsFailed = counter(
    deps.registry,
    'snapnotes_sweep_reprocessings_failed_total',
    'Re-reads of notes stuck in processing that the sweeper failed.',
    [],
  );
  /** Where the walk of the bucket goes on at the next sweep (undefined: from the start). */
  let cursor: string | undefined;

  async function sweepLocked(
    repo: UploadsRepo,
    conn: Kysely<Database>,
    signal: AbortSignal | undefined,
  ): Promise<SweepResult> {
    const result = nothingSwept(true);
    const now = clock().getTime();

    // 1. Uploads whose gateway died. Failed first, then their objects deleted: if the delete fails, the walk below
    //    finds the objects of a failed upload at a later sweep.
    const staleBefore = new Date(now - opts.staleAfterMs);
    for (;;) {
      if (signal?.aborted) return result;
      const failed = await repo.failStale(staleBefore, STALE_UPLOAD_CODE, STALE_UPLOAD_MESSAGE, batchSize);
      result.failedUploads += failed.length;
      uploadsFailed?.inc(failed.length);
      const keys = failed.flatMap((u) => u.objectKeys);
      if (keys.length > 0) {
        // The originals and their thumbnails (`<key>.thumb.webp`, DECISIONS "Original images"), stored or not; the
        // counts name the originals.
        await store.deleteMany(withThumbnailKeys(keys));
        result.staleObjects += keys.length;
        objectsDeleted?.inc({ reason: 'stale_upload' }, keys.length);
      }
      if (failed.length < batchSize) break;
    }
    // Re-reads whose gateway died: failed, nothing deleted (the images are the note's, which is unchanged).
    const reprocessings = new NoteReprocessingsRepo(conn);
    for (;;) {
      if (signal?.aborted) return result;
      const failed = await reprocessings.failStale(staleBefore, STALE_REPROCESSING_CODE, batchSize);
      result.failedReprocessings += failed;
      reprocessingsFailed?.inc(failed);
      if (failed < batchSize) break;
    }

    // 2. Objects no upload owns, a page at a time.
    const orphanBefore = now - opts.orphanMinAgeMs;
    while (result.scannedObjects < keysPerSweep && !signal?.aborted) {
      const page = await store.listPage(USERS_KEY_PREFIX, {
        after: cursor,
        maxKeys: Math.min(1000, keysPerSweep - result.scannedObjects),
      });
      result.scannedObjects += page.objects.length;
      const candidates: Array<{ key: string; userId: number; uploadId: string }> = [];
      for (const obj of page.objects) {
        // The keys the gateway writes, an original or its thumbnail (contracts' storage-keys.ts): both belong to the
        // upload. An object of unknown age is kept, like one of another layout.
        const parsed = parseUploadKey(obj.key);
        if (!parsed || !obj.lastModified || obj.lastModified.getTime() > orphanBefore) continue;
        candidates.push({ key: obj.key, userId: parsed.userId, uploadId: parsed.uploadId });
      }
      if (candidates.length > 0) {
        const owners = await repo.owningObjects(candidates.map((c) => c.uploadId));
        const orphans = candidates.filter((c) => owners.get(c.uploadId)?.userId !== c.userId).map((c) => c.key);
        if (orphans.length > 0) {
          await store.deleteMany(orphans);
          result.orphanedObjects += orphans.length;
          objectsDeleted?.inc({ reason: 'orphan' }, orphans.length);
        }
      }
      cursor = page.next;
      if (!cursor) break; // the end of the bucket: the next sweep starts again from the first key
    }
    return result;
  }

  return {
    async sweep(signal) {
      const started = performance.now();
      let outcome: { locked: true; value: SweepResult } | { locked: false };
      try {
        outcome = await new UploadsRepo(deps.db).withSweepLock((repo, conn) => sweepLocked(repo, conn, signal));
      } catch (err) {
        sweeps?.inc({ outcome: 'failed' });
        throw err;
      }
      if (!outcome.locked) {
        sweeps?.inc({ outcome: 'skipped' });
        logger.debug('sweep skipped: another sweep holds the lock');
        return nothingSwept(false);
      }
      sweeps?.inc({ outcome: 'swept' });
      const result = outcome.value;
      const fields = {
        failedUploads: result.failedUploads,
        staleObjects: result.staleObjects,
        failedReprocessings: result.failedReprocessings,
        scannedObjects: result.scannedObjects,
        orphanedObjects: result.orphanedObjects,
        ms: Math.round(performance.now() - started),
      };
      const changed = result.failedUploads + result.staleObjects + result.failedReprocessings + result.orphanedObjects;
      if (changed > 0) logger.info(fields, 'sweep done');
      else logger.debug(fields, 'sweep done');
      return result;
    },
  };
}

/**
 * Sweeps every SWEEP_INTERVAL_MS (0: never), the first time a few seconds after start. Every process that runs it
 * may sweep; the lock lets one sweep at a time, the others skip.
 */
export function startSweeper(
  deps: SweeperDeps,
  config: Pick<Config, 'PROCESSING_TIMEOUT_MS' | 'SWEEP_INTERVAL_MS'>,
  opts: Partial<SweepOptions> = {},
): RunningSweeper {
  const interval = config.SWEEP_INTERVAL_MS;
  if (interval === 0) return { stop: async () => {} };
  const age = staleUploadAgeMs(config);
  const sweeper = createSweeper(deps, { staleAfterMs: age, orphanMinAgeMs: age, ...opts });
  const logger = deps.logger.child({ component: 'sweeper' });
  const controller = new AbortController();
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    running = sweeper
      .sweep(controller.signal)
      .then(
        () => undefined,
        (err: unknown) => logger.error({ err }, 'sweep failed'),
      )
      .finally(() => {
        running = undefined;
        if (!controller.signal.aborted) schedule(interval);
      });
  };
  schedule(Math.min(FIRST_SWEEP_DELAY_MS, interval));
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
