/**
 * A discrete-event simulation of one SnapNotes deployment: uploads arrive (Poisson, seeded), each goes through the
 * BullMQ flow as the workers run it (packages/queue/src/bullmq-flow.ts): `moderation` beside `ocr` (one page job per
 * image; a several-image upload's parent job fans out and later collects), then `summarise`, then `notes`. Each stage
 * is a FIFO queue served by pods × slots; a stage may be scaled like KEDA + the HPA scale it (every 15 s, desired =
 * ceil(waiting / target), 10% tolerance, up by max(100%, 4 pods) per period, down after a 300 s stabilisation window
 * by 10% (at least 1 pod) a minute, new pods taking jobs after their start-up time, leaving pods finishing their jobs first).
 */
import { prng } from '@snapnotes/testing/random';
import type { ServiceTime } from './figures.js';

export type StageName = 'moderation' | 'ocr' | 'summarise' | 'notes';
export const STAGE_NAMES: readonly StageName[] = ['moderation', 'ocr', 'summarise', 'notes'];

export interface Autoscale {
  /** KEDA listLength: waiting jobs per pod. */
  target: number;
  min: number;
  max: number;
}

export interface StageConfig {
  slotsPerPod: number;
  /** Pods at the start (and always, without `autoscale`). */
  pods: number;
  autoscale?: Autoscale;
  startupS: number;
}

export interface Scenario {
  seed: number;
  /** Uploads per minute: rises linearly from 0 over `rampS`, then holds for `holdS`. */
  uploadsPerMinute: number;
  rampS: number;
  holdS: number;
  imagesPerUpload: readonly (readonly [number, number])[];
  service: {
    ocr: ServiceTime;
    moderationPerImage: ServiceTime;
    summarise: ServiceTime;
    notes: ServiceTime;
  };
  gatewayBeforeMsPerImage: number;
  gatewayReplyMs: number;
  hopMs: number;
  fanoutMs: number;
  collectMs: number;
  stages: Record<StageName, StageConfig>;
}

export interface StageResult {
  /** Queue wait of the jobs that started, p50 and p95 (s). */
  waitP50: number;
  waitP95: number;
  /** Mean pods over the run (pod-seconds / seconds) and the most at once. */
  meanPods: number;
  maxPods: number;
  /** Busy slots / available slots over the run. */
  utilisation: number;
}

export interface Result {
  uploads: number;
  /** End-to-end (arrival to reply) over every upload that arrived during the run, in seconds. */
  p50: number;
  p95: number;
  p99: number;
  /** Over the hold period only (the ramp left out). */
  holdP95: number;
  /** Share of uploads slower than `timeoutS`. */
  overTimeout: number;
  /** Uploads still unanswered when the run ended (counted as over the timeout). */
  unfinished: number;
  stages: Record<StageName, StageResult>;
}

/** A draw of a service time in seconds: one of the medians, times exp(sigma · N(0,1)). */
export function sampler(time: ServiceTime, random: () => number): () => number {
  return () => {
    const median = time.medians[Math.floor(random() * time.medians.length)]!;
    const u1 = Math.max(random(), 1e-12);
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * random());
    return (median * Math.exp(time.sigma * z)) / 1000;
  };
}

function sortedOf(xs: readonly number[]): number[] {
  return Array.from(Float64Array.from(xs).sort());
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Events in time order (ties in insertion order): a binary heap of [time, seq] keys and callbacks. */
class Agenda {
  private times: number[] = [];
  private seqs: number[] = [];
  private fns: (() => void)[] = [];
  private seq = 0;
  now = 0;
  get size(): number {
    return this.times.length;
  }
  at(time: number, fn: () => void): void {
    const { times, seqs, fns } = this;
    let i = times.length;
    const s = this.seq++;
    times.push(time);
    seqs.push(s);
    fns.push(fn);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (times[p]! < time || (times[p] === time && seqs[p]! < s)) break;
      times[i] = times[p]!;
      seqs[i] = seqs[p]!;
      fns[i] = fns[p]!;
      i = p;
    }
    times[i] = time;
    seqs[i] = s;
    fns[i] = fn;
  }
  /** Runs the next event; false when there is none before `until`. */
  step(until: number): boolean {
    const { times, seqs, fns } = this;
    if (times.length === 0 || times[0]! > until) return false;
    const time = times[0]!;
    const fn = fns[0]!;
    const lastT = times.pop()!;
    const lastS = seqs.pop()!;
    const lastF = fns.pop()!;
    const n = times.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (times[r]! < times[l]! || (times[r] === times[l] && seqs[r]! < seqs[l]!)) ? r : l;
        if (lastT < times[c]! || (lastT === times[c] && lastS < seqs[c]!)) break;
        times[i] = times[c]!;
        seqs[i] = seqs[c]!;
        fns[i] = fns[c]!;
        i = c;
      }
      times[i] = lastT;
      seqs[i] = lastS;
      fns[i] = lastF;
    }
    this.now = time;
    fn();
    return true;
  }
}

