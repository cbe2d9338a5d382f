/**
 * The capacity model's questions, asked of the simulation (sim.ts) with the measured figures (figures.ts): what one
 * pod of each stage can take, where fixed replica counts saturate, and which KEDA targets keep the end-to-end p95
 * within budget from 10 to 10,000 uploads a minute.
 */
import {
  GATEWAY_BEFORE_MS_PER_IMAGE,
  GATEWAY_CPU_MS_PER_IMAGE,
  GATEWAY_REPLY_MS,
  HOP_MS,
  IMAGES_PER_UPLOAD,
  MODERATION_MS_PER_IMAGE,
  NOTES_MS,
  OCR_COLLECT_MS,
  OCR_FANOUT_MS,
  OCR_PROFILES,
  POD,
  PROCESSING_TIMEOUT_S,
  STARTUP_S,
  SUMMARISE_LOCAL,
  SUMMARISE_OPENAI_ASSUMED,
  type OcrProfile,
  type ServiceTime,
} from './figures.js';
import { simulate, STAGE_NAMES, type Autoscale, type Result, type Scenario, type StageName } from './sim.js';

export const RATES = [10, 30, 100, 300, 1000, 3000, 10_000] as const;
/**
 * End-to-end p95 the whole deployment must stay within: a sixth of PROCESSING_TIMEOUT_MS, since the user waits on an
 * open request. Split into a p95 queue wait per autoscaled stage, which the targets are chosen for (moderation runs
 * beside OCR, so its wait only shows when it is the longer one).
 */
export const P95_BUDGET_S = 30;
export const WAIT_BUDGET_S: Record<Exclude<StageName, 'notes'>, number> = { moderation: 5, ocr: 10, summarise: 5 };
/** Candidate KEDA listLength targets per autoscaled stage. */
export const CANDIDATES: Record<Exclude<StageName, 'notes'>, readonly number[]> = {
  moderation: [5, 10, 20, 50],
  ocr: [2, 5, 10, 20, 50],
  summarise: [2, 5, 10, 20],
};
/** The highest pod count a sweep may reach (the manifests' maxReplicaCount comes from what the model needed). */
const UNBOUNDED = 2000;

export interface Options {
  seed: number;
  profile: OcrProfile;
  /** Fixed images per upload instead of the assumed mix. */
  images?: number;
  /** Model latency for the summarise sweep (ms, median). */
  openaiMs: number;
  startupScale: number;
  /** Seconds of ramp and of hold per run. */
  rampS: number;
  holdS: number;
}

export const DEFAULTS: Options = {
  seed: 26,
  profile: 'screenshots',
  openaiMs: SUMMARISE_OPENAI_ASSUMED.medians[0]!,
  startupScale: 1,
  rampS: 300,
  holdS: 600,
};

const meanOf = (t: ServiceTime) =>
  (t.medians.reduce((a, b) => a + b, 0) / t.medians.length / 1000) * Math.exp((t.sigma * t.sigma) / 2);

export function imagesMix(o: Options): readonly (readonly [number, number])[] {
  return o.images ? [[o.images, 1]] : IMAGES_PER_UPLOAD;
}

export function meanImages(o: Options): number {
  const mix = imagesMix(o);
  const total = mix.reduce((s, [, w]) => s + w, 0);
  return mix.reduce((s, [n, w]) => s + n * w, 0) / total;
}

function summariseTime(o: Options, withOpenai: boolean): ServiceTime {
  return withOpenai ? { ...SUMMARISE_OPENAI_ASSUMED, medians: [o.openaiMs] } : SUMMARISE_LOCAL;
}

/** Busy slot-seconds one upload costs each stage (the mean), and one pod's slots. */
export function demand(o: Options, withOpenai: boolean): Record<StageName, { perUpload: number; slots: number }> {
  const mix = imagesMix(o);
  const total = mix.reduce((s, [, w]) => s + w, 0);
  const multi = mix.filter(([n]) => n > 1).reduce((s, [, w]) => s + w, 0) / total;
  const k = meanImages(o);
  return {
    moderation: { perUpload: k * meanOf(MODERATION_MS_PER_IMAGE), slots: POD.moderation.slots },
    ocr: {
      perUpload: k * meanOf(OCR_PROFILES[o.profile]) + (multi * (OCR_FANOUT_MS + OCR_COLLECT_MS)) / 1000,
      slots: POD.ocr.slots,
    },
    summarise: { perUpload: meanOf(summariseTime(o, withOpenai)), slots: POD.summarise.slots },
    notes: { perUpload: meanOf(NOTES_MS), slots: POD.notes.slots },
  };
}

/** Uploads a minute one pod of each stage takes at 100% busy. */
export function podCapacity(o: Options, withOpenai: boolean): Record<StageName, number> {
  const d = demand(o, withOpenai);
  return Object.fromEntries(STAGE_NAMES.map((n) => [n, (60 * d[n].slots) / d[n].perUpload])) as Record<
    StageName,
    number
  >;
}

/** Pods that keep a stage at `utilisation` for `perMinute` uploads (at least 1). */
function podsFor(o: Options, withOpenai: boolean, stage: StageName, perMinute: number, utilisation: number): number {
  return Math.max(1, Math.ceil(perMinute / (podCapacity(o, withOpenai)[stage] * utilisation)));
}

/** The gateway's pods by its HPA (CPU at 70% of the 500m request), from the upper-bound CPU per image. */
export function gatewayPods(o: Options, perMinute: number): number {
  const cores = ((perMinute / 60) * meanImages(o) * GATEWAY_CPU_MS_PER_IMAGE) / 1000;
  return Math.max(2, Math.ceil(cores / (POD.gateway.cpuRequest * POD.gateway.hpaTargetUtilisation)));
}

