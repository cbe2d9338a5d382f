// @vitest-environment jsdom
/**
 * The import tray (issue 25) against a stand-in server on a real local port (the request layer's fetch, its event
 * stream and the XMLHttpRequest that sends the files all cross the process boundary): restored after a reload from
 * the list, followed to the end over server-sent events or by polling when the stream fails, its states (running,
 * done, stopped), the failures, skips and duplicates with their reasons, "Retry failed", and the keyboard.
 */
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportDetail, ImportItem } from '@snapnotes/contracts';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from '../../test/http-server.js';
import { SIGNED_IN_USER, resetAfterEachTest, signedInIdentity } from '../../test/component-test.js';
import { renderInApp } from '../../test/render-app.js';
import { setApiBaseUrl } from '../../lib/api-client.js';
import { getToastState } from '../../lib/toast.js';
import { ImportEntry } from './import-entry.js';
import { ImportProvider } from './import-provider.js';
import { ImportTray } from './import-tray.js';

const ORIGIN = 'http://localhost:3000';

function detail(status: ImportDetail['status'], items: ImportItem[], extra: Partial<ImportDetail> = {}): ImportDetail {
  const counts = { queued: 0, processing: 0, done: 0, failed: 0, duplicate: 0, skipped: 0 };
  for (const item of items) counts[item.status] += 1;
  // A note per done image unless joined (scrolling captures of one chat share a noteId).
  const notes = new Set(items.filter((i) => i.status === 'done').map((i) => i.noteId ?? `image-${i.index}`)).size;
  return {
    id: 'imp-1',
    status,
    createdAt: '2026-11-27T09:00:00.000Z',
    total: items.length,
    counts,
    notes,
    items,
    ...extra,
  };
}

const item = (index: number, status: ImportItem['status'], more: Partial<ImportItem> = {}): ImportItem => ({
  index,
  name: `shot-${index}.png`,
  status,
  ...more,
});

const eventStream = (...states: ImportDetail[]): Reply => ({
  headers: { 'Content-Type': 'text/event-stream' },
  body: states.map((s) => `event: progress\ndata: ${JSON.stringify(s)}\n\n`).join(''),
});

let server: TestServer;
/** The routes of the stand-in server, set by each test. */
let routes: Record<string, (req: RecordedRequest) => Reply>;

