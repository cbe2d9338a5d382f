/**
 * One reader of the real-world bench in a process of its own (forked by run.ts): the process's peak resident
 * memory (getrusage, worker threads included) is then the reader's. It answers one message at a time:
 * `read` → the reading with its wall and CPU time, `close` → the peak memory, then it exits.
 */
import { startRealEngine, type RealEngine, type RealEngineName } from './engines.js';

export type HostRequest = { type: 'read'; id: string; file: string; lang: string } | { type: 'close' };

export type HostReply =
  | { type: 'ready' }
  | { type: 'reading'; id: string; text: string; hasText: boolean; ms: number; cpuMs: number; error?: string }
  | { type: 'closed'; peakKb: number }
  | { type: 'failed'; error: string };

const send = (reply: HostReply) => process.send!(reply);
const name = process.argv[2] as RealEngineName;
let childPeakKb = 0;

async function main(): Promise<void> {
  let engine: RealEngine;
  try {
    engine = await startRealEngine(name);
  } catch (err) {
    send({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  send({ type: 'ready' });
  process.on('message', (req: HostRequest) => {
    if (req.type === 'close') {
      void engine.close().then(() => {
        // The tesseract command runs in processes of its own: its peak is theirs, not this host's.
        send({ type: 'closed', peakKb: childPeakKb || process.resourceUsage().maxRSS });
        process.disconnect();
      });
      return;
    }
    const cpu = process.cpuUsage();
    const started = performance.now();
    engine.read(req.file, req.lang).then(
      (r) => {
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpu);
        if (r.childPeakKb) childPeakKb = Math.max(childPeakKb, r.childPeakKb);
        const cpuMs = r.childCpuMs ?? (used.user + used.system) / 1000;
        send({ type: 'reading', id: req.id, text: r.text, hasText: r.hasText, ms, cpuMs });
      },
      (err: unknown) => {
        const ms = performance.now() - started;
        const error = err instanceof Error ? err.message : String(err);
        send({ type: 'reading', id: req.id, text: '', hasText: false, ms, cpuMs: 0, error });
      },
    );
  });
}

void main();
