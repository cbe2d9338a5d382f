/**
 * How every Redis connection of the product behaves (issue 22, items 7 and 15; DECISIONS "Redis faults"): one
 * reconnect policy (reconnectDelay), command timeouts, and the same throttled logging, for the queue's clients and
 * the gateway's rate limits alike.
 *
 * A frozen Redis (the process stopped, a network black hole) keeps its TCP connections open and answers nothing: a
 * client with no timeout waits for ever while its status still says 'ready'. So a connection for quick commands
 * gets ioredis' `commandTimeout` (a command fails after COMMAND_TIMEOUT_MS) and a heartbeat: a PING every half
 * second, and a PING unanswered for HEARTBEAT_TIMEOUT_MS drops the connection, so its status turns from 'ready' to
 * 'reconnecting' and every caller sees Redis as unreachable; `unansweredSince()` says since when Redis has not
 * answered (the connection's close, or the PING still waiting for its answer).
 * (ioredis' own `socketTimeout` would do the dropping, but in 5.11 its timer outlives the connection it was armed
 * for and drops the next, healthy one: redis/ioredis#2147, fixed in 6.0.) A connection for BullMQ's blocking
 * commands (a Worker's, QueueEvents') must not cut a wait that is meant to last: it gets no command timeout (see
 * blockingOptions; BullMQ guards its blocks with a watchdog that resets the connection).
 */
import type { RedisOptions as BullmqRedisOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { errorListener, isConnectionError, reconnectDelay } from './bullmq-connection.js';

/** A quick command (a BullMQ script, a rate-limit counter, a PING) that gets no answer within this has failed. */
const COMMAND_TIMEOUT_MS = 3000;
/** A TCP connection that is not made within this is abandoned and tried again (a host that drops packets). */
const CONNECT_TIMEOUT_MS = 3000;
/** TCP keep-alive probes start after this much silence (a peer that vanished without closing the connection). */
const KEEP_ALIVE_MS = 5000;
/** How often a quick-command client sends its heartbeat PING. */
const HEARTBEAT_INTERVAL_MS = 500;
/** A heartbeat PING unanswered this long: the connection is dropped and made again (a frozen Redis). */
const HEARTBEAT_TIMEOUT_MS = 2000;

const shared = {
  retryStrategy: reconnectDelay,
  connectTimeout: CONNECT_TIMEOUT_MS,
  keepAlive: KEEP_ALIVE_MS,
} satisfies RedisOptions;

/** ioredis options of a connection that sends only quick commands (never a blocking one). */
function commandOptions(extra: RedisOptions = {}): RedisOptions {
  return { ...shared, commandTimeout: COMMAND_TIMEOUT_MS, ...extra };
}

/**
 * BullMQ connection options for a Worker or QueueEvents, whose connections block (BullMQ needs no retry limit). No
 * command timeout: ioredis times a command from when it is queued, so a blocking command queued while Redis was away
 * for longer than the timeout failed as it came back ("Command timed out", outside BullMQ's retry path) and the worker
 * took no job for seconds after Redis returned (an outage of 20 s: no job within 5 s, twice out of twice). A frozen
 * Redis is BullMQ's watchdog's to notice on these connections (it resets one whose block overran).
 */
export function blockingOptions(url: string): BullmqRedisOptions {
  return { url, ...shared, maxRetriesPerRequest: null };
}

export interface RedisClientLogger {
  error(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  info(fields: object, msg: string): void;
}

export interface RedisClientOptions {
  logger: RedisClientLogger;
  /** The log line of a connection error, e.g. 'rate limit: redis connection error'. */
  msg: string;
  /** Fields on every line this client logs (e.g. { limit: 'uploads' }). */
  fields?: object;
  /** Connection errors at warn instead of error (a client whose outage something else already reports). */
  level?: 'error' | 'warn';
  /** ioredis options on top of commandOptions() (e.g. no offline queue). */
  options?: RedisOptions;
}

export interface RedisClient {
  readonly redis: Redis;
  /**
   * Since when (epoch ms) Redis has not answered this client: since its connection closed, or since the heartbeat
   * PING that is still waiting was sent; undefined while it answers.
   */
  unansweredSince(): number | undefined;
  /**
   * While the connection is up: since when its heartbeat PING has been waiting for an answer (a freeze not noticed
   * yet), else undefined. Undefined while the client knows Redis is away.
   */
  pingWaitingSince(): number | undefined;
  /** Stops the heartbeat and closes the connection (at once when Redis is away). */
  close(): Promise<void>;
}

/**
 * A client for quick commands with the product's timeouts, reconnect policy and logging: a connection error is logged
 * once and then at most every 30 s (errorListener), and `redis reachable again` (info, with how long it was away)
 * when it answers again.
 */
export function createRedisClient(url: string, opts: RedisClientOptions): RedisClient {
  const redis = new Redis(url, commandOptions(opts.options));
  const fields = opts.fields ?? {};
  const level = opts.level ?? 'error';
  redis.on(
    'error',
    errorListener((f, m) => opts.logger[level](f, m), opts.msg, fields),
  );
  // Kept by this client's own 'ready'/'close' handlers (ioredis sets `status` a tick before it emits the event).
  let connected = false;
  let awaySince: number | undefined = Date.now(); // until the first 'ready'
  let outage = false;
  let pingSentAt: number | undefined;
  const away = () => {
    if (connected) awaySince = pingSentAt ?? Date.now();
    connected = false;
    outage = true;
  };
  redis.on('close', away);
  redis.on('reconnecting', away);
  redis.on('ready', () => {
    if (outage && awaySince !== undefined) {
      opts.logger.info({ ...fields, downMs: Date.now() - awaySince }, 'redis reachable again');
    }
    connected = true;
    awaySince = undefined;
    outage = false;
    pingSentAt = undefined; // a PING sent before the outage says nothing about this connection
  });

  const heartbeat = setInterval(() => {
    if (!connected || pingSentAt !== undefined || redis.status !== 'ready') return;
    const sentAt = Date.now();
    pingSentAt = sentAt;
    // Only the connection this PING went out on is dropped, never the one made after it.
    const stream = redis.stream;
    const silence = setTimeout(() => {
      stream.destroy(new Error(`Redis did not answer a PING within ${HEARTBEAT_TIMEOUT_MS} ms`));
    }, HEARTBEAT_TIMEOUT_MS);
    silence.unref();
    redis.ping().then(
      () => {
        clearTimeout(silence);
        if (pingSentAt === sentAt) pingSentAt = undefined;
      },
      (err: unknown) => {
        // Timed out or cut: the silence timer drops that connection, and the next 'ready' starts again.
        if (isConnectionError(err)) return;
        clearTimeout(silence);
        if (pingSentAt === sentAt) pingSentAt = undefined;
        opts.logger.warn({ ...fields, err: (err as Error).message }, 'redis ping failed');
      },
    );
  }, HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();

  return {
    redis,
    unansweredSince: () => (connected ? pingSentAt : awaySince),
    pingWaitingSince: () => (connected ? pingSentAt : undefined),
    async close() {
      clearInterval(heartbeat);
      if (redis.status === 'end') return;
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
