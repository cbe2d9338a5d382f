/**
 * The Auth emulator as `pnpm start` runs it (startAuthEmulator): a second copy starts beside the run's own one when
 * given its own hub and logging ports (EMBEDDED_AUTH_HUB_PORT / EMBEDDED_AUTH_LOGGING_PORT), and its front serves
 * the offline gapi, rewrites the helper frame to load it, and passes the emulator's API through.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithGoogleOnEmulator, startAuthEmulator, type AuthEmulator } from '../src/auth-emulator.js';
import { GAPI_PATH, GOOGLE_GAPI_URL } from '../src/offline-gapi.js';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('a second Auth emulator on the same machine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'snapnotes-auth-second-'));
  let emulator: AuthEmulator;
  let ports: { port: number; hubPort: number; loggingPort: number };

  beforeAll(async () => {
    // The run's own emulator (global setup) is up already: this one must not collide with it.
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
    ports = { port: await freePort(), hubPort: await freePort(), loggingPort: await freePort() };
    emulator = await startAuthEmulator({ ...ports, workDir: join(dir, 'work'), env: { PATH: process.env.PATH } });
  });
  afterAll(async () => {
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs its hub and logging on the ports it was given', async () => {
    expect(emulator.host).toBe(`127.0.0.1:${ports.port}`);
    expect(emulator.host).not.toBe(process.env.FIREBASE_AUTH_EMULATOR_HOST);
    // The hub lists the running emulators: it is this copy's, on the port given (firebase-tools' /emulators).
    const hub = await fetch(`http://127.0.0.1:${ports.hubPort}/emulators`);
    expect(hub.ok).toBe(true);
    const listed = (await hub.json()) as { auth?: { port: number } };
    expect(listed.auth?.port).toBe(emulator.privatePort);
    // The logging port is taken by this copy: nothing else can listen there now.
    const probe: Server = createServer();
    const busy = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(true));
      probe.listen(ports.loggingPort, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    expect(busy, `logging port ${ports.loggingPort} in use by the emulator`).toBe(true);
  });

  it('refuses to start on a hub port already in use, naming it', async () => {
    await expect(
      startAuthEmulator({
        port: await freePort(),
        hubPort: ports.hubPort,
        loggingPort: await freePort(),
        workDir: join(dir, 'clash'),
      }),
    ).rejects.toThrow(new RegExp(`Port ${ports.hubPort} is already in use`));
  });

  it('passes the API through its front: a Google sign-in gets an ID token', async () => {
    const signIn = await signInWithGoogleOnEmulator(emulator.url, {
      sub: 'second-copy-1',
      email: 'second.copy@example.com',
      name: 'Second Copy',
    });
    expect(signIn.idToken.split('.')).toHaveLength(3);
    expect(signIn.email).toBe('second.copy@example.com');
  });

  it('serves the offline gapi, and the helper frame loads it instead of Google’s', async () => {
    const script = await fetch(`${emulator.url}${GAPI_PATH}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const source = await script.text();
    expect(source).toContain('window.gapi = {');
    expect(() => new Function(source), 'valid JavaScript').not.toThrow();

    const frame = await fetch(`${emulator.url}/emulator/auth/iframe?apiKey=k&appName=%5BDEFAULT%5D`);
    expect(frame.status).toBe(200);
    const html = await frame.text();
    expect(html).toContain(`<script src="${GAPI_PATH}"></script>`);
    expect(html).not.toContain(GOOGLE_GAPI_URL);
    expect(html).toContain('gapi_onload'); // firebase-tools' own page, otherwise unchanged

    // The page firebase-tools serves still loads Google's: the day it stops, the rewrite above has nothing to do.
    const original = await (await fetch(`http://127.0.0.1:${emulator.privatePort}/emulator/auth/iframe`)).text();
    expect(original).toContain(`src="${GOOGLE_GAPI_URL}"`);
  });
});
