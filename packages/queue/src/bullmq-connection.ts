/**
 * How the producer and the workers talk to Redis when it goes away and comes back (issue 14, DECISIONS
 * "Redis faults"). BullMQ's own defaults are built for a Redis that rarely blinks: its reconnect delay grows to
 * 20 s and a worker whose fetch failed on a connection error sleeps `runRetryDelay` (15 s) before it fetches again,
 * so after a restart the workers could sit idle for half a minute while /readyz already said 200.
 */
import type { Redis } from 'ioredis';

/** The longest pause between two reconnect attempts: a Redis that is back is used again within this. */
export const RECONNECT_MAX_DELAY_MS = 500;

/** ioredis `retryStrategy`: 50, 100, 150 … ms, then every RECONNECT_MAX_DELAY_MS, for ever. */
export function reconnectDelay(times: number): number {
  return Math.min(Math.max(1, times) * 50, RECONNECT_MAX_DELAY_MS);
}

/** A worker whose fetch failed on a connection error fetches again after this (BullMQ's default: 15 s). */
export const RUN_RETRY_DELAY_MS = 500;

/**
 * An idle worker's long poll for a job, in seconds (BullMQ's `drainDelay`, default 5). A worker wakes from the poll
 * on the queue's marker, and the marker can be lost when Redis returns: the poll that was in flight when the
 * connection dropped is re-sent on reconnect, may pop the marker of the first new job, and is then dropped by BullMQ's
 * own watchdog, so the job waits for the next poll to end. A 1 s poll bounds that wait (issue 14: jobs are taken
 * within 2 s of Redis returning) for one cheap blocking command a second per idle queue.
 */
export const DRAIN_DELAY_S = 1;

/** How long an upload waits for an unreachable Redis before it is refused with 503 (the gateway's default). */
export const DEFAULT_UNAVAILABLE_WAIT_MS = 6_000;

/**
 * ioredis' error when a command gave up (the connection dropped and did not come back in time, or Redis did not answer
 * within the command timeout), and the heartbeat's when it drops a connection to a frozen Redis (redis-client.ts).
 */
const CONNECTION_ERRORS =
  /max retries per request|Connection is closed|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|Stream isn't writeable|enableOfflineQueue|Command timed out|did not answer a PING|LOADING/i;

/** True for an error that says Redis could not be reached, as opposed to one Redis answered with. */
export function isConnectionError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  return CONNECTION_ERRORS.test(message) || (typeof code === 'string' && CONNECTION_ERRORS.test(code));
}

/**
 * Resolves once `redis` is connected ('ready'), or false when it is not within `timeoutMs`. Never rejects: ioredis
 * keeps reconnecting on its own (reconnectDelay), this only watches.
 */
export function whenConnected(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(redis.status === 'ready'), timeoutMs);
    redis.on('ready', onReady);
  });
}

/**
 * Waits for BullMQ objects to close gracefully (jobs in hand finish first), unless Redis is away: a graceful close
 * would then wait for it for ever, since the pending fetch and the final QUIT sit in ioredis' offline queue (and
 * ioredis' disconnect() of a client that is between two reconnect attempts never ends it). Once `connected()` has
 * said no for `awayMs`, stop waiting: 'abandoned' (a job still in hand could not be recorded anyway; its lock
 * expires and another worker takes it). The process is about to exit.
 */
export async function closeUnlessAway(
  closing: Promise<unknown>,
  connected: () => boolean,
  awayMs = 2000,
): Promise<'closed' | 'abandoned'> {
  let timer: NodeJS.Timeout | undefined;
  const away = new Promise<'abandoned'>((resolve) => {
    let awaySince: number | undefined;
    timer = setInterval(() => {
      if (connected()) awaySince = undefined;
      else if ((awaySince ??= Date.now()) + awayMs <= Date.now()) resolve('abandoned');
    }, awayMs / 8);
  });
  try {
    return await Promise.race([closing.then(() => 'closed' as const), away]);
  } finally {
    clearInterval(timer);
  }
}

/** While Redis stays unreachable, each source logs its connection error again at most this often. */
const CONNECTION_ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * An 'error' listener for a Redis client or a BullMQ object. Every other error is logged as it comes; a connection
 * error (Redis unreachable: every reconnect attempt, every 0.5 s, on every connection) is logged once, then at most
 * every 30 s with the number left out, so an outage is a few lines and not thousands.
 */
export function errorListener(
  log: (fields: object, msg: string) => void,
  msg: string,
  fields: object = {},
): (err: Error) => void {
  let loggedAt = 0;
  let skipped = 0;
  return (err) => {
    if (isConnectionError(err)) {
      if (Date.now() - loggedAt < CONNECTION_ERROR_LOG_INTERVAL_MS) {
        skipped++;
        return;
      }
      loggedAt = Date.now();
      log({ ...fields, err: err.message, ...(skipped ? { repeated: skipped } : {}) }, msg);
      skipped = 0;
      return;
    }
    log({ ...fields, err: err.message }, msg);
  };
}
