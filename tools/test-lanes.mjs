#!/usr/bin/env node
/**
 * `vitest run` in three steps (docs/PERFORMANCE.md, "Where CI's time goes"):
 *   1. the unit project alone, a file per core (`--maxWorkers=2`; Vitest's default is one fewer than the cores);
 *   2. the integration project and the browser project side by side, each running its files one after another;
 *   3. the chaos project alone, since it asserts the 10 s answer promised while Redis is frozen.
 * Vitest runs its projects one after another within one process, so step 2 is two processes, each with its own
 * Auth emulator (global setup). Each output line is prefixed with its project. Arguments are passed to every run
 * (e.g. `--bail=1`). Exits with the first failing run's code, once every step has run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);

// Every project of vitest.config.ts must have its lane: a project added there and not here would silently not run.
const LANED = ['unit', 'integration', 'browser', 'chaos'];
const declared = [...readFileSync('vitest.config.ts', 'utf8').matchAll(/\bname: '([\w-]+)'/g)].map((m) => m[1]);
const unplaced = declared.filter((name) => !LANED.includes(name));
if (unplaced.length > 0 || declared.length === 0) {
  console.error(`tools/test-lanes.mjs: no lane for the Vitest project(s) ${unplaced.join(', ') || '(none found)'}`);
  process.exit(2);
}

/** Runs `vitest run` for `projects`, prefixing each line of its output; resolves with its exit code. */
function run(label, projects, extra = []) {
  const child = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', ...projects.flatMap((p) => ['--project', p]), ...extra, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
/** Runs and reports one step; resolves with its exit code. */
async function step(label, projects, extra = []) {
  const code = await run(label, projects, extra);
  console.log(`== ${label}: exit ${code} at ${Math.round((Date.now() - started) / 1000)} s`);
  return code;
}
const codes = [await step('unit', ['unit'], ['--maxWorkers=2'])];
codes.push(...(await Promise.all([step('integration', ['integration']), step('browser', ['browser'])])));
codes.push(await step('chaos', ['chaos']));
process.exit(codes.find((code) => code !== 0) ?? 0);
