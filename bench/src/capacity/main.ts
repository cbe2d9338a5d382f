/**
 * pnpm bench:capacity: the capacity model (docs/SCALING.md). From the measured service times (figures.ts), a seeded
 * discrete-event simulation of the BullMQ flow (sim.ts) at 10 to 10,000 uploads a minute:
 *   1. what one pod of each stage takes, and so where fixed replica counts saturate;
 *   2. OCR at fixed pod counts: end-to-end p95 as rate and pods grow;
 *   3. each autoscaled stage (moderation, OCR, summarise with a model) under KEDA at candidate listLength targets,
 *      ramping from idle to each rate in 5 minutes and holding 10: the target that keeps p95 within 30 s with the
 *      fewest pods, and the maxReplicaCount the top rate needed;
 *   4. everything scaled that way, local summariser and model;
 * then compares the recommendation with deploy/kubernetes/base (keda.yaml, gateway.yaml): exit 1 when they differ
 * (with the default inputs only; other knobs print the comparison).
 *
 * Knobs: CAPACITY_SMOKE=1 (two rates, a 3-minute hold, the manifests' own targets only: a quick check, ~10 s);
 * CAPACITY_PROFILE=screenshots|documents (OCR times: the generated corpus or the real documents, docs/OCR.md);
 * CAPACITY_IMAGES=N (every upload N images instead of the assumed mix); CAPACITY_OPENAI_MS (model latency, median);
 * CAPACITY_STARTUP_SCALE (multiplies the assumed pod start-up times); CAPACITY_SEED.
 */
import { OCR_PROFILES, PROCESSING_TIMEOUT_S, type OcrProfile } from './figures.js';
import { readManifestScaling } from './manifests.js';
import {
  CANDIDATES,
  choose,
  DEFAULTS,
  demand,
  full,
  gatewayPods,
  maxReplicas,
  meanImages,
  ocrGrid,
  P95_BUDGET_S,
  WAIT_BUDGET_S,
  podCapacity,
  RATES,
  sweep,
  type Options,
  type Recommendation,
  type SweepRow,
} from './model.js';
import { STAGE_NAMES, type Result } from './sim.js';

const env = (name: string): string | undefined => {
  const v = process.env[name];
  return v === undefined || v === '' ? undefined : v;
};
const smoke = env('CAPACITY_SMOKE') === '1';
const profile = (env('CAPACITY_PROFILE') ?? DEFAULTS.profile) as OcrProfile;
if (!(profile in OCR_PROFILES)) throw new Error(`CAPACITY_PROFILE: one of ${Object.keys(OCR_PROFILES).join(', ')}`);
const options: Options = {
  ...DEFAULTS,
  profile,
  ...(env('CAPACITY_IMAGES') ? { images: Number(env('CAPACITY_IMAGES')) } : {}),
  openaiMs: Number(env('CAPACITY_OPENAI_MS') ?? DEFAULTS.openaiMs),
  startupScale: Number(env('CAPACITY_STARTUP_SCALE') ?? DEFAULTS.startupScale),
  seed: Number(env('CAPACITY_SEED') ?? DEFAULTS.seed),
  ...(smoke ? { holdS: 180 } : {}),
};
const defaultInputs = [
  'CAPACITY_PROFILE',
  'CAPACITY_IMAGES',
  'CAPACITY_OPENAI_MS',
  'CAPACITY_STARTUP_SCALE',
  'CAPACITY_SEED',
]
  .map(env)
  .every((v) => v === undefined);
const rates: readonly number[] = smoke ? [10, 1000] : RATES;

const s = (x: number) => (x === Infinity ? '> 180 s' : x >= 10 ? `${x.toFixed(0)} s` : `${x.toFixed(2)} s`);
const n0 = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 0 });
const n1 = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 1 });
function table(head: string[], rows: (string | number)[][]): void {
  console.log(`| ${head.join(' | ')} |`);
  console.log(`| ${head.map(() => '---').join(' | ')} |`);
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log();
}
const started = Date.now();

