/**
 * How many requests of one kind a user (and, optionally, the whole gateway) may have IN FLIGHT at once, counted in
 * this process (issue 22: searches, the unpaged notes list). per-user-limit.ts counts calls per time window, which
 * cannot bound work that is running: 150 searches sent at once all fit in a window. What is protected is this
 * process's own database pool, so an in-memory count per replica is the right scope (no Redis round trip).
 *
 * The check-and-take is one synchronous step, so concurrent requests cannot all slip through; an excess request is
 * refused at once (the given 429 or 503, with Retry-After), never queued: a queue would keep the flood's sockets and
 * memory on the gateway instead of sending it back to the client.
 */
import type { HttpError } from './errors.js';

export interface ConcurrencyLimitOptions {
  /** Requests one key (a user) may have in flight at once. */
  perKey: number;
  /** Requests all keys together may have in flight at once; default: no limit. */
  overall?: number;
  /** The refusal when the key has `perKey` in flight (a 429 with Retry-After). */
  keyRefusal(): HttpError;
  /** The refusal when the gateway has `overall` in flight (a 503 with Retry-After). */
  overallRefusal?(): HttpError;
}

export class ConcurrencyLimit {
  private readonly active = new Map<string, number>();
  private total = 0;

  constructor(private readonly opts: ConcurrencyLimitOptions) {
    if (!Number.isInteger(opts.perKey) || opts.perKey < 1) throw new Error(`perKey must be >= 1 (got ${opts.perKey})`);
  }

  /** Requests in flight for the key. */
  activeFor(key: string): number {
    return this.active.get(key) ?? 0;
  }

  /** Takes a place for the key, or throws the refusal and takes nothing. The returned release runs once. */
  acquire(key: string): () => void {
    if (this.activeFor(key) >= this.opts.perKey) throw this.opts.keyRefusal();
    const { overall, overallRefusal } = this.opts;
    if (overall !== undefined && this.total >= overall) {
      throw overallRefusal ? overallRefusal() : this.opts.keyRefusal();
    }
    this.active.set(key, this.activeFor(key) + 1);
    this.total++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total--;
      const left = this.activeFor(key) - 1;
      if (left <= 0) this.active.delete(key);
      else this.active.set(key, left);
    };
  }
}
