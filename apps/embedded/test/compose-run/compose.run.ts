/**
 * `pnpm test:compose`: the distributed stack for real, in Docker, from the images `pnpm images` builds (issue 26).
 *
 *   1. a Docker engine and Compose v2 (deploy/images/engine.sh starts dockerd when nothing answers) and every image
 *      (deploy/images/build.sh when one is missing; COMPOSE_TEST_BUILD=1 rebuilds them first);
 *   2. `docker compose up -d --wait` of docker-compose.yml + deploy/compose/emulator.yml (the Firebase Auth emulator)
 *      + a generated override (a throwaway .env, ports published on ephemeral 127.0.0.1 ports), as project
 *      `snapnotes-compose-test`: every container healthy;
 *   3. signs in through the emulator, uploads real screenshots through the gateway, reads the note back from the API;
 *   4. `--scale ocr=2`, an upload of several pages, one OCR container SIGKILLed in the middle of a job and started
 *      again: the upload still ends in exactly one note;
 *   5. three integration files (the test servers' own, the database's, the whole API's) on Testcontainers running the
 *      same local images of PostgreSQL, Redis and S3 (packages/testing/src/containers.ts);
 *   6. `docker compose down -v` (always, also after a failure; COMPOSE_TEST_KEEP=1 leaves the stack up to look at).
 *
 * Traffic from this script goes only to the ports compose publishes on 127.0.0.1, plus `docker exec` into a worker
 * container for its own /metrics. Prints each step's time and ends with "N passed, N failed". Not part of `pnpm test`
 * or CI (README, "Running it as services"): it needs a Docker engine, and takes minutes.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LOCAL_IMAGES } from '@snapnotes/testing/containers';
import { check, expectWords, notesOf, screenshots, signIn, upload } from './app.js';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const PROJECT = 'snapnotes-compose-test';
const OCR_REAL = resolve(ROOT, '../shared/ocr-real');
const APP_SERVICES = ['gateway', 'moderation', 'ocr', 'summarise', 'notes'] as const;
/** Every image compose runs; the infrastructure's are the ones the Testcontainers step uses too. */
const IMAGES = [
  ...Object.values(LOCAL_IMAGES),
  'snapnotes/firebase-auth-emulator:15.34.2',
  ...APP_SERVICES.map((s) => `snapnotes/${s}:local`),
];
const env = process.env;
const VITEST = resolve(ROOT, 'node_modules/vitest/vitest.mjs');
/** Integration files run on Testcontainers at the end: the servers' own test, the database, the whole API. */
const TESTCONTAINERS_FILES = [
  'packages/testing/test/services.int.test.ts',
  'packages/db/test/repos.int.test.ts',
  'apps/embedded/test/api.int.test.ts',
];

// --- reporting --------------------------------------------------------------------------------------------------

const results: Array<{ name: string; ok: boolean; ms: number; error?: string }> = [];
const t0 = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const say = (msg: string) => process.stdout.write(`[compose-test ${secs(Date.now() - t0)}] ${msg}\n`);

async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const start = Date.now();
  say(`${name} …`);
  try {
    const value = await fn();
    results.push({ name, ok: true, ms: Date.now() - start });
    say(`ok   ${name} (${secs(Date.now() - start)})`);
    return value;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    results.push({ name, ok: false, ms: Date.now() - start, error });
    say(`FAIL ${name} (${secs(Date.now() - start)}): ${error}`);
    throw err;
  }
}

// --- docker -------------------------------------------------------------------------------------------------------

let composeArgs: string[] = [];

/** Runs a command, its output streamed with a prefix; rejects on a non-zero exit. */
function stream(cmd: string, args: string[], label: string, childEnv = env): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail: string[] = [];
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (env.COMPOSE_TEST_VERBOSE) process.stdout.write(`  ${label}| ${line}\n`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? ok() : fail(new Error(`${label} exited ${code}:\n${tail.map((l) => `    ${l}`).join('\n')}`)),
    );
  });
}

const compose = async (...args: string[]) =>
  (await run('docker', ['compose', ...composeArgs, ...args], { cwd: ROOT, maxBuffer: 64 << 20 })).stdout;

async function psJson(): Promise<Array<{ Name: string; Service: string; State: string; Health: string }>> {
  const out = (await compose('ps', '--all', '--format', 'json')).trim();
  if (!out) return [];
  // Compose 2.2x prints one JSON object per line (older ones: an array).
  return out.startsWith('[') ? JSON.parse(out) : out.split('\n').map((l) => JSON.parse(l));
}

async function publishedUrl(service: string, port: number): Promise<string> {
  const out = (await compose('port', service, String(port))).trim();
  const [host, p] = [out.slice(0, out.lastIndexOf(':')), out.slice(out.lastIndexOf(':') + 1)];
  check(host === '127.0.0.1', `${service}:${port} is published on ${out}, not on 127.0.0.1`);
  return `http://127.0.0.1:${p}`;
}

