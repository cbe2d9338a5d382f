/**
 * Helpers of the bulk-import tests (issue 25): sending an import, following its progress stream (server-sent events
 * read with fetch, as the web app reads them), waiting for a state, and screenshots that each read differently.
 */
import { IMPORT_FILES_FIELD, type ImportDetail } from '@snapnotes/contracts';
import { renderScreenshot } from '@snapnotes/testing/images';

export interface ImportFile {
  name: string;
  data: Buffer;
  type?: string;
}

export function postImport(url: string, token: string, files: ImportFile[]): Promise<Response> {
  const form = new FormData();
  for (const f of files) {
    form.append(IMPORT_FILES_FIELD, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name);
  }
  return fetch(`${url}/api/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

export function authed(url: string, token: string) {
  return (path: string, method = 'GET') => fetch(url + path, { method, headers: { authorization: `Bearer ${token}` } });
}

/** Every `progress` event of the import's stream until the server ends it (or `timeoutMs` passes: rejects). */
export async function readEvents(url: string, token: string, id: string, timeoutMs = 120_000) {
  const res = await fetch(`${url}/api/imports/${id}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
  const contentType = res.headers.get('content-type') ?? '';
  const events: ImportDetail[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      if (lines.includes('event: progress')) {
        const data = lines.find((l) => l.startsWith('data: '));
        events.push(JSON.parse(data!.slice(6)) as ImportDetail);
      }
    }
  }
  return { events, contentType };
}

/** Asks GET /api/imports/{id} every 250 ms until `done(detail)`; rejects after `timeoutMs` with the last detail. */
export async function waitForImport(
  url: string,
  token: string,
  id: string,
  done: (detail: ImportDetail) => boolean,
  timeoutMs = 120_000,
): Promise<ImportDetail> {
  const until = Date.now() + timeoutMs;
  let last: ImportDetail | undefined;
  while (Date.now() < until) {
    const res = await authed(url, token)(`/api/imports/${id}`);
    if (res.status === 200) {
      last = (await res.json()) as ImportDetail;
      if (done(last)) return last;
    } else await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${id} did not get there in time: ${JSON.stringify(last?.counts)} ${last?.status}`);
}

const TOPICS = [
  'Photosynthesis turns light energy into chemical energy stored in glucose',
  'The French Revolution began in 1789 with the storming of the Bastille',
  'A binary search halves the sorted range at every step until it finds the key',
  'Plate tectonics explains earthquakes, volcanoes and the drift of continents',
  'Supply and demand curves meet at the market equilibrium price and quantity',
  'The mitochondria produce most of the energy a cell uses in the form of ATP',
  'Shakespeare wrote Hamlet around 1600; the prince seeks revenge for his father',
  'Newton described gravity as a force between any two masses in the universe',
];

/** A screenshot of a few lines of notes on its own topic (each reads, and hashes, differently). */
export function screenshot(n: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const topic = TOPICS[n % TOPICS.length]!;
  // Different layouts too (size, theme, text size, length), so that no two look alike to the duplicate check.
  const words = topic.split(' ');
  return renderScreenshot({
    lines: [`Study notes, page ${n + 1}`, ...Array.from({ length: 2 + (n % 5) }, (_, i) => words.slice(i).join(' '))],
    width: 900 + 97 * n,
    height: 500 + 61 * (n % 4),
    fontSize: 18 + 3 * (n % 4),
    dark: n % 2 === 1,
    format,
  });
}
