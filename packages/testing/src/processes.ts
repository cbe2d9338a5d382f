/**
 * The product's services as OS processes, for tests and benches that run the distributed stack the way
 * docs/DEPLOY.md does (`node dist/main.js` in each service's folder): build them, start one with a given
 * environment, follow its JSON log lines, signal it, wait for /readyz, read its metrics and its memory. And a
 * `redis-server` of its own that can be killed and started again on the same port, with or without persistence.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVICES = ['gateway', 'moderation', 'ocr', 'summarise', 'notes'] as const;
export type Service = (typeof SERVICES)[number];

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 20 ms until it returns a truthy value, or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // A check that never settles (a probe whose reply never comes) ends with the wait, not after it.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), Math.max(0, until - Date.now()) + 20);
    });
    const value = await Promise.race([check(), late]).finally(() => clearTimeout(timer));
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** Builds every service's `dist/` with its own tsup config (as the images do). */
export function buildServices(services: readonly Service[] = SERVICES): void {
  const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js', { paths: [REPO_ROOT] });
  for (const service of services) {
    const run = spawnSync(process.execPath, [tsup, '--silent'], {
      cwd: join(REPO_ROOT, 'services', service),
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`building ${service} failed:\n${run.stdout}\n${run.stderr}`);
  }
}

/** Resident memory of a process in bytes (Linux /proc), or undefined once it is gone. */
export function rssOf(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** The value of one series in Prometheus text (0 when absent). */
export function metricSample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const got = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

export interface LogLine {
  level: number;
  time?: number;
  msg?: string;
  correlationId?: string;
  uploadId?: string;
  [key: string]: unknown;
}

const running = new Set<ServiceProcess>();
const redisChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of running) p.signal('SIGKILL');
  for (const child of redisChildren) child.kill('SIGKILL');
});

/** How a process is started: `node <args>` in `cwd`. */
export interface Launch {
  cwd: string;
  args: string[];
}

/** The embedded start (`pnpm start` without building the web app): its TypeScript entry through tsx. */
export function embeddedLaunch(): Launch {
  const tsx = createRequire(import.meta.url).resolve('tsx', { paths: [REPO_ROOT] });
  return { cwd: join(REPO_ROOT, 'apps', 'embedded'), args: ['--import', pathToFileURL(tsx).href, 'src/main.ts'] };
}

/**
 * One process in its own process group, with exactly `env`: by default a service as its image runs it,
 * `node dist/main.js` in services/<service>.
 */
export class ServiceProcess {
  readonly lines: LogLine[] = [];
  /** Everything written to stderr, and stdout lines that were not JSON (the last 20 000 characters). */
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(
    readonly label: string,
    readonly service: Service | 'embedded',
    readonly httpPort: number,
    env: Record<string, string>,
    launch: Launch = { cwd: join(REPO_ROOT, 'services', service), args: ['dist/main.js'] },
  ) {
    this.child = spawn(process.execPath, launch.args, {
      cwd: launch.cwd,
      env: { ...env, PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so a signal reaches it alone
    });
    running.add(this);
    let buffered = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        try {
          this.lines.push(JSON.parse(line) as LogLine);
        } catch {
          this.stderr = (this.stderr + `${line}\n`).slice(-20_000);
        }
      }
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr = (this.stderr + chunk.toString()).slice(-20_000)));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        running.delete(this);
        resolve({ code, signal });
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  signal(sig: NodeJS.Signals): void {
    if (this.alive) process.kill(-this.pid, sig);
  }

  /** The last output, for failure messages. */
  tail(): string {
    const logs = this.lines.slice(-15).map((l) => JSON.stringify(l));
    return `--- ${this.label} (pid ${this.pid}) ---\n${logs.join('\n')}\n${this.stderr.slice(-3000)}`;
  }

  /** Lines at `level` (pino: 40 warn, 50 error, 60 fatal) or above. */
  linesAtLeast(level: number): LogLine[] {
    return this.lines.filter((l) => l.level >= level);
  }

  async waitReady(timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      if (!this.alive) throw new Error(`${this.label} exited before it was ready\n${this.tail()}`);
      try {
        const res = await fetch(`${this.url}/readyz`);
        last = `${res.status} ${await res.text()}`;
        if (res.status === 200) return;
      } catch (err) {
        last = (err as Error).message;
      }
      await sleep(100);
    }
    throw new Error(`${this.label} not ready after ${timeoutMs} ms (${last})\n${this.tail()}`);
  }

  async metrics(): Promise<string> {
    return (await fetch(`${this.url}/metrics`)).text();
  }

  rss(): number | undefined {
    return this.alive ? rssOf(this.pid) : undefined;
  }

  /** Stops it for good: SIGTERM, then SIGKILL after a grace period. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.alive) return;
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Stops every service process still running (test teardown). */
export async function stopAllServices(graceMs = 5_000): Promise<void> {
  await Promise.all([...running].map((p) => p.stop(graceMs)));
}

export type RedisPersistence = 'none' | 'aof';

/** How long `RedisProcess.kill` waits for the server to exit (SIGTERM flushes its append-only file first). */
const KILL_WAIT_MS = 15_000;

/**
 * A `redis-server` of its own on a fixed loopback port, with its data in `dir`: `kill()` it (SIGKILL, or SIGTERM
 * for a clean shutdown) and `start()` it again, with persistence 'none' (it comes back empty, as a cache-style
 * Redis or a failover to an empty replica would) or 'aof' (append-only file, fsync every second).
 */
export class RedisProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    readonly port: number,
    readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(persistence: RedisPersistence): Promise<void> {
    if (this.running) throw new Error(`redis-server on port ${this.port} is already running`);
    const aof = persistence === 'aof';
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''];
    args.push('--appendonly', aof ? 'yes' : 'no', '--appendfsync', 'everysec');
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output = '';
    redisChildren.add(child);
    child.once('exit', () => redisChildren.delete(child));
    child.stdout?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000)));
    child.stderr?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000)));
    // Ready once it says so (to the millisecond: tests time what happens after Redis returns), or answers a PING.
    await waitFor(
      `redis-server on port ${this.port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`redis-server exited: ${this.output}`);
        return /Ready to accept connections/.test(this.output) || (await this.answers());
      },
      15_000,
    );
  }

  /** True when a PING on a new connection gets PONG. */
  async answers(): Promise<boolean> {
    const probe = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 2_000,
      commandTimeout: 2_000,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  }

  /**
   * Freezes the server (SIGSTOP): the process and its connections stay, nothing is answered — as a Redis that hangs
   * or a network black hole looks to its clients. `thaw()` (SIGCONT) lets it answer again, with its data.
   */
  freeze(): void {
    if (this.running) this.child!.kill('SIGSTOP');
  }

  thaw(): void {
    if (this.running) this.child!.kill('SIGCONT');
  }

  /** Ends the server: SIGKILL (a crash: nothing flushed) or SIGTERM (a clean shutdown). */
  async kill(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // Bounded: a server that outlives its signal fails the test with its name and output instead of hanging it.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `redis-server on port ${this.port} did not exit ${KILL_WAIT_MS} ms after ${signal}: ${this.output}`,
            ),
          ),
        KILL_WAIT_MS,
      );
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
      if (signal !== 'SIGKILL') child.kill('SIGCONT'); // a frozen server handles SIGTERM once it runs again
    });
  }
}
