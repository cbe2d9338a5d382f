/**
 * The faults the chaos test injects into a running distributed stack, each measured: when it happened, which
 * requests were in flight, and how long until the stack had answered them (and what else recovery means for it).
 */
import { Redis } from 'ioredis';
import type pg from 'pg';
import type { SteadyLoad } from '@snapnotes/testing/load';
import { sleep, waitFor, type Service } from '@snapnotes/testing/processes';
import type { DistributedStack } from '@snapnotes/testing/stack';

export interface FaultReport {
  fault: string;
  /** Requests in flight when it happened. */
  inFlight: number;
  /** From the fault until every one of those requests was answered (ms). */
  answeredMs: number;
  /** Statuses those requests got. */
  statuses: string;
  /** The fault's own recovery figures, e.g. "job picked up again after 9.1 s". */
  detail: string;
}

const ANSWER_TIMEOUT_MS = 120_000;

/** What a frozen Redis did to the requests it met (freezeRedis). */
export interface FrozenRedisFigures {
  /** The gateway's bounded wait for an unreachable Redis (QUEUE_UNAVAILABLE_WAIT_MS). */
  waitMs: number;
  /** Requests in flight at the freeze: ms from the freeze to each one's answer. */
  inFlightMs: number[];
  /** Requests sent while Redis was frozen and answered with 503: ms from each one's start to its answer. */
  sentDuringMs: number[];
  /** Request ids of 503s without `Retry-After: 10`. */
  withoutRetryAfter: string[];
}

export class Faults {
  readonly reports: FaultReport[] = [];
  private readonly admin: Redis;

  constructor(
    private readonly stack: DistributedStack,
    private readonly load: SteadyLoad,
    private readonly sql: pg.Pool,
  ) {
    this.admin = new Redis(stack.redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
    this.admin.on('error', () => undefined);
  }

  close(): void {
    this.admin.disconnect();
  }

  /** Waits until uploads are in flight (a fault with none would show nothing), and returns their request ids. */
  private async busy(): Promise<string[]> {
    return waitFor('uploads in flight', async () => this.load.inFlight().length > 0 && this.load.inFlight(), 30_000);
  }

  private async record(fault: string, at: number, inFlight: string[], detail: () => Promise<string> | string) {
    const outcomes = await this.load.answered(inFlight, ANSWER_TIMEOUT_MS);
    const answeredMs = Math.max(0, ...outcomes.map((o) => o.ended - at));
    const counts = new Map<string, number>();
    for (const o of outcomes) counts.set(String(o.status), (counts.get(String(o.status)) ?? 0) + 1);
    const statuses = [...counts].map(([s, n]) => `${n}×${s}`).join(' ') || '–';
    this.reports.push({ fault, inFlight: inFlight.length, answeredMs, statuses, detail: await detail() });
  }

  /**
   * SIGKILL of a stage worker in the middle of a job: the worker is frozen (SIGSTOP) until its queue has a job
   * active, then killed, and started again at once (compose's `restart: unless-stopped`). Recovery: the killed
   * job's lock expires, a stalled check gives it back, the new worker takes it.
   */
  async killWorkerMidJob(service: Exclude<Service, 'gateway'>): Promise<void> {
    const victim = this.stack.procs.get(service)!;
    const activeKey = `${this.stack.env.QUEUE_PREFIX}:${service}:active`;
    let jobs: string[] = [];
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(15)) {
      victim.signal('SIGSTOP');
      jobs = await this.admin.lrange(activeKey, 0, -1);
      if (jobs.length > 0) break;
      victim.signal('SIGCONT');
    }
    if (jobs.length === 0) throw new Error(`no ${service} job became active within a minute`);
    const inFlight = this.load.inFlight();
    const at = Date.now();
    victim.signal('SIGKILL');
    await victim.exited;
    const replacement = await this.stack.start(service, service);
    const readyMs = Date.now() - at;
    const uploadIds = [...new Set(jobs.map((id) => id.slice(0, 36)))];
    await this.record(`SIGKILL ${service} worker mid-job`, at, inFlight, async () => {
      const { rows } = await this.sql.query<{ correlation_id: string }>(
        'select correlation_id from uploads where id = any($1::uuid[])',
        [uploadIds],
      );
      const killed = await this.load.answered(
        rows.map((r) => r.correlation_id),
        ANSWER_TIMEOUT_MS,
      );
      const stalled = replacement.lines.find((l) => l.msg === 'stalled job moved back to wait');
      const pickedUp = stalled?.time ? `${((stalled.time - at) / 1000).toFixed(1)} s` : 'not logged';
      const done = Math.max(0, ...killed.map((o) => o.ended - at));
      return (
        `killed job (${killed.map((o) => o.status).join(',')}) answered after ${(done / 1000).toFixed(1)} s; ` +
        `picked up again after ${pickedUp}; new worker ready after ${(readyMs / 1000).toFixed(1)} s`
      );
    });
  }