interface Job {
  enqueued: number;
  service: number;
  done: () => void;
}

/** One stage: a FIFO of jobs, pods × slots serving it, and (optionally) its autoscaler. */
class Stage {
  private queue: Job[] = [];
  private head = 0;
  busy = 0;
  /** Pods taking jobs, and pods asked for (starting ones included): what the HPA sees as replicas. */
  readyPods: number;
  desiredPods: number;
  private starting: number[] = [];
  readonly waits: number[] = [];
  private podSeconds = 0;
  private busySeconds = 0;
  private lastAccount = 0;
  maxPods: number;
  private recommendations: [time: number, pods: number][] = [];
  private lastScaleDown = -Infinity;

  constructor(
    private readonly agenda: Agenda,
    readonly config: StageConfig,
  ) {
    this.readyPods = config.pods;
    this.desiredPods = config.pods;
    this.maxPods = config.pods;
  }

  get waiting(): number {
    return this.queue.length - this.head;
  }

  private account(): void {
    const now = this.agenda.now;
    const dt = now - this.lastAccount;
    this.podSeconds += dt * this.readyPods;
    this.busySeconds += dt * Math.min(this.busy, this.readyPods * this.config.slotsPerPod);
    this.lastAccount = now;
  }

  add(service: number, done: () => void): void {
    this.queue.push({ enqueued: this.agenda.now, service, done });
    this.pump();
  }