console.log(
  `# Capacity model (${smoke ? 'smoke' : 'full'} run; OCR profile ${profile}; ${n1(meanImages(options))} images an upload; seed ${options.seed})\n`,
);

console.log('## 1. One pod of each stage\n');
for (const withOpenai of [false, true]) {
  const d = demand(options, withOpenai);
  const cap = podCapacity(options, withOpenai);
  console.log(
    withOpenai ? `With an OpenAI model (assumed ${n0(options.openaiMs)} ms median):\n` : 'Local summariser:\n',
  );
  table(
    ['stage', 'slots a pod', 'busy slot-s an upload', 'uploads/min a pod at 100%', 'pods for 10,000/min at 70%'],
    STAGE_NAMES.map((n) => [
      n,
      d[n].slots,
      d[n].perUpload.toFixed(4),
      n1(cap[n]),
      n0(Math.ceil(10_000 / (cap[n] * 0.7))),
    ]),
  );
}
console.log(
  `Gateway (HPA, CPU 70% of 500m, ≤ 30 ms CPU an image): ${rates.map((r) => `${n0(r)}/min → ${gatewayPods(options, r)}`).join(', ')} pods.\n`,
);

if (!smoke) {
  console.log('## 2. OCR at fixed pod counts: end-to-end p95 (no ramp, 10 minutes)\n');
  const pods = [1, 2, 5, 10, 20, 50, 100, 200];
  const grid = ocrGrid(options, RATES, pods);
  table(
    ['uploads/min', ...pods.map((p) => `${p} pods`)],
    RATES.map((r) => [
      n0(r),
      ...pods.map((p) => {
        const c = grid.find((g) => g.perMinute === r && g.pods === p)!;
        return c.result
          ? `${s(c.result.p95)} (${(c.load * 100).toFixed(0)}%)`
          : `saturated (${(c.load * 100).toFixed(0)}%)`;
      }),
    ]),
  );
}

const manifests = readManifestScaling();
const stages = ['moderation', 'ocr', 'summarise'] as const;
const recommendation: Recommendation = {
  targets: { moderation: 0, ocr: 0, summarise: 0 },
  maxReplicas: { moderation: 0, ocr: 0, summarise: 0 },
  gatewayMaxReplicas: 0,
};
console.log(
  `## 3. KEDA targets (ramp ${options.rampS} s from idle, hold ${options.holdS} s; p95 queue wait within ${Object.entries(
    WAIT_BUDGET_S,
  )
    .map(([k, v]) => `${k} ${v} s`)
    .join(', ')})\n`,
);
for (const stage of stages) {
  const targets = smoke ? [manifests.scaled[stage]?.target ?? 10] : CANDIDATES[stage];
  const rows: SweepRow[] = sweep(options, stage, targets, rates);
  console.log(`### ${stage}${stage === 'summarise' ? ` (OpenAI model, assumed ${n0(options.openaiMs)} ms)` : ''}\n`);
  table(
    ['listLength', ...rates.map((r) => `${n0(r)}/min: wait p95 · end-to-end p95 · mean/max pods`)],
    targets.map((t) => [
      t,
      ...rates.map((r) => {
        const row = rows.find((x) => x.target === t && x.perMinute === r)!;
        const st = row.result.stages[stage];
        return `${s(st.waitP95)} · ${s(row.result.p95)} · ${n1(st.meanPods)}/${st.maxPods}`;
      }),
    ]),
  );
  const m = manifests.scaled[stage];
  if (smoke) {
    // Smoke: the manifests' own targets and bounds, checked against the budget at two rates.
    recommendation.targets[stage] = m?.target ?? 0;
    recommendation.maxReplicas[stage] = m?.max ?? 0;
    const over = rows.filter((r) => r.result.stages[stage].waitP95 > WAIT_BUDGET_S[stage]);
    if (over.length > 0) {
      console.log(
        `${stage}: p95 wait over ${WAIT_BUDGET_S[stage]} s at ${over.map((r) => `${n0(r.perMinute)}/min`).join(', ')}.\n`,
      );
      process.exitCode = 1;
    }
    continue;
  }
  const chosen = choose(rows);
  if (chosen === undefined) {
    console.log(
      `No candidate keeps ${stage}'s p95 wait within ${WAIT_BUDGET_S[stage]} s: the manifests' values are used below.\n`,
    );
    process.exitCode = 1;
    recommendation.targets[stage] = m?.target ?? Math.min(...CANDIDATES[stage]);
    recommendation.maxReplicas[stage] = m?.max ?? 100;
    continue;
  }
  recommendation.targets[stage] = chosen;
  recommendation.maxReplicas[stage] = maxReplicas(rows, chosen);
  console.log(`→ listLength ${chosen}, maxReplicaCount ${recommendation.maxReplicas[stage]}\n`);
}
recommendation.gatewayMaxReplicas = smoke
  ? manifests.gatewayMaxReplicas
  : Math.ceil((gatewayPods(options, Math.max(...RATES)) * 1.2) / 5) * 5;

