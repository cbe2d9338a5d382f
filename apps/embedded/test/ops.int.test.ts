/**
 * Operations on a running gateway (the assembled product over BullMQ on real Redis): Prometheus metrics, the
 * OpenAPI description at /docs, the admin-only queue dashboard, and the caller's correlation id.
 */
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@snapnotes/config';
import type { Note } from '@snapnotes/contracts';
import { authEmulatorHost, createTestUser } from '@snapnotes/testing/firebase';
import { renderScreenshot } from '@snapnotes/testing/images';
import { createFirebaseVerifier, registerAdmin, ROUTE_DOCS, type GatewayDeps } from '@snapnotes/gateway';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let admin: Client;
let user: Client;
const ADMIN_EMAIL = `queue-admin-${Date.now()}@example.com`;
/** In ADMIN_EMAILS, but only ever signed up with a password: its email is not verified. */
const UNVERIFIED_ADMIN_EMAIL = `unverified-admin-${Date.now()}@example.com`;
let adminSignedInAt = 0;

/** An email/password account on the emulator: its ID token says email_verified: false. */
async function signUpWithPassword(email: string): Promise<string> {
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'not-a-real-password-1', returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

beforeAll(async () => {
  app = await startTestApp(
    {
      FREE_UPLOADS_PER_MONTH: '50',
      ADMIN_EMAILS: `someone@example.com, ${ADMIN_EMAIL.toUpperCase()}, ${UNVERIFIED_ADMIN_EMAIL}`,
    },
    { redis: true },
  );
  user = await signUp(app, 'Plain User');
  const adminUser = await createTestUser({ email: ADMIN_EMAIL, name: 'Queue Admin' });
  adminSignedInAt = Date.now();
  const auth = { authorization: `Bearer ${adminUser.idToken}` };
  admin = {
    user: adminUser,
    id: 0,
    get: (path) => fetch(app.url + path, { headers: auth }),
    send: (method, path) => fetch(app.url + path, { method, headers: auth }),
    upload: () => Promise.reject(new Error('not used')),
  };
});
afterAll(async () => {
  await app?.close();
});

/** The status of a reply whose body is read to the end (an unread large body keeps the server's socket busy). */
async function statusOf(pending: Promise<Response>): Promise<number> {
  const res = await pending;
  await res.arrayBuffer();
  return res.status;
}

/** The value of one series in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const got = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('correlation id and metrics', () => {
  it('uses the caller’s x-request-id for the upload, and /metrics shows requests, stage timings and queue depth', async () => {
    const requestId = `ops-test-${Date.now()}`;
    const form = new FormData();
    form.append(
      'images',
      new Blob([new Uint8Array(await renderScreenshot({ lines: ['Metrics are counted per stage'] }))]),
      'm.png',
    );
    const res = await fetch(`${app.url}/api/process-screenshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.user.idToken}`, 'x-request-id': requestId },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const note = (await res.json()) as Note;
    // The upload row keeps the correlation id it was processed under.
    const [upload] = await app.running.app.deps.repos.uploads.listByUser(note.userId, { limit: 1 });
    expect(upload?.correlationId).toBe(requestId);
    expect(upload?.noteId).toBe(note.id);

    // An invalid id is replaced, never trusted.
    const bad = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'no spaces allowed' } });
    expect(bad.headers.get('x-request-id')).not.toBe('no spaces allowed');

    const metrics = await fetch(`${app.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    const route = { method: 'POST', route: '/api/process-screenshots', status_code: '200' };
    expect(sample(text, 'snapnotes_http_request_duration_seconds_count', route)).toBe(1);
    for (const stage of ['moderation', 'ocr', 'summarise', 'notes']) {
      expect(sample(text, 'snapnotes_job_duration_seconds_count', { stage, outcome: 'completed' }), stage).toBe(1);
    }
    for (const queue of ['moderation', 'ocr', 'summarise', 'notes']) {
      expect(sample(text, 'snapnotes_queue_jobs', { queue, state: 'waiting' }), queue).toBe(0);
    }
    expect(text).toMatch(/^process_resident_memory_bytes\{service="snapnotes"\} \d+/m);
  });
});

describe('OpenAPI description', () => {
  it('serves an OpenAPI 3.1 document at /docs/json that describes every API route', async () => {
    const res = await fetch(`${app.url}/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const undocumented: string[] = [];
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        documented.add(key);
        if (!op.summary) undocumented.push(key);
      }
    }
    expect(
      undocumented,
      'routes without a description: add them to services/gateway/src/ops/openapi-routes.ts',
    ).toEqual([]);
    // Every documented entry names a real route (no stale entries), and the dashboard stays out of the API.
    expect([...documented].sort()).toEqual(Object.keys(ROUTE_DOCS).sort());
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/admin/queues'))).toBe(false);
    expect(doc.paths['/api/process-screenshots']?.post?.responses).toHaveProperty('400');

    const page = await fetch(`${app.url}/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/swagger/i);
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(script, 'the docs page loads Swagger UI').toBeTruthy();
    expect(await statusOf(fetch(new URL(script!, `${app.url}/docs/`)))).toBe(200);
  });
});

describe('queue dashboard', () => {
  it('is closed without a session, and to a signed-in user who is not an admin', async () => {
    expect((await fetch(`${app.url}/admin/queues`)).status).toBe(401);
    expect((await fetch(`${app.url}/admin/queues/api/queues`)).status).toBe(401);
    const session = await user.send('POST', '/api/admin/session');
    expect(session.status).toBe(403);
    expect(session.headers.get('set-cookie')).toBeNull();
    expect((await user.get('/admin/queues/api/queues')).status).toBe(403);
    expect(
      (await fetch(`${app.url}/admin/queues`, { headers: { cookie: 'snapnotes_admin=forged.token.value' } })).status,
    ).toBe(401);
  });

  it('refuses an admin email that is not verified', async () => {
    const token = await signUpWithPassword(UNVERIFIED_ADMIN_EMAIL);
    const auth = { authorization: `Bearer ${token}` };
    const session = await fetch(`${app.url}/api/admin/session`, { method: 'POST', headers: auth });
    expect(session.status).toBe(403);
    expect(session.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${app.url}/admin/queues/api/queues`, { headers: auth })).status).toBe(403);
  });

  it('refuses an ID token in the cookie: only a session cookie opens the dashboard', async () => {
    const cookie = `snapnotes_admin=${admin.user.idToken}`;
    expect((await fetch(`${app.url}/admin/queues`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${app.url}/admin/queues/api/queues`, { headers: { cookie } })).status).toBe(401);
  });

  it('opens for an admin through a short-lived HttpOnly session cookie that covers its scripts and API; logout revokes it', async () => {
    const session = await admin.send('POST', '/api/admin/session');
    expect(session.status).toBe(200);
    const setCookie = session.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^snapnotes_admin=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/admin(;|$)/);
    expect(setCookie).not.toMatch(/Secure/i); // NODE_ENV=test over http; production: the test below
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(60);
    expect(maxAge).toBeLessThanOrEqual(3600);
    const cookie = setCookie.split(';')[0]!;
    const value = cookie.slice('snapnotes_admin='.length);
    expect(value).not.toBe(admin.user.idToken);
    // A session cookie is no bearer token for the API.
    const asBearer = await fetch(`${app.url}/api/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${value}` },
    });
    expect(asBearer.status).toBe(401);

    const page = await fetch(`${app.url}/admin/queues`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    expect(script, 'the dashboard page loads its script').toBeTruthy();
    const scriptUrl = new URL(script!, `${app.url}/admin/queues/`).toString();
    expect(await statusOf(fetch(scriptUrl, { headers: { cookie } }))).toBe(200);
    expect(await statusOf(fetch(scriptUrl))).toBe(401);

    const api = await fetch(`${app.url}/admin/queues/api/queues`, { headers: { cookie } });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { queues: Array<{ name: string }> };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['moderation', 'notes', 'ocr', 'summarise']);

    // Firebase compares revocation times in whole seconds: revoke at least a second after the sign-in.
    await new Promise((r) => setTimeout(r, Math.max(0, adminSignedInAt + 1100 - Date.now())));
    const closed = await fetch(`${app.url}/admin/session`, { method: 'DELETE', headers: { cookie } });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ success: true, revoked: true });
    expect(closed.headers.get('set-cookie')).toMatch(/snapnotes_admin=;/);
    // Revoked in Firebase, not only forgotten by the browser: the old cookie and the old ID token are refused.
    expect((await fetch(`${app.url}/admin/queues/api/queues`, { headers: { cookie } })).status).toBe(401);
    expect((await admin.send('POST', '/api/admin/session')).status).toBe(401);
  });

  it('marks the cookie Secure in production even without an https PUBLIC_URL', async () => {
    // The emulator is refused in production, so this gateway uses a verifier made for the test run's emulator.
    const admin2 = await createTestUser({ email: ADMIN_EMAIL, name: 'Queue Admin' });
    const verifier = createFirebaseVerifier(app.config)!;
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:8080', // required in production; plain http here, as the test's name says
      USAGE_KEY_SECRET: 'a-usage-key-secret-of-at-least-32-characters', // required in production too
      ADMIN_EMAILS: ADMIN_EMAIL,
      PORT: '8080',
    });
    expect(config.publicUrl).toMatch(/^http:/);
    const gw = Fastify();
    const deps = { config, logger: pino({ level: 'silent' }), verifier } as unknown as GatewayDeps;
    gw.decorate('deps', deps);
    try {
      await registerAdmin(gw, deps);
      const res = await gw.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { authorization: `Bearer ${admin2.idToken}` },
      });
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/; Secure/i);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Strict/i);
      expect(setCookie).toMatch(/Path=\/admin(;|$)/);
    } finally {
      await gw.close();
      await verifier.close();
    }
  });
});