  private pump(): void {
    const capacity = this.readyPods * this.config.slotsPerPod;
    while (this.busy < capacity && this.head < this.queue.length) {
      const job = this.queue[this.head]!;
      this.queue[this.head++] = undefined as unknown as Job;
      if (this.head > 4096 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.account();
      this.busy++;
      this.waits.push(this.agenda.now - job.enqueued);
      this.agenda.at(this.agenda.now + job.service, () => {
        this.account();
        this.busy--;
        job.done();
        this.pump();
      });
    }
  }

  /** One HPA sync (every 15 s) for a stage KEDA scales on its waiting jobs. */
  autoscale(): void {
    const a = this.config.autoscale;
    if (!a) return;
    const now = this.agenda.now;
    const current = this.desiredPods;
    const metric = this.waiting;
    let desired = current;
    if (Math.abs(metric / (a.target * current) - 1) > 0.1) desired = Math.ceil(metric / a.target);
    desired = Math.min(a.max, Math.max(a.min, desired));
    // Scale-down stabilisation: the highest recommendation of the last 300 s.
    this.recommendations.push([now, desired]);
    while (this.recommendations.length > 0 && this.recommendations[0]![0] < now - 300) this.recommendations.shift();
    const stabilised = Math.max(...this.recommendations.map(([, p]) => p));
    let next = current;
    if (desired > current) next = Math.min(desired, Math.max(current * 2, current + 4), a.max);
    else if (stabilised < current && now - this.lastScaleDown >= 60) {
      // Down by the larger of 10% and 1 pod a minute, never below the stabilised recommendation.
      next = Math.max(stabilised, Math.min(current - 1, Math.ceil(current * 0.9)));
      this.lastScaleDown = now;
    }
    if (next > current) this.scaleUp(next - current);
    else if (next < current) this.scaleDown(current - next);
  }

  private scaleUp(n: number): void {
    this.desiredPods += n;
    this.maxPods = Math.max(this.maxPods, this.desiredPods);
    for (let i = 0; i < n; i++) {
      const ready = this.agenda.now + this.config.startupS;
      this.starting.push(ready);
      this.agenda.at(ready, () => {
        const at = this.starting.indexOf(ready);
        if (at < 0) return; // removed before it started
        this.starting.splice(at, 1);
        this.account();
        this.readyPods++;
        this.pump();
      });
    }
  }

  /** Starting pods go first; a running pod stops taking jobs and finishes the ones it has (busy > capacity a while). */
  private scaleDown(n: number): void {
    this.desiredPods -= n;
    for (let i = 0; i < n; i++) {
      if (this.starting.length > 0) this.starting.pop();
      else {
        this.account();
        this.readyPods--;
      }
    }
  }

  /** Over the whole run, the drain after the last arrival included. */
  result(): StageResult {
    this.account();
    const waits = sortedOf(this.waits);
    return {
      waitP50: quantile(waits, 0.5),
      waitP95: quantile(waits, 0.95),
      meanPods: this.podSeconds / Math.max(this.agenda.now, 1e-9),
      maxPods: this.maxPods,
      utilisation: this.podSeconds > 0 ? this.busySeconds / (this.podSeconds * this.config.slotsPerPod) : Number.NaN,
    };
  }
}

export function simulate(s: Scenario, timeoutS: number): Result {
  const random = prng(s.seed);
  const agenda = new Agenda();
  const stages = Object.fromEntries(STAGE_NAMES.map((n) => [n, new Stage(agenda, s.stages[n])])) as Record<
    StageName,
    Stage
  >;
  const ocrTime = sampler(s.service.ocr, random);
  const moderationTime = sampler(s.service.moderationPerImage, random);
  const summariseTime = sampler(s.service.summarise, random);
  const notesTime = sampler(s.service.notes, random);
  const totalWeight = s.imagesPerUpload.reduce((sum, [, w]) => sum + w, 0);
  const images = (): number => {
    let r = random() * totalWeight;
    for (const [n, w] of s.imagesPerUpload) if ((r -= w) <= 0) return n;
    return s.imagesPerUpload[s.imagesPerUpload.length - 1]![0];
  };
  const hop = s.hopMs / 1000;
  const end = s.rampS + s.holdS;
  /** Each upload's arrival and end-to-end time (Infinity until it is answered). */
  const arrivals: number[] = [];
  const latencies: number[] = [];

  const upload = (t0: number): void => {
    const id = arrivals.length;
    arrivals.push(t0);
    latencies.push(Infinity);
    const k = images();
    let pending = 2; // ocr and moderation
    const joined = () => {
      if (--pending > 0) return;
      agenda.at(agenda.now + hop, () =>
        stages.summarise.add(summariseTime(), () =>
          agenda.at(agenda.now + hop, () =>
            stages.notes.add(notesTime(), () => {
              latencies[id] = agenda.now + s.gatewayReplyMs / 1000 - t0;
            }),
          ),
        ),
      );
    };
    const start = t0 + (k * s.gatewayBeforeMsPerImage) / 1000 + hop;
    agenda.at(start, () => {
      let modTime = 0;
      for (let i = 0; i < k; i++) modTime += moderationTime();
      stages.moderation.add(modTime, () => agenda.at(agenda.now + hop, joined));
      if (k === 1) {
        stages.ocr.add(ocrTime(), () => agenda.at(agenda.now + hop, joined));
        return;
      }
      // The parent `ocr` job adds the page jobs, waits for them, then comes back to check their results.
      stages.ocr.add(s.fanoutMs / 1000, () => {
        let pages = k;
        for (let i = 0; i < k; i++) {
          stages.ocr.add(ocrTime(), () => {
            if (--pages > 0) return;
            agenda.at(agenda.now + hop, () =>
              stages.ocr.add(s.collectMs / 1000, () => agenda.at(agenda.now + hop, joined)),
            );
          });
        }
      });
    });
  };

  // Arrivals: a Poisson process whose rate rises linearly over the ramp (thinning), then holds.
  const peak = s.uploadsPerMinute / 60;
  const rateAt = (t: number) => (t < s.rampS ? (peak * t) / s.rampS : peak);
  const nextArrival = (t: number): void => {
    let at = t;
    for (;;) {
      at += -Math.log(Math.max(random(), 1e-12)) / peak;
      if (at >= end) return;
      if (random() * peak <= rateAt(at)) break;
    }
    agenda.at(at, () => {
      upload(at);
      nextArrival(at);
    });
  };
  nextArrival(0);
  const tick = (t: number): void => {
    agenda.at(t, () => {
      for (const n of STAGE_NAMES) stages[n].autoscale();
      if (t + 15 < end) tick(t + 15);
    });
  };
  tick(15);
  // Run past the end for the uploads still in flight, up to the timeout.
  const drainUntil = end + timeoutS;
  while (agenda.step(drainUntil));

  // Unanswered uploads sort last (Infinity): a quantile that reaches them is Infinity, i.e. over the timeout.
  const sorted = sortedOf(latencies);
  const hold = sortedOf(latencies.filter((_, i) => arrivals[i]! >= s.rampS));
  const arrived = latencies.length;
  return {
    uploads: arrived,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    holdP95: quantile(hold, 0.95),
    overTimeout: arrived > 0 ? latencies.filter((l) => l > timeoutS).length / arrived : 0,
    unfinished: latencies.filter((l) => l === Infinity).length,
    stages: Object.fromEntries(STAGE_NAMES.map((n) => [n, stages[n].result()])) as Record<StageName, StageResult>,
  };
}
