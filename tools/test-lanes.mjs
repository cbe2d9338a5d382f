#!/usr/bin/env node
/**
 * `pnpm test`: the static checks and every Vitest project, in two lanes that keep both cores busy
 * (docs/PERFORMANCE.md, "Where CI's time goes"; DECISIONS, "Running the checks and projects in two lanes"):
 *   lane 1: the web app's build, then the integration project (the longest step: about 130% of a core);
 *   lane 2: typecheck, lint, format, then the unit project (a file at a time: a core is left to lane 1), the
 *           browser project (it waits on Chromium and the product far more than it computes; it needs lane 1's
 *           build), then the chaos project.
 * Each project's files run one after another in a Vitest process of its own (with its own Auth emulator, global
 * setup). Each output line is prefixed with its step. Arguments are passed to every Vitest run (e.g. `--bail=1`).
 * Every step runs even after one has failed; the exit code is the first failing step's.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);

// Every project of vitest.config.ts must have its step: a project added there and not here would silently not run.
const LANED = ['unit', 'integration', 'browser', 'chaos'];
const declared = [...readFileSync('vitest.config.ts', 'utf8').matchAll(/\bname: '([\w-]+)'/g)].map((m) => m[1]);
const unplaced = declared.filter((name) => !LANED.includes(name));
if (unplaced.length > 0 || declared.length === 0) {
  console.error(`tools/test-lanes.mjs: no lane for the Vitest project(s) ${unplaced.join(', ') || '(none found)'}`);
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

/** Runs `command`, prefixing each line of its output with `label`; resolves with its exit code. */
function run(label, command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`[${label}] ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** A step: a label and what to run; `vitest` steps get the script's arguments. */
const pnpm = (label, ...pnpmArgs) => ({ label, command: 'pnpm', args: pnpmArgs });
const vitest = (project, ...extra) => ({
  label: project,
  command: process.execPath,
  args: ['node_modules/vitest/vitest.mjs', 'run', '--project', project, ...extra, ...args],
});

const codes = [];
/** Runs steps one after another, each reported with its exit code. */
async function lane(steps) {
  for (const step of steps) {
    const code = await run(step.label, step.command, step.args);
    console.log(`== ${step.label}: exit ${code} at ${seconds()} s`);
    codes.push(code);
  }
}

const webBuild = lane([pnpm('web-build', '--filter', '@snapnotes/web', 'build')]);
await Promise.all([
  webBuild.then(() => lane([vitest('integration')])),
  (async () => {
    await lane([
      pnpm('typecheck', 'run', 'typecheck'),
      pnpm('lint', 'run', 'lint'),
      pnpm('format', 'run', 'format:check'),
      vitest('unit', '--maxWorkers=1'),
    ]);
    await webBuild; // the browser project serves the built web app
    await lane([vitest('browser'), vitest('chaos')]);
  })(),
]);
process.exit(codes.find((code) => code !== 0) ?? 0);
