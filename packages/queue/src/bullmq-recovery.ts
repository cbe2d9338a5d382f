/**
 * The producer's watch over the uploads it is waiting for (issue 14, DECISIONS "Redis faults").
 *
 * Redis is not the source of truth for an upload: the uploads row and its stored images are. When Redis comes back
 * empty (restarted without persistence, a failover to an empty replica, a flush) the jobs of an upload in flight are
 * simply gone, and BullMQ would let its waiter sit until the processing timeout. The watch looks at every upload it
 * holds as soon as the producer's connection is back, and every `checkIntervalMs` besides, and tells its waiter:
 *   - 'lost': the upload's notes job does not exist any more (the waiter asks the source of truth and re-drives it);
 *   - 'settled': the notes job completed or failed without the waiter hearing of it (an event missed while
 *     QueueEvents was reconnecting: its stream position may start again at "now");
 *   - 'unavailable': Redis has not answered for `unavailableWaitMs` (the waiter gives the upload up with a 503):
 *     counted from the connection's close or from the heartbeat PING still waiting for its answer, so a frozen
 *     Redis, whose connection does not close, is given up as soon as a dead one.
 */
import type { Logger } from '@snapnotes/contracts';
import type { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { isConnectionError } from './bullmq-connection.js';
import { errorMessage } from './failure.js';

export type WatchSignal = 'lost' | 'settled' | 'unavailable';

/** How often the watch asks whether Redis has been silent for too long (no command: a clock comparison). */
const UNAVAILABLE_TICK_MS = 250;

export interface UploadWatch {
  /** Watches one notes job until the returned function is called; `signal` may be called more than once. */
  watch(notesJobId: string, signal: (s: WatchSignal) => void): () => void;
  close(): void;
}

export interface UploadWatchOptions {
  /** The producer's command connection: its 'close' and 'ready' say when Redis went away and came back. */
  redis: Redis;
  /** Since when Redis has not answered that connection (createRedisClient's heartbeat), or undefined. */
  unansweredSince: () => number | undefined;
  notes: Queue;
  logger: Logger;
  checkIntervalMs: number;
  unavailableWaitMs: number;
}

export function watchUploads(opts: UploadWatchOptions): UploadWatch {
  const { redis, notes, logger } = opts;
  const watched = new Map<string, Set<(s: WatchSignal) => void>>();
  let wasDown = redis.status !== 'ready';
  let checking = false;
  let checkedAt = Date.now();

  const notify = (id: string, s: WatchSignal) => {
    for (const signal of watched.get(id) ?? []) signal(s);
  };

  async function check(reason: 'reconnected' | 'interval'): Promise<void> {
    if (checking || watched.size === 0) return;
    checking = true;
    checkedAt = Date.now();
    try {
      const ids = [...watched.keys()];
      const states = await Promise.all(ids.map((id) => notes.getJobState(id)));
      const lost = ids.filter((_, i) => states[i] === 'unknown');
      if (lost.length > 0)
        logger.warn({ uploads: lost.length, reason }, 'the queue lost the jobs of uploads in flight');
      ids.forEach((id, i) => {
        const state = states[i];
        if (state === 'unknown') notify(id, 'lost');
        else if (state === 'completed' || state === 'failed') notify(id, 'settled');
      });
    } catch (err) {
      // Redis went away again while looking: the next 'ready' looks again.
      if (!isConnectionError(err)) logger.error({ err: errorMessage(err) }, 'could not check the uploads in flight');
    } finally {
      checking = false;
    }
  }

  const onDown = () => {
    wasDown = true;
  };
  const onReady = () => {
    if (!wasDown) return;
    wasDown = false;
    void check('reconnected'); // the client logs 'redis reachable again'
  };
  redis.on('close', onDown);
  redis.on('reconnecting', onDown);
  redis.on('ready', onReady);
  // A short tick for the give-up (it runs no command); the job check every checkIntervalMs while connected.
  const timer = setInterval(
    () => {
      const since = opts.unansweredSince();
      if (since !== undefined && Date.now() - since >= opts.unavailableWaitMs) {
        for (const id of watched.keys()) notify(id, 'unavailable');
      } else if (redis.status === 'ready' && Date.now() - checkedAt >= opts.checkIntervalMs) {
        void check('interval');
      }
    },
    Math.min(UNAVAILABLE_TICK_MS, opts.checkIntervalMs),
  );
  timer.unref();

  return {
    watch(id, signal) {
      const signals = watched.get(id) ?? new Set();
      signals.add(signal);
      watched.set(id, signals);
      return () => {
        signals.delete(signal);
        if (signals.size === 0 && watched.get(id) === signals) watched.delete(id);
      };
    },
    close() {
      clearInterval(timer);
      redis.off('close', onDown);
      redis.off('reconnecting', onDown);
      redis.off('ready', onReady);
      watched.clear();
    },
  };
}

export type Waited = { done: unknown } | { error: unknown } | { signal: WatchSignal };

/** Waits for the notes job to finish, or for the watch to say its jobs were lost, finished unheard, or Redis is away. */
export async function waitForNote(notesJob: Job, events: QueueEvents, watch: UploadWatch, deadline: number) {
  let stop = () => {};
  const signalled = new Promise<Waited>((resolve) => {
    stop = watch.watch(notesJob.id!, (signal) => resolve({ signal }));
  });
  // Mapped, so the wait that loses the race never rejects unhandled; it ends at the deadline at the latest.
  const finished = notesJob.waitUntilFinished(events, Math.max(1, deadline - Date.now())).then(
    (done): Waited => ({ done }),
    (error: unknown): Waited => ({ error }),
  );
  try {
    return await Promise.race([finished, signalled]);
  } finally {
    stop();
  }
}
