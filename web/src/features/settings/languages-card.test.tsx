// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { setApiBaseUrl, setIdTokenProvider } from '../../lib/api-client.js';
import { useAuth } from '../../lib/session.js';
import { getToastState, resetToasts } from '../../lib/toast.js';
import { DEFAULT_OCR_LANGUAGES } from '../../lib/ocr-languages.js';
import { LanguagesCard } from './languages-card.js';

const record = (ocrLanguages: string[] | null) => ({
  id: 5,
  firebaseUid: 'u5',
  email: 'e@example.com',
  username: 'e',
  displayName: 'E',
  photoURL: '',
  ocrLanguages,
});

let server: TestServer;
let saved: string[] | null;
let patchReply: Reply | null;

beforeAll(async () => {
  server = await startTestServer((req) => {
    if (req.path === '/api/user') return { body: record(saved) };
    if (req.path === '/api/ocr-languages') return { body: DEFAULT_OCR_LANGUAGES };
    if (req.method === 'PATCH' && req.path === '/api/user/5/settings') {
      if (patchReply) return patchReply;
      saved = (JSON.parse(req.text) as { ocrLanguages: string[] }).ocrLanguages;
      return { body: record(saved), delayMs: 100 };
    }
    return { status: 404, body: { error: 'NOT_FOUND', message: 'nope' } };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  saved = null;
  patchReply = null;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.restoreAllMocks();
});

function Signed() {
  const { user } = useAuth();
  return user ? <LanguagesCard user={user} /> : null;
}

function mount() {
  const identity = new FakeIdentity();
  identity.current = { uid: 'u5', email: 'e@example.com', displayName: 'E', photoURL: null };
  setIdTokenProvider(() => identity.getIdToken());
  return renderInApp(<Signed />, { identity, path: '/settings' });
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const checked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((b) => b.getAttribute('aria-checked') === 'true')
    .map((b) => b.getAttribute('id'));
const saveButton = () => screen.getByRole('button', { name: 'Save languages' }) as HTMLButtonElement;
const patches = () => server.requests.filter((r) => r.method === 'PATCH');

describe('LanguagesCard', () => {
  it("explains itself and lists the server's languages, the defaults checked for a user who chose none", async () => {
    mount();
    const region = await screen.findByRole('region', { name: 'Languages in my screenshots' });
    expect(
      within(region).getByText(
        'SnapNotes detects the language of each screenshot; choose the ones you usually capture so it reads them first.',
      ),
    ).toBeTruthy();
    await screen.findByRole('checkbox', { name: 'English' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(7);
    for (const name of ['English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch']) {
      expect(box(name)).toBeTruthy();
    }
    expect(checked()).toEqual(['ocr-language-eng']);
    // The last checked language cannot be unchecked; nothing to save yet.
    expect((box('English') as HTMLButtonElement).disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
  });

  it('saves with a PATCH, toasts, and keeps at most three checked', async () => {
    mount();
    await screen.findByRole('checkbox', { name: 'French' });
    fireEvent.click(box('French'));
    fireEvent.click(box('German'));
    expect(checked()).toEqual(['ocr-language-eng', 'ocr-language-fra', 'ocr-language-deu']);
    expect((box('Spanish') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(box('English'));
    expect(checked()).toEqual(['ocr-language-fra', 'ocr-language-deu']);
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    await waitFor(() => expect(getToastState().toasts[0]?.title).toBe('Languages saved'));
    expect(getToastState().toasts[0]?.description).toBe('French and German will be read first.');
    expect(patches()).toHaveLength(1);
    expect(JSON.parse(patches()[0]!.text)).toEqual({ ocrLanguages: ['fra', 'deu'] });
    expect(patches()[0]!.headers.authorization).toBe('Bearer token-for-u5');
    // The saved record is now the user's: still checked, nothing left to save.
    expect(checked()).toEqual(['ocr-language-fra', 'ocr-language-deu']);
    expect(saveButton().disabled).toBe(true);
  });

  it("shows the user's saved languages", async () => {
    saved = ['nld', 'por'];
    mount();
    await screen.findByRole('checkbox', { name: 'Dutch' });
    await waitFor(() => expect(checked()).toEqual(['ocr-language-por', 'ocr-language-nld']));
  });

  it("says why saving failed with a destructive toast, and keeps the user's choice", async () => {
    patchReply = {
      status: 400,
      body: { error: 'BAD_REQUEST', message: '"fra" is not a language this server reads. Choose from: eng.' },
    };
    mount();
    await screen.findByRole('checkbox', { name: 'French' });
    fireEvent.click(box('French'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(getToastState().toasts[0]?.title).toBe('Could not save languages'));
    expect(getToastState().toasts[0]).toMatchObject({
      variant: 'destructive',
      description: '"fra" is not a language this server reads. Choose from: eng.',
    });
    expect(checked()).toEqual(['ocr-language-eng', 'ocr-language-fra']);
    expect(saveButton().disabled).toBe(false);
  });
});
