/**
 * The PaddleOCR host: a child process of the OCR service that runs the PP-OCRv4 worker threads (threads.ts) for
 * pool.ts. ONNX Runtime's memory is malloc'd in its threads' arenas and stays in the process after the sessions are
 * released and the threads end (measured: 250–650 MB of 570 MB kept, growing over load–release cycles); a process
 * that exits gives all of it back, so the pool can release PP-OCRv4 when the server is quiet.
 *
 * Messages in: { type: 'init', threads, config, closeTimeoutMs } once, then { type: 'task', id, task } or
 * { type: 'close' }. Messages out: { id, ok: true, result } | { id, ok: false, error }.
 */
import type { PaddleTask, PaddleTaskResult, PaddleWorkerConfig } from './types.js';
import { createPaddleThreads } from './threads.js';

type Message =
  | { type: 'init'; threads: number; config: PaddleWorkerConfig; closeTimeoutMs: number }
  | { type: 'task'; id: number; task: PaddleTask }
  | { type: 'close' };

if (!process.send) throw new Error('the PaddleOCR host must run as a child process with an IPC channel');
const send = process.send.bind(process);
let pool: ReturnType<typeof createPaddleThreads> | undefined;

process.on('message', (msg: Message) => {
  if (msg.type === 'init') {
    pool = createPaddleThreads(msg.threads, msg.config, msg.closeTimeoutMs);
    pool.on('error', (err: unknown) => process.stderr.write(`PaddleOCR thread error: ${String(err)}\n`));
  } else if (msg.type === 'task') {
    const { id } = msg;
    // A copy the thread can own: the image arrives as a view into the IPC channel's read buffer, whose transfer
    // would detach the messages that follow it.
    const image = new Uint8Array(msg.task.image);
    pool!.run({ kind: msg.task.kind, image }, { transferList: [image.buffer] }).then(
      (result: PaddleTaskResult) => send({ id, ok: true, result }),
      (err: unknown) => send({ id, ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  } else {
    // Queued images are dropped; those being read are finished first (ONNX Runtime aborts a thread ended mid-run).
    void (pool?.close({ force: true }) ?? Promise.resolve()).finally(() => process.exit(0));
  }
});
// The OCR service went away (even by SIGKILL): so does its host.
process.on('disconnect', () => process.exit(0));
