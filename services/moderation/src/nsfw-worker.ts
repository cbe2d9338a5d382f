/**
 * Worker thread that owns the nsfwjs model. Messages in: { id, type: 'classify', pixels } | { id, type: 'memory' }.
 * Messages out: { id, ok: true, value } | { id, ok: false, error }. The first message out is { type: 'ready', backend }
 * or { type: 'failed', error } once the model has loaded.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { loadNsfwModel } from './nsfw-model.js';

/**
 * Nice value of this thread (Linux: per thread). In the embedded start the classifier shares two cores with OCR,
 * which it runs beside and which takes 5–10× longer: at a lower priority it takes the cores OCR leaves idle instead
 * of slowing OCR, the path the user waits on. Alone in its container (distributed mode) it changes nothing.
 */
export const CLASSIFIER_NICE = 10;

type Request = { id: number; type: 'classify'; pixels: Uint8Array } | { id: number; type: 'memory' };

const port = parentPort;
if (!port) throw new Error('nsfw-worker must run in a worker thread');

try {
  setPriority(0, CLASSIFIER_NICE);
} catch {
  // Some platforms or sandboxes refuse: the classifier then simply runs at normal priority.
}

try {
  const model = await loadNsfwModel();
  // One request at a time: the wasm backend is single-threaded, queueing here keeps memory flat.
  let chain: Promise<unknown> = Promise.resolve();
  port.on('message', (req: Request) => {
    chain = chain.then(async () => {
      try {
        const value = req.type === 'classify' ? await model.classify(req.pixels) : model.memory();
        port.postMessage({ id: req.id, ok: true, value });
      } catch (err) {
        port.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    });
  });
  port.postMessage({ type: 'ready', backend: model.backend });
} catch (err) {
  port.postMessage({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
