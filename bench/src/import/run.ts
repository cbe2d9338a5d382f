/**
 * One mode's run of `pnpm bench:import`: the screenshots sent as one import (`POST /api/imports`, multipart, or one
 * zip), followed to the end (./follow.ts), the notes the user then has, and the product's resident memory sampled
 * every second from before the import until a while after it settled.
 */
import { IMPORT_FILES_FIELD } from '@snapnotes/contracts';
import type { LogLine } from '@snapnotes/testing/processes';
import { makeZip } from '@snapnotes/testing/zips';
import { memoryOf, type Memory } from '../pipeline/memory.js';
import type { Target } from '../pipeline/targets.js';
import { followImport, type Followed } from './follow.js';
import type { Screen } from './screens.js';

export interface ImportOptions {
  /** Send one zip of the screenshots rather than each as a file of the multipart body. */
  asZip: boolean;
  /** How long the import may take before the run gives up on it. */
  timeoutMs: number;
  /** How long memory is watched after the import settled ("after" is the mean of that window). */
  afterMs: number;
}

export interface ImportRun {
  followed: Followed;
  /** Bytes sent and the POST's time until its 202. */
  bytes: number;
  postMs: number;
  /** The user's notes afterwards (a fresh user: all of them the import's), and how many done items name one. */
  notes: number;
  notesFound: number;
  memory: { before: Memory; peak: Memory; after: Memory };
  /** The product's error-level log lines during the run (pino level ≥ 50), to say why an image failed. */
  errors: LogLine[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function body(screens: readonly Screen[], asZip: boolean): { form: FormData; bytes: number } {
  const form = new FormData();
  if (asZip) {
    const zip = makeZip(screens.map((s) => ({ name: `Screenshots/${s.name}`, data: s.data })));
    form.append(IMPORT_FILES_FIELD, new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'screenshots.zip');
    return { form, bytes: zip.length };
  }
  for (const s of screens) {
    form.append(IMPORT_FILES_FIELD, new Blob([new Uint8Array(s.data)], { type: 'image/png' }), s.name);
  }
  return { form, bytes: screens.reduce((n, s) => n + s.data.length, 0) };
}

/** The largest of each figure over `samples`, and their mean. */
const peakOf = (samples: readonly Memory[]): Memory => ({
  self: Math.max(...samples.map((m) => m.self)),
  node: Math.max(...samples.map((m) => m.node)),
  tree: Math.max(...samples.map((m) => m.tree)),
});
const meanOf = (samples: readonly Memory[]): Memory => {
  const n = Math.max(1, samples.length);
  const sum = (k: keyof Memory) => samples.reduce((a, m) => a + m[k], 0) / n;
  return { self: sum('self'), node: sum('node'), tree: sum('tree') };
};

/** The signed-in user's id (POST /api/user answers the existing user) and how many notes it has. */
async function notesOf(target: Target): Promise<Array<{ id: number | string }>> {
  const res = await fetch(`${target.url}/api/user`, {
    method: 'POST',
    headers: { ...target.auth, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 200) throw new Error(`POST /api/user: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  const list = await fetch(`${target.url}/api/notes/${id}`, { headers: target.auth });
  if (list.status !== 200) throw new Error(`GET /api/notes/${id}: ${list.status} ${await list.text()}`);
  return (await list.json()) as Array<{ id: number | string }>;
}

export async function runImport(target: Target, screens: readonly Screen[], opts: ImportOptions): Promise<ImportRun> {
  const before = memoryOf(target.pids());
  const from = Date.now(); // pino's `time`: the product's error lines from here on are the run's
  const during: Memory[] = [before];
  const sampler = setInterval(() => during.push(memoryOf(target.pids())), 1000);
  try {
    const { form, bytes } = body(screens, opts.asZip);
    const started = performance.now();
    const res = await fetch(`${target.url}/api/imports`, { method: 'POST', headers: target.auth, body: form });
    const acceptedAt = performance.now();
    if (res.status !== 202) throw new Error(`POST /api/imports: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    const followed = await followImport(target.url, target.auth, id, acceptedAt, opts.timeoutMs);
    const settledAt = during.length;
    await sleep(opts.afterMs);
    const after = during.slice(settledAt);
    const notes = await notesOf(target);
    const ids = new Set(notes.map((n) => String(n.id)));
    const notesFound = followed.items.filter((i) => i.status === 'done' && i.noteId && ids.has(i.noteId)).length;
    return {
      followed,
      bytes,
      postMs: acceptedAt - started,
      notes: notes.length,
      notesFound,
      memory: { before, peak: peakOf(during), after: meanOf(after.length ? after : during.slice(-1)) },
      errors: target.logLines().filter((l) => l.level >= 50 && (l.time ?? 0) >= from),
    };
  } finally {
    clearInterval(sampler);
  }
}
