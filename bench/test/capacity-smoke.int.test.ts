/**
 * `pnpm bench:capacity` keeps running as docs/SCALING.md says, and the KEDA targets in deploy/kubernetes/base/keda.yaml
 * still keep each stage's p95 queue wait, and the end-to-end p95, within budget (CAPACITY_SMOKE=1: 10 and 1,000
 * uploads a minute, a few seconds). The full run (`pnpm bench:capacity`) also searches the targets and fails when the
 * manifests differ from what it finds.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('pnpm bench:capacity (smoke)', () => {
  it("models the manifests' autoscaling within budget at 10 and 1,000 uploads a minute", async () => {
    const { stdout } = await run('pnpm', ['bench:capacity'], {
      cwd: repoRoot,
      env: { ...process.env, CAPACITY_SMOKE: '1' },
      timeout: 120_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    expect(stdout).toMatch(/^# Capacity model \(smoke run/m);
    expect(stdout).toMatch(/^\| 1,000 \| [\d.]+ s \| [\d.]+ s \|/m);
    expect(stdout).not.toMatch(/over \d+ s at|differ from the model/);
    for (const stage of ['moderation', 'ocr', 'summarise'])
      expect(stdout).toMatch(new RegExp(`^- ${stage}: keda.yaml listLength \\d+`, 'm'));
  }, 150_000);
});
