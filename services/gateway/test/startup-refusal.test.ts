/**
 * Issue 22, items 11 and 14, as an operator meets them: the gateway process (src/main.ts, as `node dist/main.js`
 * runs it) refuses to start, exits 1 and says why in its one fatal log line, before it opens any connection.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = resolve(import.meta.dirname, '../src/main.ts');
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
// Outside the checkout, so no developer's .env is read (the gateway reads the working folder's own .env only).
const CWD = mkdtempSync(join(tmpdir(), 'snapnotes-gateway-start-'));
afterAll(() => rmSync(CWD, { recursive: true, force: true }));

/** Runs the gateway with exactly `env` (plus PATH); resolves with its exit code and its JSON log lines. */
function startGateway(env: Record<string, string>): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', TSX, MAIN], {
      cwd: CWD,
      env: { PATH: process.env.PATH ?? '', SERVICE_ROLE: 'gateway', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`the gateway did not exit within 20 s:\n${out}`));
    }, 20_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const lines = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      done({ code, lines });
    });
  });
}

describe('the gateway refuses to start', () => {
  it('in emulator mode on a HOST that is not loopback (item 11)', async () => {
    const { code, lines } = await startGateway({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      AUTH_EMULATOR: '1',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-snapnotes',
    });
    expect(code).toBe(1);
    const fatal = lines.filter((l) => l.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toMatch(/^HOST=0\.0\.0\.0 is not a loopback address/);
    expect(fatal[0]!.msg).toMatch(/Firebase Auth emulator .* accepts unsigned tokens/);
  });

  it('in production without USAGE_KEY_SECRET (item 14)', async () => {
    const { code, lines } = await startGateway({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://snapnotes.example.com',
      HOST: '0.0.0.0',
    });
    expect(code).toBe(1);
    const fatal = lines.filter((l) => l.level === 60);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toMatch(/^USAGE_KEY_SECRET is required with NODE_ENV=production/);
  });
});
