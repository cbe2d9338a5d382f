/**
 * pnpm bench: the cost of everything but OCR.
 *   (a) a warm tesseract.js worker alone (the OCR service's own preprocess + recognise path),
 *   (b) the full POST /api/process-screenshots of the embedded start (upload, checks, S3, queue, moderation,
 *       OCR, summary, PostgreSQL), run as its own process exactly as `pnpm start` runs it.
 * The same screenshots go through both, interleaved round by round, in one run; it prints the medians and b/a
 * (target ≤ 1.10), and the embedded process's resident memory at idle and under load.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createTesseractEngine, recognizeBuffer } from '@snapnotes/ocr';
import { signInWithGoogleOnEmulator } from '@snapnotes/local-services';
import { renderPhotoOfPage, renderScreenshot, renderSmallText, SAMPLE_TEXT } from '@snapnotes/testing/images';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => res(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Resident memory of a process and all its descendants (Postgres, the auth emulator…), in MB. */
function rssMb(pid: number): { self: number; tree: number } {
  const read = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      const list = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      return list ? list.split(/\s+/).map(Number) : [];
    } catch {
      return [];
    }
  };
  let tree = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    tree += read(p);
    stack.push(...children(p));
  }
  return { self: read(pid), tree };
}

/** The node process that runs the product (tsx starts it as its child). */
function productPid(tsxPid: number): number {
  try {
    const kids = readFileSync(`/proc/${tsxPid}/task/${tsxPid}/children`, 'utf8').trim().split(/\s+/).map(Number);
    return kids[0] ?? tsxPid;
  } catch {
    return tsxPid;
  }
}

async function main(): Promise<void> {
  const images = [
    { name: 'light.png', data: await renderScreenshot({ lines: [...SAMPLE_TEXT.lectureNotes] }) },
    { name: 'dark.png', data: await renderScreenshot({ lines: [...SAMPLE_TEXT.chat], dark: true }) },
    { name: 'small.png', data: await renderSmallText([...SAMPLE_TEXT.lectureNotes]) },
    { name: 'photo.jpg', data: await renderPhotoOfPage([...SAMPLE_TEXT.lectureNotes]) },
  ];

  // (b)'s server: the embedded start, in its own process, on free ports and a throw-away data folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'snapnotes-bench-'));
  chmodSync(dataDir, 0o755); // as root, Postgres runs as the 'postgres' user and must reach its folder
  const [port, pgPort, s3Port, authPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'packages/embedded/src/main.ts'],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PORT: String(port),
        EMBEDDED_PG_PORT: String(pgPort),
        EMBEDDED_S3_PORT: String(s3Port),
        EMBEDDED_AUTH_PORT: String(authPort),
        FREE_UPLOADS_PER_MONTH: '100000',
        RATE_LIMIT_IMAGES: '100000',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        // Settings under study can be passed through (e.g. OCR_POOL_SIZE, MODERATION_IMAGE_CLASSIFIER).
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(OCR|MODERATION|OPENAI)_/.test(k))),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    while (!/running at (http:\/\/\S+)/.test(out)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`embedded start failed:\n${out.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = /running at (http:\/\/\S+)/.exec(out)![1]!;
    const pid = productPid(child.pid!);
    const signIn = await signInWithGoogleOnEmulator(`http://127.0.0.1:${authPort}`, {
      sub: 'bench-user',
      email: 'bench@example.com',
      name: 'Bench',
    });
    const auth = { authorization: `Bearer ${signIn.idToken}` };
    await fetch(`${url}/api/user`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    const post = async (img: { name: string; data: Buffer }) => {
      const form = new FormData();
      form.append('images', new Blob([img.data]), img.name);
      const t = performance.now();
      const res = await fetch(`${url}/api/process-screenshots`, { method: 'POST', headers: auth, body: form });
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${img.name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return ms;
    };

    // (a): the same OCR path in this process, one warm worker per core like the product's pool.
    const engine = await createTesseractEngine({ languages: ['eng'], poolSize: 2, logger: pino({ level: 'warn' }) });
    await engine.warm();
    const ocr = async (img: { data: Buffer }) => {
      const t = performance.now();
      await recognizeBuffer(engine, img.data, ['eng']);
      return performance.now() - t;
    };

    // Warm both paths once, then measure memory at idle.
    for (const img of images) {
      await ocr(img);
      await post(img);
    }
    await new Promise((r) => setTimeout(r, 1500));
    const idle = rssMb(pid);

    const a: Record<string, number[]> = {};
    const b: Record<string, number[]> = {};
    let peak = idle;
    const sampler = setInterval(() => {
      const now = rssMb(pid);
      if (now.tree > peak.tree) peak = now;
    }, 100);
    for (let round = 0; round < ROUNDS; round++) {
      for (const img of images) {
        // Alternate which path goes first so neither gets a systematically warmer cache.
        const order = round % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
        for (const which of order) {
          if (which === 'a') (a[img.name] ??= []).push(await ocr(img));
          else (b[img.name] ??= []).push(await post(img));
        }
      }
    }
    // Under load: 8 uploads at once.
    await Promise.all(Array.from({ length: 8 }, (_, i) => post(images[i % images.length]!)));
    clearInterval(sampler);
    await engine.close();

    const rows = images.map((img) => {
      const ma = median(a[img.name]!);
      const mb = median(b[img.name]!);
      return {
        image: img.name,
        'a: OCR alone (ms)': ma.toFixed(0),
        'b: full POST (ms)': mb.toFixed(0),
        'b/a': (mb / ma).toFixed(3),
      };
    });
    const allA = median(Object.values(a).flat());
    const allB = median(Object.values(b).flat());
    console.log(`\nSnapNotes pipeline benchmark: ${ROUNDS} rounds × ${images.length} images, interleaved, one run\n`);
    console.table(rows);
    console.log(
      `median of all: a = ${allA.toFixed(0)} ms, b = ${allB.toFixed(0)} ms, b/a = ${(allB / allA).toFixed(3)} (target ≤ 1.10)`,
    );
    console.log(
      `embedded start resident memory: idle ${idle.self.toFixed(0)} MB (node) / ${idle.tree.toFixed(0)} MB (with Postgres, auth emulator); ` +
        `peak under load ${peak.self.toFixed(0)} MB / ${peak.tree.toFixed(0)} MB`,
    );
  } finally {
    await stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