console.log('## 4. Everything scaled as recommended\n');
for (const withOpenai of [false, true]) {
  console.log(withOpenai ? `With an OpenAI model (assumed ${n0(options.openaiMs)} ms):\n` : 'Local summariser:\n');
  const rows = full(options, recommendation, rates, withOpenai);
  const slow = rows.filter((r) => r.result.p95 > P95_BUDGET_S);
  if (slow.length > 0) {
    console.log(`End-to-end p95 over ${P95_BUDGET_S} s at ${slow.map((r) => `${n0(r.perMinute)}/min`).join(', ')}.\n`);
    process.exitCode = 1;
  }
  table(
    [
      'uploads/min',
      'p50',
      'p95',
      'p99',
      `over ${PROCESSING_TIMEOUT_S} s`,
      'OCR wait p95',
      'pods: gateway · moderation · ocr · summarise · notes (mean/max)',
    ],
    rows.map(({ perMinute, gatewayPods: g, result }: { perMinute: number; gatewayPods: number; result: Result }) => [
      n0(perMinute),
      s(result.p50),
      s(result.p95),
      s(result.p99),
      `${(result.overTimeout * 100).toFixed(2)}%`,
      s(result.stages.ocr.waitP95),
      [`${g}`, ...STAGE_NAMES.map((n) => `${n1(result.stages[n].meanPods)}/${result.stages[n].maxPods}`)].join(' · '),
    ]),
  );
}

console.log('## The manifests (deploy/kubernetes/base)\n');
const differences: string[] = [];
for (const stage of stages) {
  const m = manifests.scaled[stage];
  const want = { target: recommendation.targets[stage], max: recommendation.maxReplicas[stage] };
  const line = smoke
    ? `${stage}: keda.yaml listLength ${m?.target ?? '—'}, maxReplicaCount ${m?.max ?? '—'} (smoke: not searched)`
    : `${stage}: keda.yaml listLength ${m?.target ?? '—'}, maxReplicaCount ${m?.max ?? '—'}; model ${want.target}, ${want.max}`;
  console.log(`- ${line}`);
  if (!m || m.target !== want.target || m.max !== want.max) differences.push(line);
}
const gw = `gateway: HPA maxReplicas ${manifests.gatewayMaxReplicas}; model ${recommendation.gatewayMaxReplicas}`;
console.log(`- ${gw}`);
if (manifests.gatewayMaxReplicas !== recommendation.gatewayMaxReplicas) differences.push(gw);
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
if (differences.length > 0) {
  console.log(`\nThe manifests differ from the model:\n${differences.map((d) => `  ${d}`).join('\n')}`);
  if (defaultInputs) process.exitCode = 1;
}
