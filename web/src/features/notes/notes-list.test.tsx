// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { setApiBaseUrl, setIdTokenProvider } from '../../lib/api-client.js';
import { getToastState, resetToasts } from '../../lib/toast.js';
import { NotesList } from './notes-list.js';

const note = (id: number, title: string, extra: Partial<Record<string, unknown>> = {}) => ({
  id,
  userId: 5,
  title,
  keyPoints: [`${title} point one`, `${title} point two`],
  detailedSummary: `${title} detailed summary`,
  originalText: `${title} original text`,
  kind: 'text',
  imageCount: 1,
  wordCount: 10,
  language: 'en',
  createdAt: '2025-04-11T10:00:00.000Z',
  updatedAt: '2025-04-11T10:00:00.000Z',
  ...extra,
});

let server: TestServer;
let notes: ReturnType<typeof note>[];
let deleteReply: Reply;
let patchReply: Reply | null;

beforeAll(async () => {
  server = await startTestServer((req) => {
    if (req.path === '/api/user') {
      return {
        body: { id: 5, firebaseUid: 'u5', email: 'e@example.com', username: 'e', displayName: 'E', photoURL: '' },
      };
    }
    const url = new URL(req.path, 'http://test');
    if (url.pathname === '/api/statistics/5') return { body: { totalNotes: notes.length, totalWords: 0 } };
    if (url.pathname === '/api/notes/5') {
      // Pages of 50 (or `limit`), the cursor being the offset; `q` searches like the server, with a match.
      const q = url.searchParams.get('q')?.toLowerCase();
      const found = q
        ? notes
            .filter((n) => n.originalText.toLowerCase().includes(q))
            .map((n) => {
              const at = n.originalText.toLowerCase().indexOf(q);
              return {
                ...n,
                match: { field: 'originalText', snippet: n.originalText, highlights: [[at, at + q.length]] },
              };
            })
        : notes;
      if (!url.searchParams.has('limit')) return { body: found };
      const limit = Number(url.searchParams.get('limit'));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const next = from + limit < found.length ? String(from + limit) : null;
      return { body: found.slice(from, from + limit), headers: next ? { 'X-Next-Cursor': next } : {} };
    }
    const del = req.method === 'DELETE' && req.path.match(/^\/api\/notes\/(\d+)$/);
    if (del) {
      if ((deleteReply.status ?? 200) < 300) notes = notes.filter((n) => n.id !== Number(del[1]));
      return deleteReply;
    }
    const patch = req.method === 'PATCH' && req.path.match(/^\/api\/notes\/(\d+)\/title$/);
    if (patch) {
      if (patchReply) return patchReply;
      const { title } = JSON.parse(req.text) as { title: string };
      notes = notes.map((n) => (n.id === Number(patch[1]) ? { ...n, title } : n));
      return { body: notes.find((n) => n.id === Number(patch[1])) };
    }
    return { body: {} };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  notes = [note(1, 'Photosynthesis'), note(2, 'French Revolution', { detailedSummary: 'The monarchy fell.' })];
  deleteReply = { status: 204 };
  patchReply = null;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.restoreAllMocks();
});

function mount() {
  const identity = new FakeIdentity();
  identity.current = { uid: 'u5', email: 'e@example.com', displayName: 'E', photoURL: null };
  setIdTokenProvider(() => identity.getIdToken());
  return renderInApp(<NotesList />, { identity, path: '/app' });
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('NotesList', () => {
  it('shows the empty state when there are no notes', async () => {
    notes = [];
    mount();
    expect(await screen.findByText('No notes yet')).toBeTruthy();
    expect(screen.getByText('Upload screenshots to create your first note')).toBeTruthy();
  });

  it('searches on the server once typing pauses, marks the matched words, and says when nothing matches', async () => {
    notes = [note(1, 'Photosynthesis'), note(2, 'French Revolution', { originalText: 'The monarchy fell in 1792.' })];
    mount();
    await screen.findByRole('heading', { name: 'Photosynthesis' });
    const search = screen.getByPlaceholderText('Search notes...');
    fireEvent.change(search, { target: { value: 'MON' } });
    fireEvent.change(search, { target: { value: 'MONARCHY' } });
    await waitFor(() => expect(document.querySelector('mark')).not.toBeNull());
    expect(screen.getByRole('heading', { name: 'French Revolution' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Photosynthesis' })).toBeNull();
    const mark = document.querySelector('mark');
    expect(mark?.textContent).toBe('monarchy');
    expect(mark?.parentElement?.textContent).toBe('Original Text:The monarchy fell in 1792.');
    // Debounced: one request for the text typed, none for the intermediate 'MON'.
    const searches = server.requests.filter((r) => r.path.includes('q='));
    expect(searches.map((r) => new URL(r.path, 'http://test').searchParams.get('q'))).toEqual(['MONARCHY']);
    expect(searches[0]?.path).toContain('limit=50');

    fireEvent.change(search, { target: { value: 'quantum' } });
    expect(await screen.findByText('No notes match your search')).toBeTruthy();
  });

  it('shows the list again without fetching it when the search box is cleared', async () => {
    mount();
    await screen.findByRole('heading', { name: 'Photosynthesis' });
    const search = screen.getByPlaceholderText('Search notes...');
    fireEvent.change(search, { target: { value: 'revolution' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Photosynthesis' })).toBeNull());
    const before = server.requests.filter((r) => r.path === '/api/notes/5?limit=50').length;
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole('heading', { name: 'Photosynthesis' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.filter((r) => r.path === '/api/notes/5?limit=50').length).toBe(before);
  });

  it('loads the list a page at a time with the cursor of the page before, counting every note', async () => {
    notes = Array.from({ length: 60 }, (_, i) => note(i + 1, `Note ${i + 1}`, { imageCount: 0 }));
    // jsdom lays nothing out: a window tall enough for every card makes the end of the first page visible.
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(60 * 300);
    mount();
    await screen.findByRole('heading', { name: 'Note 1' });
    expect(await screen.findByRole('heading', { name: 'Note 60' }, { timeout: 5_000 })).toBeTruthy();
    const pages = server.requests.filter((r) => r.path.startsWith('/api/notes/5?'));
    expect(pages.map((r) => r.path)).toEqual(['/api/notes/5?limit=50', '/api/notes/5?limit=50&cursor=50']);
    expect(screen.getByText('60 notes')).toBeTruthy();
  });

  it('keeps Detailed Summary and Original Text closed until opened', async () => {
    mount();
    await screen.findByRole('heading', { name: 'Photosynthesis' });
    const item = card('Photosynthesis');
    expect(within(item).getByText('Photosynthesis point one')).toBeTruthy();
    expect(within(item).queryByText('Photosynthesis detailed summary')).toBeNull();
    const trigger = within(item).getByRole('button', { name: 'Detailed Summary' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(within(item).getByText('Photosynthesis detailed summary')).toBeTruthy();
    expect(within(item).queryByText('Photosynthesis original text')).toBeNull();
  });

  it('renders an opened Detailed Summary as Markdown: a table and a code block, raw HTML as text', async () => {
    const summary = '| Region | Q1 |\n| --- | --- |\n| North | 120 |\n\n```js\nconst q = 1;\n```\n\n<b>not bold</b>';
    notes = [note(1, 'Sales', { detailedSummary: summary })];
    mount();
    await screen.findByRole('heading', { name: 'Sales' });
    const item = card('Sales');
    fireEvent.click(within(item).getByRole('button', { name: 'Detailed Summary' }));
    // The Markdown renderer is loaded on first use: on a loaded machine that takes more than findBy's default 1 s.
    const table = await within(item).findByRole('table', {}, { timeout: 10_000 });
    expect(within(table).getByRole('cell', { name: 'North' })).toBeTruthy();
    expect(item.querySelector('pre > code')?.textContent).toBe('const q = 1;\n');
    expect(item.querySelector('b')).toBeNull();
    expect(within(item).getByText('<b>not bold</b>')).toBeTruthy();
  });

  it('shows the original text with its whitespace, in a monospace font when it looks like code', async () => {
    const code = 'function area(r) {\n  const pi = 3.14;\n  return pi * r * r;\n}';
    notes = [note(1, 'Prose'), note(2, 'Snippet', { originalText: code })];
    mount();
    await screen.findByRole('heading', { name: 'Snippet' });
    const opened = (title: string) => {
      fireEvent.click(within(card(title)).getByRole('button', { name: 'Original Text' }));
      return card(title).querySelector('pre') as HTMLPreElement;
    };
    const snippet = opened('Snippet');
    expect(snippet.textContent).toBe(code);
    expect(snippet.dataset.layout).toBe('code');
    expect(snippet.className).toMatch(/\bwhitespace-pre-wrap\b/);
    expect(snippet.className).toMatch(/\bfont-mono\b/);
    const prose = opened('Prose');
    expect(prose.textContent).toBe('Prose original text');
    expect(prose.dataset.layout).toBe('prose');
    expect(prose.className).toMatch(/\bwhitespace-pre-wrap\b/);
    expect(prose.className).toMatch(/\bfont-sans\b/);
  });

  it('deletes after confirmation, reading "Deleting..." while pending', async () => {
    deleteReply = { status: 204, delayMs: 150 };
    mount();
    await screen.findByRole('heading', { name: 'Photosynthesis' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete note: Photosynthesis' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('button', { name: 'Deleting...' })).toBeTruthy();
    await waitFor(() => expect(getToastState().toasts[0]?.title).toBe('Note deleted'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Photosynthesis' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'French Revolution' })).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/notes/1');
  });

  it('reports a failed delete with the server message', async () => {
    deleteReply = { status: 404, body: { error: 'NOT_FOUND', message: 'Note not found' } };
    mount();
    await screen.findByRole('heading', { name: 'Photosynthesis' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete note: Photosynthesis' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        variant: 'destructive',
        title: 'Delete failed',
        description: 'Note not found',
      }),
    );
  });

  it('renames a note with PATCH and toasts "Title updated"; a failure toasts "Update failed" and keeps the title', async () => {
    mount();
    await screen.findByRole('heading', { name: 'Photosynthesis' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit title: Photosynthesis' }));
    const input = screen.getByRole('textbox', { name: 'Note title' });
    fireEvent.change(input, { target: { value: ' Light reactions ' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(await screen.findByRole('heading', { name: 'Light reactions' })).toBeTruthy();
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/notes/1/title');
    expect(JSON.parse(patch?.text ?? '')).toEqual({ title: 'Light reactions' });
    expect(getToastState().toasts[0]?.title).toBe('Title updated');

    patchReply = { status: 500, body: '' };
    fireEvent.click(screen.getByRole('button', { name: 'Edit title: Light reactions' }));
    const again = screen.getByRole('textbox', { name: 'Note title' });
    fireEvent.change(again, { target: { value: 'Broken' } });
    await act(async () => {
      fireEvent.keyDown(again, { key: 'Enter' });
    });
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        title: 'Update failed',
        description: 'Failed to update note title. Please try again.',
      }),
    );
    expect(screen.getByRole('heading', { name: 'Light reactions' })).toBeTruthy();
  });
});
