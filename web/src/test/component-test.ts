/**
 * The set-up that component tests (jsdom) share: each test starts with a quiet console and ends unmounted, with no
 * toast and no spy left; uploads go through Node's own FormData and File; a signed-in account the stand-in server
 * knows. Call the hook helpers at the top level of a test file.
 */
import { File as NodeFile } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setApiBaseUrl, setIdTokenProvider } from '../lib/api-client.js';
import { resetToasts } from '../lib/toast.js';
import { FakeIdentity } from './fake-identity.js';
import { startTestServer, type RecordedRequest, type Reply, type TestServer } from './http-server.js';

/**
 * Console warnings and errors silenced during each test (what a test expects it reads from the screen), and after it:
 * the rendered tree unmounted, the toasts cleared and every spy restored.
 */
export function resetAfterEachTest(): void {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    resetToasts();
    vi.restoreAllMocks();
  });
}

/**
 * Node's FormData and File in place of jsdom's for the whole file: Node's fetch cannot send jsdom's (it hangs), as a
 * browser sends its native ones. Node's FormData constructor is reachable through a parsed form body.
 */
export function nodeFormDataForUploads(): void {
  beforeAll(async () => {
    const nodeForm = await new Response('a=1', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }).formData();
    vi.stubGlobal('FormData', nodeForm.constructor);
    vi.stubGlobal('File', NodeFile);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });
}

/** The account of `signedInIdentity()` as GET/POST /api/user returns it. */
export const SIGNED_IN_USER = {
  id: 3,
  firebaseUid: 'u3',
  email: 'c@example.com',
  username: 'c',
  displayName: 'C',
  photoURL: '',
} as const;

/** An identity provider with SIGNED_IN_USER signed in, whose tokens the request layer sends (as main.tsx wires it). */
export function signedInIdentity(): FakeIdentity {
  const identity = new FakeIdentity();
  identity.current = {
    uid: SIGNED_IN_USER.firebaseUid,
    email: SIGNED_IN_USER.email,
    displayName: SIGNED_IN_USER.displayName,
    photoURL: null,
  };
  setIdTokenProvider(() => identity.getIdToken());
  return identity;
}

/** A File holding a PNG signature, named `name` (the upload path checks names and types; the server is a stand-in). */
export function pngFile(name: string): File {
  return new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
}

/**
 * A stand-in gateway for the whole file, the API pointed at it: the signed-in account (SIGNED_IN_USER, 3 of 5 free
 * uploads left), `more` for the file's own paths, an empty list for anything else. Call at the top level; the
 * returned function gives the server (its recorded requests) once the file's set-up has run.
 */
export function signedInStandIn(more: (req: RecordedRequest) => Reply | undefined = () => undefined): () => TestServer {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer((req) => {
      if (req.path === '/api/user') return { body: SIGNED_IN_USER };
      if (req.path === '/api/user/3/remaining-uploads') {
        return { body: { remainingUploads: 3, hasSubscription: false, limit: 5, resetsAt: null } };
      }
      return more(req) ?? { body: [] };
    });
    setApiBaseUrl(server.url);
  });
  afterAll(async () => {
    await server.close();
    setApiBaseUrl('');
  });
  return () => server;
}
