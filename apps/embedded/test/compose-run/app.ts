/**
 * What `pnpm test:compose` does as a user of the stack: real screenshots, a sign-in through the Auth emulator, uploads
 * and the notes read back, all through the ports compose publishes.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInWithGoogleOnEmulator } from '@snapnotes/local-services/auth-emulator';

export function check(cond: unknown, what: string): asserts cond {
  if (!cond) throw new Error(what);
}

export interface Screenshot {
  name: string;
  bytes: Buffer;
  words: string[];
}

/** Real screenshots: from ../shared/ocr-real when it is there (read in place, never copied), else docs/screenshots. */
export function screenshots(root: string, ocrReal: string): Screenshot[] {
  const words = (text: string) => [...new Set(text.toLowerCase().match(/[a-z]{6,}/g) ?? [])];
  if (existsSync(join(ocrReal, 'manifest.json'))) {
    const manifest = JSON.parse(readFileSync(join(ocrReal, 'manifest.json'), 'utf8')) as Array<{
      file: string;
      truthFile: string;
      category: string;
      bytes: number;
    }>;
    // Text-rich ones first (two for the first upload, four larger ones for the upload that loses a worker).
    const first = ['normcap_07.png', 'textgrab_paragraph-test-image.png', 'normcap_08.png', 'normcap_09.png'];
    const rank = (file: string) => {
      const i = first.indexOf(file.split('/').pop()!);
      return i < 0 ? first.length : i;
    };
    return manifest
      .filter((m) => m.category.startsWith('screenshot') && m.bytes > 15_000 && m.file.endsWith('.png'))
      .sort((a, b) => rank(a.file) - rank(b.file) || b.bytes - a.bytes)
      .map((m) => ({
        name: m.file.split('/').pop()!,
        bytes: readFileSync(join(ocrReal, m.file)),
        words: words(readFileSync(join(ocrReal, m.truthFile), 'utf8')),
      }));
  }
  const dir = join(root, 'docs/screenshots');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => ({ name: f, bytes: readFileSync(join(dir, f)), words: [] }));
}

export interface User {
  id: number;
  token: string;
}

export async function signIn(gateway: string, emulator: string, name: string): Promise<User> {
  const sub = `compose-${randomBytes(6).toString('hex')}`;
  const { idToken, localId, email } = await signInWithGoogleOnEmulator(emulator, {
    sub,
    email: `${sub}@example.com`,
    name,
  });
  const reg = await fetch(`${gateway}/api/user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firebaseUid: localId, email, displayName: name, photoURL: '' }),
  });
  if (reg.status !== 200) throw new Error(`POST /api/user: ${reg.status} ${await reg.text()}`);
  return { id: ((await reg.json()) as { id: number }).id, token: idToken };
}

export interface Note {
  id: number;
  originalText: string;
  summary?: string;
}

export async function upload(gateway: string, user: User, files: Screenshot[], requestId: string): Promise<Note> {
  const form = new FormData();
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: 'image/png' }), f.name);
  const res = await fetch(`${gateway}/api/process-screenshots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'x-request-id': requestId },
    body: form,
  });
  const text = await res.text();
  check(res.status === 200, `POST /api/process-screenshots: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Note;
}

export async function notesOf(gateway: string, user: User): Promise<Note[]> {
  const res = await fetch(`${gateway}/api/notes/${user.id}`, { headers: { authorization: `Bearer ${user.token}` } });
  if (res.status !== 200) throw new Error(`GET /api/notes: ${res.status} ${await res.text()}`);
  return (await res.json()) as Note[];
}

/** At least 40% of each screenshot's truth words (6+ letters) are in the note's text. */
export function expectWords(note: Note, files: Screenshot[]): void {
  const text = note.originalText.toLowerCase();
  for (const f of files) {
    if (f.words.length === 0) continue;
    const found = f.words.filter((w) => text.includes(w)).length;
    check(found / f.words.length >= 0.4, `${f.name}: only ${found} of ${f.words.length} words of its truth read`);
  }
}