interface StagePlan {
  pods?: number;
  autoscale?: Autoscale;
}

function scenario(
  o: Options,
  perMinute: number,
  plan: Partial<Record<StageName, StagePlan>>,
  withOpenai: boolean,
  rampS = o.rampS,
): Scenario {
  const stages = Object.fromEntries(
    STAGE_NAMES.map((n) => {
      const p = plan[n];
      // A stage left out of the plan gets pods for 50% busy: it never holds the others back.
      const pods = p?.autoscale ? p.autoscale.min : (p?.pods ?? podsFor(o, withOpenai, n, perMinute, 0.5));
      return [
        n,
        {
          slotsPerPod: POD[n].slots,
          pods,
          ...(p?.autoscale ? { autoscale: p.autoscale } : {}),
          startupS: STARTUP_S[n] * o.startupScale,
        },
      ];
    }),
  ) as Scenario['stages'];
  return {
    seed: o.seed,
    uploadsPerMinute: perMinute,
    rampS,
    holdS: o.holdS,
    imagesPerUpload: imagesMix(o),
    service: {
      ocr: OCR_PROFILES[o.profile],
      moderationPerImage: MODERATION_MS_PER_IMAGE,
      summarise: summariseTime(o, withOpenai),
      notes: NOTES_MS,
    },
    gatewayBeforeMsPerImage: GATEWAY_BEFORE_MS_PER_IMAGE,
    gatewayReplyMs: GATEWAY_REPLY_MS,
    hopMs: HOP_MS,
    fanoutMs: OCR_FANOUT_MS,
    collectMs: OCR_COLLECT_MS,
    stages,
  };
}

export interface GridCell {
  perMinute: number;
  pods: number;
  /** Offered load / capacity; at 1 or more the queue only grows. */
  load: number;
  result?: Result;
}

/** OCR with a fixed pod count (the other stages ample), no ramp: where each count saturates. */
export function ocrGrid(o: Options, rates: readonly number[], podCounts: readonly number[]): GridCell[] {
  const cap = podCapacity(o, false).ocr;
  return rates.flatMap((perMinute) =>
    podCounts.map((pods) => {
      const load = perMinute / (cap * pods);
      if (load >= 1) return { perMinute, pods, load };
      return {
        perMinute,
        pods,
        load,
        result: simulate(scenario(o, perMinute, { ocr: { pods } }, false, 0), PROCESSING_TIMEOUT_S),
      };
    }),
  );
}

export interface SweepRow {
  stage: Exclude<StageName, 'notes'>;
  target: number;
  perMinute: number;
  result: Result;
}

/** One stage scaled by KEDA at each candidate target (the others ample), ramping to each rate. */
export function sweep(
  o: Options,
  stage: Exclude<StageName, 'notes'>,
  targets: readonly number[],
  rates: readonly number[],
): SweepRow[] {
  const withOpenai = stage === 'summarise';
  return targets.flatMap((target) =>
    rates.map((perMinute) => ({
      stage,
      target,
      perMinute,
      result: simulate(
        scenario(o, perMinute, { [stage]: { autoscale: { target, min: 1, max: UNBOUNDED } } }, withOpenai),
        PROCESSING_TIMEOUT_S,
      ),
    })),
  );
}

/**
 * The target to use: among those whose stage's p95 queue wait stays within its budget at every rate, the one with the
 * fewest pod-seconds summed over the rates (ties: the larger target, which moves the pod count less often).
 */
export function choose(rows: readonly SweepRow[]): number | undefined {
  const byTarget = new Map<number, SweepRow[]>();
  for (const r of rows) byTarget.set(r.target, [...(byTarget.get(r.target) ?? []), r]);
  const ok = [...byTarget.entries()].filter(([, rs]) =>
    rs.every((r) => r.result.stages[r.stage].waitP95 <= WAIT_BUDGET_S[r.stage]),
  );
  const cost = (rs: SweepRow[]) => rs.reduce((s, r) => s + r.result.stages[r.stage].meanPods, 0);
  ok.sort(([ta, a], [tb, b]) => cost(a) - cost(b) || tb - ta);
  return ok[0]?.[0];
}

/** maxReplicaCount: the most pods the chosen target reached at the top rate, with a fifth more, to a multiple of 5. */
export function maxReplicas(rows: readonly SweepRow[], target: number): number {
  const top = Math.max(...rows.map((r) => r.perMinute));
  const row = rows.find((r) => r.target === target && r.perMinute === top)!;
  return Math.ceil((row.result.stages[row.stage].maxPods * 1.2) / 5) * 5;
}

export interface Recommendation {
  targets: Record<Exclude<StageName, 'notes'>, number>;
  maxReplicas: Record<Exclude<StageName, 'notes'>, number>;
  gatewayMaxReplicas: number;
}

/** Everything scaled as recommended, at each rate: the table docs/SCALING.md shows. */
export function full(o: Options, r: Recommendation, rates: readonly number[], withOpenai: boolean) {
  return rates.map((perMinute) => ({
    perMinute,
    gatewayPods: gatewayPods(o, perMinute),
    result: simulate(
      scenario(
        o,
        perMinute,
        {
          moderation: { autoscale: { target: r.targets.moderation, min: 1, max: r.maxReplicas.moderation } },
          ocr: { autoscale: { target: r.targets.ocr, min: 1, max: r.maxReplicas.ocr } },
          summarise: { autoscale: { target: r.targets.summarise, min: 1, max: r.maxReplicas.summarise } },
          notes: { pods: 2 },
        },
        withOpenai,
      ),
      PROCESSING_TIMEOUT_S,
    ),
  }));
}
