/**
 * The real-world part of `pnpm bench:ocr`: every image of ../shared/ocr-real read by every reader, each reader in
 * a process of its own (host.ts), the readers of one image one right after the other in a rotating order so that
 * whatever load there is affects them alike. Scores and the printed report: score.ts, report.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RealImage, RealKind } from '@snapnotes/ocr/corpus';
import type { RealEngineName } from './engines.js';
import type { HostReply, HostRequest } from './host.js';
import { interleave } from '../stats.js';
import { scoreReading, type Score } from './score.js';

export interface RealResult {
  id: string;
  source: string;
  kind: RealKind;
  category: string;
  engine: RealEngineName;
  text: string;
  hasText: boolean;
  ms: number;
  cpuMs: number;
  score: Score;
  error?: string;
}

export interface RealRun {
  results: RealResult[];
  /** Peak resident memory of each reader's process, in KB. */
  peakKb: Partial<Record<RealEngineName, number>>;
  /** Readers that could not start, with why (the tesseract command not installed). */
  skipped: { engine: RealEngineName; why: string }[];
  seconds: number;
}

interface Host {
  name: RealEngineName;
  child: ChildProcess;
  read(img: RealImage): Promise<Extract<HostReply, { type: 'reading' }>>;
  /** Closes the reader; its peak memory in KB. */
  close(): Promise<number>;
}

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (err: Error) => void;
}

const hostFile = fileURLToPath(new URL('./host.ts', import.meta.url));

function startHost(name: RealEngineName): Promise<Host> {
  const child = fork(hostFile, [name], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const readings = new Map<string, Waiter<Extract<HostReply, { type: 'reading' }>>>();
  // The one control message awaited at a time: `ready` after the start, `closed` after `close`.
  let control: Waiter<HostReply> | null = null;
  child.on('message', (reply: HostReply) => {
    if (reply.type === 'reading') {
      readings.get(reply.id)?.resolve(reply);
      readings.delete(reply.id);
    } else {
      control?.resolve(reply);
      control = null;
    }
  });
  child.on('exit', (code) => {
    const err = new Error(`the ${name} reader exited (${code})`);
    for (const w of readings.values()) w.reject(err);
    readings.clear();
    control?.reject(err);
    control = null;
  });
  const send = (req: HostRequest) => child.send(req);
  const host: Host = {
    name,
    child,
    read: (img) =>
      new Promise((resolve, reject) => {
        readings.set(img.id, { resolve, reject });
        send({ type: 'read', id: img.id, file: img.file, lang: img.lang });
      }),
    close: () =>
      new Promise((resolve, reject) => {
        control = { resolve: (r) => resolve(r.type === 'closed' ? r.peakKb : 0), reject };
        send({ type: 'close' });
      }),
  };
  return new Promise((resolve, reject) => {
    control = {
      resolve: (r) =>
        r.type === 'ready' ? resolve(host) : reject(new Error(r.type === 'failed' ? r.error : `unexpected ${r.type}`)),
      reject,
    };
  });
}

export interface RealBenchOptions {
  images: RealImage[];
  engines: readonly RealEngineName[];
  /** Images in flight at once (default 1: per-image times are only honest one at a time). */
  concurrency?: number;
  /** Unmeasured readings per reader before the run (default 2). */
  warmUp?: number;
  log?: (line: string) => void;
}

export async function runRealBench(options: RealBenchOptions): Promise<RealRun> {
  const { images, concurrency = 1, warmUp = 2, log = () => {} } = options;
  const hosts: Host[] = [];
  const skipped: RealRun['skipped'] = [];
  for (const name of options.engines) {
    try {
      hosts.push(await startHost(name));
    } catch (err) {
      skipped.push({ engine: name, why: err instanceof Error ? err.message : String(err) });
      log(`${name}: not measured (${skipped[skipped.length - 1]!.why})`);
    }
  }
  try {
    const order = interleave(images, (i) => i.kind);
    for (const host of hosts) {
      for (const img of order.slice(0, warmUp)) {
        await host.read(img);
      }
    }
    const tasks = order.flatMap((img, i) => hosts.map((_, k) => ({ img, host: hosts[(i + k) % hosts.length]! })));
    const results: RealResult[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < tasks.length) {
        const { img, host } = tasks[next++]!;
        const reply = await host.read(img);
        const score = scoreReading(img.truth, reply.text);
        results.push({
          id: img.id,
          source: img.source,
          kind: img.kind,
          category: img.category,
          engine: host.name,
          text: reply.text,
          hasText: reply.hasText,
          ms: reply.ms,
          cpuMs: reply.cpuMs,
          score,
          ...(reply.error ? { error: reply.error } : {}),
        });
        log(
          `[${String(results.length).padStart(4)}/${tasks.length}] ${img.id.slice(0, 40).padEnd(40)} ` +
            `${host.name.padEnd(13)} CER ${(score.cerCi * 100).toFixed(1).padStart(5)}% ${reply.ms.toFixed(0).padStart(6)} ms` +
            (reply.error ? ` ERROR ${reply.error}` : ''),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    const seconds = (performance.now() - started) / 1000;
    const peakKb: RealRun['peakKb'] = {};
    for (const host of hosts) peakKb[host.name] = await host.close();
    return { results, peakKb, skipped, seconds };
  } finally {
    for (const host of hosts) if (host.child.exitCode === null) host.child.kill();
  }
}
