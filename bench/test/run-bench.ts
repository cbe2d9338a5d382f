/**
 * How the benches' smoke tests run a bench: `pnpm <script>` at the repository's root, exactly as its README line
 * gives it, in a process group of its own that is killed whole if it runs out of time (pnpm, tsx and whatever the
 * bench started), so a hung bench cannot go on eating the CPU the next one is measured on.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `pnpm <script>` with `env` added; its stdout. A non-zero exit or running out of time throws, with its output. */
export async function runBench(script: string, env: Record<string, string>, timeoutMs: number): Promise<string> {
  const child = spawn('pnpm', [script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, timeoutMs);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  if (timedOut) throw new Error(`pnpm ${script} did not finish in ${timeoutMs} ms:\n${stdout}\n${stderr}`);
  if (code !== 0) throw new Error(`pnpm ${script} ended with ${code ?? signal}:\n${stdout}\n${stderr}`);
  return stdout;
}