resetAfterEachTest();
beforeAll(async () => {
  server = await startTestServer((req) => {
    // jsdom's XMLHttpRequest keeps to CORS (the page is on another origin than the stand-in server).
    const cors = {
      'Access-Control-Allow-Origin': ORIGIN,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'Authorization',
    };
    if (req.method === 'OPTIONS') return { status: 204, headers: cors };
    if (req.path === '/api/user') return { body: SIGNED_IN_USER };
    const route = routes[`${req.method} ${req.path}`];
    const reply = route ? route(req) : { body: [] };
    return { ...reply, headers: { ...cors, ...reply.headers } };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  routes = {};
  localStorage.clear();
});

const renderUpgrade = ({ title, onDismiss }: { title: string; onDismiss: () => void }) => (
  <section aria-label="Plans">
    <p>{title}</p>
    <button onClick={onDismiss}>Maybe Later</button>
  </section>
);

function setup() {
  const identity = signedInIdentity();
  return renderInApp(
    <ImportProvider>
      <ImportEntry />
      <ImportTray renderUpgrade={renderUpgrade} />
    </ImportProvider>,
    { identity, path: '/app' },
  );
}

const tray = () => screen.findByRole('region', { name: 'Imports' }, { timeout: 5000 });
/** The requests to `path` (not the CORS preflights). */
const requested = (path: string) => server.requests.filter((r) => r.path === path && r.method !== 'OPTIONS');

describe('the import tray', () => {
  it('is not there without imports', async () => {
    routes['GET /api/imports?active=1'] = () => ({ body: [] });
    setup();
    await waitFor(() => expect(requested('/api/imports?active=1')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Imports' })).toBeNull();
  });

  it('comes back after a reload and follows the import to the end over its event stream', async () => {
    const running = detail('running', [
      item(0, 'done', { noteId: '41', title: 'Lecture 1' }),
      item(1, 'processing'),
      item(2, 'queued'),
      item(3, 'queued'),
    ]);
    const finished = detail('done', [
      item(0, 'done', { noteId: '41', title: 'Lecture 1' }),
      item(1, 'done', { noteId: '42', title: 'Lecture 2' }),
      item(2, 'duplicate', { noteId: '7', title: 'Plate tectonics' }),
      item(3, 'done', { noteId: '43', title: 'Lecture 3' }),
    ]);
    routes['GET /api/imports?active=1'] = () => ({ body: [{ ...running, items: [] }] });
    routes['GET /api/imports/imp-1'] = () => ({ body: running });
    routes['GET /api/imports/imp-1/events'] = () => ({ ...eventStream(running, finished), delayMs: 300 });
    setup();

    const region = await tray();
    await within(region).findByRole('heading', { name: 'Importing 1 of 4' });
    expect(within(region).getByTestId('import-counts').textContent).toBe('1 new note · 3 to go');
    expect(within(region).getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );

    await within(region).findByRole('heading', { name: 'Import finished' }, { timeout: 5000 });
    expect(within(region).getByTestId('import-counts').textContent).toBe('3 new notes · 1 already in your notes');
    // The screen reader hears the end at once.
    await waitFor(() =>
      expect(within(region).getByRole('status').textContent).toBe(
        'Import finished. 3 new notes · 1 already in your notes.',
      ),
    );
    // The stream carried it to the end: no polling; the bearer header went with the stream.
    const stream = requested('/api/imports/imp-1/events');
    expect(stream).toHaveLength(1);
    expect(stream[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(stream[0]?.headers.accept).toBe('text/event-stream');

    // The duplicate, with a link to the note it already is.
    fireEvent.click(within(region).getByRole('button', { name: 'Show details' }));
    const duplicates = within(region).getByRole('list', { name: 'Already in your notes (1)' });
    expect(duplicates.textContent).toContain('shot-2.png');
    expect(duplicates.textContent).toContain('Already in your notes: Plate tectonics');
    expect(within(duplicates).getByRole('link', { name: 'Plate tectonics' }).getAttribute('href')).toBe('/app#note-7');

    // Closed once finished: gone, and still gone after a reload (it is still in the server's list).
    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Imports' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('snapnotes:imports-closed:3') ?? '[]')).toEqual(['imp-1']);
  });

  it('polls every 2 s when the event stream cannot be had, until the import settles', async () => {
    const running = detail('running', [item(0, 'queued'), item(1, 'queued')]);
    const finished = detail('done', [
      item(0, 'done', { noteId: '1', title: 'A' }),
      item(1, 'done', { noteId: '2', title: 'B' }),
    ]);
    let polls = 0;
    routes['GET /api/imports?active=1'] = () => ({ body: [{ ...running, items: [] }] });
    routes['GET /api/imports/imp-1'] = () => ({ body: ++polls >= 3 ? finished : running });
    routes['GET /api/imports/imp-1/events'] = () => ({ status: 502, body: 'Bad gateway' });
    setup();
    const region = await tray();
    await within(region).findByRole('heading', { name: 'Import finished' }, { timeout: 10_000 });
    expect(within(region).getByTestId('import-counts').textContent).toBe('2 new notes');
    expect(requested('/api/imports/imp-1/events')).toHaveLength(1);
    const pollsSeen = polls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(polls).toBe(pollsSeen);
  }, 20_000);

  it('lists failures and skips with their reasons, and retries the failed ones', async () => {
    const settled = detail('done', [
      item(0, 'done', { noteId: '1', title: 'A' }),
      item(1, 'failed', { error: { code: 'UNPROCESSABLE', message: 'No text or content could be read.' } }),
      item(2, 'skipped', { name: 'pics.zip/notes.txt', error: { code: 'NOT_AN_IMAGE', message: 'Not an image.' } }),
      item(3, 'skipped', { name: 'pics.zip/../evil.png', error: { code: 'BAD_PATH', message: 'A path with "..".' } }),
    ]);
    const retried = detail('running', [
      item(0, 'done', { noteId: '1', title: 'A' }),
      item(1, 'queued'),
      settled.items[2]!,
      settled.items[3]!,
    ]);
    const after = detail('done', [
      item(0, 'done', { noteId: '1', title: 'A' }),
      item(1, 'done', { noteId: '2', title: 'B' }),
      settled.items[2]!,
      settled.items[3]!,
    ]);
    routes['GET /api/imports?active=1'] = () => ({ body: [{ ...settled, items: [] }] });
    routes['GET /api/imports/imp-1'] = () => ({ body: settled });
    routes['POST /api/imports/imp-1/retry'] = () => ({ status: 202, body: retried });
    routes['GET /api/imports/imp-1/events'] = () => ({ ...eventStream(retried, after), delayMs: 200 });
    setup();
    const region = await tray();
    await within(region).findByRole('heading', { name: 'Import finished' });
    await waitFor(() =>
      expect(within(region).getByTestId('import-counts').textContent).toBe('1 new note · 1 failed · 2 skipped'),
    );

    // Keyboard: the details open and close from their button; Escape folds them back onto it.
    const toggle = within(region).getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const failed = within(region).getByRole('list', { name: 'Failed (1)' });
    expect(failed.textContent).toBe('shot-1.pngNo text or content could be read.');
    const skipped = within(region).getByRole('list', { name: 'Skipped (2)' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['pics.zip/notes.txtNot an image.', 'pics.zip/../evil.pngA path with "..".']);
    fireEvent.keyDown(failed, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(within(region).getByRole('button', { name: 'Retry failed' }));
    await within(region).findByRole('heading', { name: 'Import finished' });
    await waitFor(() =>
      expect(within(region).getByTestId('import-counts').textContent).toBe('2 new notes · 2 skipped'),
    );
    expect(requested('/api/imports/imp-1/retry').map((r) => r.method)).toEqual(['POST']);
    expect(within(region).queryByRole('button', { name: 'Retry failed' })).toBeNull();
  });

  it('says when the allowance stopped an import, with the plans one click away', async () => {
    const stopped = detail(
      'stopped',
      [
        item(0, 'done', { noteId: '1', title: 'A' }),
        item(1, 'skipped', { error: { code: 'UPGRADE_REQUIRED', message: 'Not imported: no uploads left.' } }),
        item(2, 'skipped', { error: { code: 'UPGRADE_REQUIRED', message: 'Not imported: no uploads left.' } }),
      ],
      { stoppedMessage: 'Upgrade to import the remaining 2' },
    );
    routes['GET /api/imports?active=1'] = () => ({ body: [{ ...stopped, items: [] }] });
    routes['GET /api/imports/imp-1'] = () => ({ body: stopped });
    setup();
    const region = await tray();
    await within(region).findByRole('heading', { name: 'Import stopped' });
    expect(within(region).getByText('Upgrade to import the remaining 2')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'See the plans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import everything' });
    expect(within(dialog).getByRole('region', { name: 'Plans' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A stopped import is not followed: nothing more will happen to it.
    expect(requested('/api/imports/imp-1/events')).toHaveLength(0);
  });

  it('sends the chosen images and zips (not the rest) in one request, then shows the new import', async () => {
    const started = detail('running', [item(0, 'queued'), item(1, 'queued')]);
    routes['GET /api/imports?active=1'] = () => ({ body: [] });
    routes['POST /api/imports'] = () => ({ status: 202, body: started });
    routes['GET /api/imports/imp-1'] = () => ({ body: started });
    routes['GET /api/imports/imp-1/events'] = () => eventStream(started);
    setup();
    await waitFor(() => expect(requested('/api/imports?active=1')).toHaveLength(1));
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' });
    const zip = new File([new Uint8Array([80, 75, 3, 4])], 'a.zip', { type: 'application/zip' });
    const video = new File([new Uint8Array([0])], 'clip.mov', { type: 'video/quicktime' });
    fireEvent.change(screen.getByLabelText('Import up to 1000 images'), { target: { files: [png, video, zip] } });

    const region = await tray();
    await within(region).findByRole('heading', { name: 'Importing 0 of 2' });
    const [post] = requested('/api/imports');
    expect(post?.headers.authorization).toMatch(/^Bearer /);
    expect(post?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const names = [...post!.text.matchAll(/name="files"; filename="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['b.png', 'a.zip']);
    expect(getToastState().toasts.map((t) => [t.title, t.description])).toEqual([
      ['Some files were left out', 'Only PNG and JPEG images and zips can be imported. Left out: clip.mov.'],
    ]);
  });

  it('keeps the files when sending fails, and says why', async () => {
    routes['GET /api/imports?active=1'] = () => ({ body: [] });
    routes['POST /api/imports'] = () => ({
      status: 413,
      body: { error: 'PAYLOAD_TOO_LARGE', message: 'An import takes up to 1,000 images.' },
    });
    setup();
    await waitFor(() => expect(requested('/api/imports?active=1')).toHaveLength(1));
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'b.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Import up to 1000 images'), { target: { files: [png] } });
    const region = await tray();
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain('An import takes up to 1,000 images.');
    expect(within(region).getByRole('heading', { name: 'The images were not sent' })).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requested('/api/imports')).toHaveLength(2));
    fireEvent.click(await within(region).findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Imports' })).toBeNull());
  });
});