async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fn().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${secs(timeoutMs)} waiting for ${what}`);
}

// --- the stack's own figures -------------------------------------------------------------------------------------

/** OCR jobs in hand in one container, from its own /metrics (inside the container: worker ports are not published). */
async function ocrActive(container: string, opsToken: string): Promise<number> {
  const script =
    `fetch('http://127.0.0.1:9100/metrics',{headers:{authorization:'Bearer ${opsToken}'}})` +
    `.then(r=>r.text()).then(t=>{const m=t.match(/^snapnotes_jobs_active\\{[^}]*stage="ocr"[^}]*\\} (\\d+)/m);` +
    `console.log(m?m[1]:0)})`;
  const { stdout } = await run('docker', ['exec', container, 'node', '-e', script]);
  return Number(stdout.trim());
}

// --- the run ------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'snapnotes-compose-'));
  const opsToken = randomBytes(16).toString('hex');
  const envFile = join(work, 'test.env');
  writeFileSync(
    envFile,
    [
      `POSTGRES_PASSWORD=${randomBytes(12).toString('hex')}`,
      `S3_ACCESS_KEY_ID=snapnotes`,
      `S3_SECRET_ACCESS_KEY=${randomBytes(12).toString('hex')}`,
      `OPS_TOKEN=${opsToken}`,
      'LOG_LEVEL=info',
      // Uploads of several pages from one user in a row: above the default 10 images in 5 minutes.
      'RATE_LIMIT_IMAGES=100',
      '',
    ].join('\n'),
  );
  const override = join(work, 'override.yml');
  const envFileOverride = `{ env_file: !override ['${envFile}'] }`;
  writeFileSync(
    override,
    [
      '# pnpm test:compose: a throwaway .env, and ports on ephemeral 127.0.0.1 ports (none collide with a running stack)',
      'services:',
      `  gateway: { env_file: !override ['${envFile}'], ports: !override ['127.0.0.1::8080'] }`,
      ...APP_SERVICES.filter((s) => s !== 'gateway').map((s) => `  ${s}: ${envFileOverride}`),
      "  firebase-auth: { ports: !override ['127.0.0.1::9099'] }",
      '',
    ].join('\n'),
  );
  composeArgs = [
    '-p',
    PROJECT,
    '-f',
    join(ROOT, 'docker-compose.yml'),
    '-f',
    join(ROOT, 'deploy/compose/emulator.yml'),
    '-f',
    override,
    '--env-file',
    envFile,
  ];

  // Ctrl+C or a kill: the stack goes down all the same (unless COMPOSE_TEST_KEEP).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`${signal}: docker compose down -v`);
      const down = env.COMPOSE_TEST_KEEP
        ? Promise.resolve('')
        : compose('down', '-v', '--remove-orphans', '--timeout', '5');
      void down.catch(() => '').finally(() => process.exit(130));
    });
  }

  try {
    await step('Docker engine and Compose v2', () => stream('bash', ['deploy/images/engine.sh'], 'engine'));
    await step('images', async () => {
      const missing: string[] = [];
      for (const image of IMAGES) {
        await run('docker', ['image', 'inspect', image]).catch(() => missing.push(image));
      }
      if (missing.length > 0 || env.COMPOSE_TEST_BUILD) {
        say(`building with deploy/images/build.sh (missing: ${missing.join(', ') || 'none'})`);
        await stream('bash', ['deploy/images/build.sh'], 'images');
      }
    });
    // A stack left behind by an interrupted run.
    await compose('down', '-v', '--remove-orphans').catch(() => undefined);

    await step('docker compose up -d --wait: every container healthy', async () => {
      await stream('docker', ['compose', ...composeArgs, 'up', '-d', '--wait', '--wait-timeout', '300'], 'up');
      const ps = await psJson();
      for (const s of ['postgres', 'redis', 's3', 'firebase-auth', ...APP_SERVICES]) {
        const c = ps.find((p) => p.Service === s);
        check(c, `no container for ${s}`);
        check(c.State === 'running' && c.Health === 'healthy', `${s}: ${c.State}/${c.Health}`);
      }
    });

    const gateway = await publishedUrl('gateway', 8080);
    const emulator = await publishedUrl('firebase-auth', 9099);
    const shots = screenshots(ROOT, OCR_REAL);
    check(shots.length >= 5, `only ${shots.length} screenshots found`);
    say(`gateway ${gateway}, emulator ${emulator}, ${shots.length} real screenshots`);

    const user = await step('sign in through the Auth emulator', () => signIn(gateway, emulator, 'Compose Test'));

    await step('upload two real screenshots, read the note back through the API', async () => {
      const files = shots.slice(0, 2);
      const note = await upload(gateway, user, files, `compose-first-${Date.now()}`);
      expectWords(note, files);
      const notes = await notesOf(gateway, user);
      check(notes.length === 1 && notes[0]!.id === note.id, `GET /api/notes: ${notes.length} notes`);
      check(notes[0]!.originalText === note.originalText, 'the listed note differs from the answer');
    });

    await step('docker compose up -d --scale ocr=2', async () => {
      await stream(
        'docker',
        ['compose', ...composeArgs, 'up', '-d', '--wait', '--wait-timeout', '180', '--scale', 'ocr=2'],
        'scale',
      );
      const ocr = (await psJson()).filter((p) => p.Service === 'ocr');
      check(ocr.length === 2 && ocr.every((c) => c.Health === 'healthy'), `ocr: ${JSON.stringify(ocr)}`);
    });

    await step('kill one OCR container mid-job and start it again: the upload still ends in one note', async () => {
      // Eight pages on four OCR slots (2 containers × OCR_CONCURRENCY 2): two waves, so the victim has jobs in hand
      // for several seconds and the kill lands in the middle of one.
      const files = shots.slice(2, 10);
      const requestId = `compose-kill-${Date.now()}`;
      const answer = upload(gateway, user, files, requestId);
      answer.catch(() => undefined);
      const ocr = (await psJson()).filter((p) => p.Service === 'ocr').map((p) => p.Name);
      let victim = '';
      await waitFor(
        'an OCR container to take a job',
        async () => {
          const active = await Promise.all(ocr.map((c) => ocrActive(c, opsToken).catch(() => 0)));
          victim = ocr[active.findIndex((n) => n > 0)] ?? '';
          return victim !== '';
        },
        60_000,
        100,
      );
      const killedAt = Date.now();
      await run('docker', ['kill', '--signal', 'KILL', victim]);
      const recognised = (logs: string) =>
        logs.split('\n').filter((l) => l.includes(requestId) && l.includes('page recognised')).length;
      const before = recognised((await run('docker', ['logs', victim], { maxBuffer: 64 << 20 })).stdout);
      say(`killed ${victim} with jobs in hand (${before} of ${files.length} pages done there); starting it again`);
      await run('docker', ['start', victim]);
      const note = await answer;
      say(`upload answered ${secs(Date.now() - killedAt)} after the kill`);
      expectWords(note, files);
      const notes = await notesOf(gateway, user);
      check(notes.length === 2, `GET /api/notes: ${notes.length} notes, expected 2`);
      check(notes.filter((n) => n.id === note.id).length === 1, 'the note is not listed exactly once');
      // Every page read exactly once to the end (a killed attempt logs nothing), the victim's lost jobs by someone.
      const pages = recognised(await compose('logs', '--no-log-prefix', 'ocr'));
      check(pages === files.length, `${pages} pages recognised for ${files.length} images`);
      await waitFor(
        `${victim} healthy again`,
        async () => (await psJson()).find((p) => p.Name === victim)?.Health === 'healthy',
        120_000,
        1000,
      );
    });
    await step('Testcontainers: integration tests on the local images', () => {
      // The test servers as containers of snapnotes/postgres, redis and s3 (packages/testing/src/containers.ts);
      // services.int.test.ts fails unless every one of them is such a container.
      const testEnv: NodeJS.ProcessEnv = {
        ...env,
        SNAPNOTES_TEST_IMAGES: 'local',
        SNAPNOTES_TEST_EXPECT_CONTAINERS: '1',
      };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SNAPNOTES_TEST_NO_DOCKER']) delete testEnv[name];
      const args = [VITEST, 'run', '--project', 'integration', ...TESTCONTAINERS_FILES];
      return stream(process.execPath, args, 'vitest', testEnv);
    });
  } finally {
    if (env.COMPOSE_TEST_KEEP) {
      say(`COMPOSE_TEST_KEEP: the stack stays up (docker compose -p ${PROJECT} … down -v to remove it)`);
    } else {
      await step('docker compose down -v', async () => {
        await compose('logs', '--no-color', '--timestamps').then(
          (logs) => writeFileSync(join(tmpdir(), `${PROJECT}.log`), logs),
          () => undefined,
        );
        await compose('down', '-v', '--remove-orphans', '--timeout', '20');
        check((await psJson()).length === 0, 'containers left after down -v');
      }).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    }
  }
}

main()
  .catch(() => undefined)
  .finally(() => {
    const failed = results.filter((r) => !r.ok);
    process.stdout.write(
      `\ncompose test: ${secs(Date.now() - t0)} in all (logs: ${join(tmpdir(), `${PROJECT}.log`)})\n`,
    );
    for (const r of results) process.stdout.write(`  ${r.ok ? 'ok  ' : 'FAIL'} ${secs(r.ms).padStart(8)}  ${r.name}\n`);
    process.stdout.write(`${results.length - failed.length} passed, ${failed.length} failed\n`);
    process.exitCode = failed.length > 0 ? 1 : 0;
  });
