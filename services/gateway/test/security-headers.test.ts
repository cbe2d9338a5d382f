/**
 * Security audit (issue 12), items 11 and 12, on the gateway as buildApp makes it (stub dependencies, fastify inject):
 * the Content-Security-Policy and its hosts, source maps never served, and X-Forwarded-* believed only from
 * TRUST_PROXY.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '@snapnotes/config';
import { cspHeader } from '../src/csp.js';
import { stubGateway } from './stub-gateway.js';

const webDir = mkdtempSync(join(tmpdir(), 'snapnotes-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
writeFileSync(join(webDir, 'assets/app.js'), 'console.log(1);\n');
writeFileSync(join(webDir, 'assets/app.js.map'), '{"version":3,"sources":["secret.ts"],"mappings":""}');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

/** The stub gateway, with a route that echoes what it believes of the client. */
async function gateway(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await stubGateway(webDir, env);
  app.get('/test/whoami', async (req) => ({ ip: req.ip, host: req.host, protocol: req.protocol }));
  await app.ready();
  return app;
}

/** A CSP header as directive → sources. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

const EMULATOR = {
  AUTH_EMULATOR: '1',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIREBASE_PROJECT_ID: 'demo-snapnotes',
};
const REAL_FIREBASE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://snapnotes.example.com',
  USAGE_KEY_SECRET: 'a-usage-key-secret-of-at-least-32-characters',
  FIREBASE_PROJECT_ID: 'snapnotes-prod',
  FIREBASE_SERVICE_ACCOUNT_JSON: '{"type":"service_account"}',
  FIREBASE_WEB_API_KEY: 'AIza-test',
  FIREBASE_AUTH_DOMAIN: 'snapnotes-prod.firebaseapp.com',
};

describe('Content-Security-Policy (audit item 11)', () => {
  it('is on every reply: the app shell, its files and the API, with no inline or eval script', async () => {
    const app = await gateway(EMULATOR);
    try {
      for (const url of ['/', '/app', '/assets/app.js', '/api/public-config', '/healthz']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        const csp = parseCsp(res.headers['content-security-policy']);
        const scripts = csp.get('script-src') ?? [];
        expect(scripts, url).toContain("'self'");
        expect(
          scripts.filter((s) => /unsafe|^\*$|^https?:$|^data:$/.test(s)),
          url,
        ).toEqual([]);
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(csp.get('base-uri'), url).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors'), url).toEqual(["'self'"]);
        expect(csp.get('form-action'), url).toEqual(["'self'"]);
        expect(csp.get('default-src'), url).toEqual(["'self'"]);
      }
    } finally {
      await app.close();
    }
  });

  it('allows exactly the hosts /api/public-config sends the browser to: the Auth emulator', async () => {
    const app = await gateway(EMULATOR);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/public-config' });
      const { firebase } = res.json<{ firebase: { emulatorUrl: string } }>();
      const emulator = new URL(firebase.emulatorUrl).origin;
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", emulator]);
      expect(csp.get('frame-src')).toEqual([emulator]);
      // The emulator's offline gapi (sign-in with no internet); Google's for an emulator that does not serve one.
      expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com', emulator]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com']);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.has('upgrade-insecure-requests'), 'http origin').toBe(false);
    } finally {
      await app.close();
    }
  });

  it('allows a real project: its authDomain frame, the Google identity APIs, and GA only when configured', async () => {
    const app = await gateway({ ...REAL_FIREBASE, GA_MEASUREMENT_ID: 'G-ABC123' });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/public-config' });
      const { firebase } = res.json<{ firebase: { authDomain: string; emulatorUrl: null } }>();
      expect(firebase.emulatorUrl).toBeNull();
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.get('frame-src')).toEqual([`https://${firebase.authDomain}`]);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ]);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com', 'https://*.googletagmanager.com']);
      expect(csp.get('img-src')).toContain('https://*.google-analytics.com');
      expect(csp.has('upgrade-insecure-requests'), 'https PUBLIC_URL').toBe(true);
    } finally {
      await app.close();
    }
    // Without GA and without FIREBASE_AUTH_DOMAIN: no analytics host; authDomain is PUBLIC_URL's host, as the
    // browser is told.
    const bare = cspHeader(loadConfig({ ...REAL_FIREBASE, FIREBASE_AUTH_DOMAIN: '' }));
    expect(bare).not.toMatch(/google-analytics|googletagmanager/);
    expect(bare).toMatch(/frame-src https:\/\/snapnotes\.example\.com;/);
    // No identity configured: nothing to frame, no Google host at all.
    expect(cspHeader(loadConfig({}))).toMatch(/frame-src 'none'/);
    expect(cspHeader(loadConfig({}))).not.toMatch(/google/);
  });
});

describe('source maps (audit item 11)', () => {
  it('are never served, even when a build left one in the web folder', async () => {
    const app = await gateway();
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      for (const url of ['/assets/app.js.map', '/assets/app.js.map?x=1', '/assets/missing.js.map']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('secret.ts');
      }
    } finally {
      await app.close();
    }
  });
});

describe('X-Forwarded-* (audit item 12)', () => {
  const spoofed = {
    'x-forwarded-for': '198.51.100.7',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    host: 'snapnotes.test:8080',
  };

  it('are ignored without TRUST_PROXY: request.ip is the TCP peer, whatever the client writes', async () => {
    const app = await gateway();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/test/whoami',
        remoteAddress: '203.0.113.9',
        headers: spoofed,
      });
      expect(res.json()).toEqual({ ip: '203.0.113.9', host: 'snapnotes.test:8080', protocol: 'http' });
    } finally {
      await app.close();
    }
  });

  it('are believed from the configured proxy only', async () => {
    const app = await gateway({ TRUST_PROXY: '10.0.0.5, 172.18.0.0/16' });
    try {
      const viaProxy = async (remoteAddress: string) =>
        (await app.inject({ method: 'GET', url: '/test/whoami', remoteAddress, headers: spoofed })).json<unknown>();
      const forwarded = { ip: '198.51.100.7', host: 'evil.example', protocol: 'https' };
      expect(await viaProxy('10.0.0.5')).toEqual(forwarded);
      expect(await viaProxy('172.18.3.4')).toEqual(forwarded);
      // Anyone else reaching the gateway directly cannot choose their address.
      expect(await viaProxy('203.0.113.9')).toEqual({
        ip: '203.0.113.9',
        host: 'snapnotes.test:8080',
        protocol: 'http',
      });
      // A chain: the proxy appended the address it saw; what the client wrote before it is not believed.
      const chained = await app.inject({
        method: 'GET',
        url: '/test/whoami',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9' },
      });
      expect(chained.json<{ ip: string }>().ip).toBe('203.0.113.9');
    } finally {
      await app.close();
    }
  });
});