  /**
   * Redis killed (SIGKILL: a crash) and started again on the same port, always with an append-only file. What it
   * comes back with depends on the server that was killed: one started without persistence (the stack's first)
   * comes back empty, the jobs in flight lost and to be re-driven; one that wrote an AOF comes back with its data.
   */
  async restartRedis(comesBack: 'empty' | 'aof'): Promise<void> {
    const inFlight = await this.busy();
    const gateway = this.stack.procs.get('gateway')!;
    const redrivenBefore = gateway.lines.filter((l) => l.msg?.startsWith('the queue lost this upload')).length;
    const at = Date.now();
    await this.stack.redis.kill('SIGKILL');
    await this.stack.redis.start('aof');
    const back = Date.now();
    const workers = [...this.stack.procs.values()].filter((p) => p.service !== 'gateway' && p.alive);
    const ready = await Promise.all(
      workers.map(async (p) => {
        await waitFor(`${p.label} ready again`, async () => (await fetch(`${p.url}/readyz`)).status === 200, 30_000);
        return Date.now() - back;
      }),
    );
    const label = comesBack === 'empty' ? 'without persistence (comes back empty)' : 'with AOF (everysec)';
    await this.record(`Redis SIGKILL + restart ${label}`, at, inFlight, () => {
      const redriven = gateway.lines.filter((l) => l.msg?.startsWith('the queue lost this upload')).length;
      return (
        `down ${back - at} ms; every worker /readyz 200 within ${Math.max(...ready)} ms of its return; ` +
        `${redriven - redrivenBefore} uploads re-driven from their row and stored images`
      );
    });
  }

  /**
   * Redis frozen (SIGSTOP: the process and its connections stay, nothing is answered, as a hung server or a network
   * black hole looks) for longer than the gateway's bounded wait, then let go (SIGCONT), its data intact. Every
   * upload in flight and every one sent meanwhile must be answered, with a 503 and Retry-After when Redis stayed
   * silent for the wait; the jobs of those uploads that Redis still holds are dropped when it answers again.
   */
  async freezeRedis(forMs: number): Promise<FrozenRedisFigures> {
    const waitMs = Number(this.stack.env.QUEUE_UNAVAILABLE_WAIT_MS ?? 6_000);
    const inFlight = await this.busy();
    const at = Date.now();
    this.stack.redis.freeze();
    await sleep(forMs);
    this.stack.redis.thaw();
    const thawed = Date.now();
    const figures: FrozenRedisFigures = { waitMs, inFlightMs: [], sentDuringMs: [], withoutRetryAfter: [] };
    await this.record(`Redis frozen (SIGSTOP) for ${forMs / 1000} s`, at, inFlight, async () => {
      const held = await this.load.answered(inFlight, ANSWER_TIMEOUT_MS);
      figures.inFlightMs = held.map((o) => o.ended - at);
      const during = this.load.outcomes.filter((o) => o.started > at && o.started < thawed && o.status === 503);
      figures.sentDuringMs = during.map((o) => o.ended - o.started);
      figures.withoutRetryAfter = [...held, ...during]
        .filter((o) => o.status === 503 && o.retryAfter !== '10')
        .map((o) => o.requestId);
      const s = (ms: number[]) => (ms.length ? `${(Math.max(...ms) / 1000).toFixed(1)} s` : '–');
      return (
        `time to answer with Redis frozen (QUEUE_UNAVAILABLE_WAIT_MS ${waitMs / 1000} s): in flight ${s(figures.inFlightMs)} ` +
        `after the freeze at most; ${during.length} sent during it got 503 after ${s(figures.sentDuringMs)} at most`
      );
    });
    return figures;
  }

  /** SIGTERM to the gateway: it answers the uploads it holds and exits; a new one starts on the same port. */
  async restartGateway(): Promise<void> {
    const old = this.stack.procs.get('gateway')!;
    const inFlight = await this.busy();
    const at = Date.now();
    old.signal('SIGTERM');
    const exit = await old.exited;
    if (exit.code !== 0) throw new Error(`the gateway exited with ${JSON.stringify(exit)}\n${old.tail()}`);
    const exitedMs = Date.now() - at;
    await this.stack.start('gateway', 'gateway');
    const readyMs = Date.now() - at;
    await this.record('SIGTERM gateway, then restart', at, inFlight, () => {
      return `old gateway answered its uploads and exited after ${(exitedMs / 1000).toFixed(1)} s; new one ready after ${(readyMs / 1000).toFixed(1)} s`;
    });
  }

  /** Every PostgreSQL connection of the stack terminated (pg_terminate_backend), as a failover or restart would. */
  async terminatePostgresBackends(): Promise<void> {
    const inFlight = await this.busy();
    const at = Date.now();
    const { rows } = await this.sql.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const next = await this.load.firstAfter(at, 200, ANSWER_TIMEOUT_MS);
    await this.record('PostgreSQL backends terminated', at, inFlight, () => {
      return `${rows.length} connections cut; first note for a new upload after ${((next.ended - at) / 1000).toFixed(1)} s`;
    });
  }
}
