import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type Reply, type TestServer } from '../test/http-server.js';
import { FALLBACK_CONFIG, loadRuntimeConfig, startedWithoutServer } from './runtime-config.js';

let server: TestServer;
let reply: Reply;

beforeAll(async () => {
  server = await startTestServer(() => reply);
});
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('loadRuntimeConfig', () => {
  it('reads the firebase section (with the emulator URL), analytics id, allowance and payments flag', async () => {
    reply = {
      body: {
        firebase: {
          apiKey: 'k',
          authDomain: 'demo.firebaseapp.com',
          projectId: 'demo-snapnotes',
          emulatorUrl: 'http://127.0.0.1:9099',
        },
        gaMeasurementId: 'G-ABC123',
        freeUploadsPerMonth: 5,
        stripeEnabled: true,
      },
    };
    await expect(loadRuntimeConfig(`${server.url}/api/public-config`)).resolves.toEqual({
      firebase: {
        apiKey: 'k',
        authDomain: 'demo.firebaseapp.com',
        projectId: 'demo-snapnotes',
        emulatorUrl: 'http://127.0.0.1:9099',
      },
      gaMeasurementId: 'G-ABC123',
      freeUploadsPerMonth: 5,
      stripeEnabled: true,
    });
  });

  it('keeps the valid fields when one is wrong, and turns firebase off when its section is invalid', async () => {
    reply = { body: { firebase: { apiKey: '' }, gaMeasurementId: null, freeUploadsPerMonth: 3, stripeEnabled: 'yes' } };
    await expect(loadRuntimeConfig(`${server.url}/cfg`)).resolves.toEqual({
      firebase: null,
      gaMeasurementId: null,
      freeUploadsPerMonth: 3,
      stripeEnabled: false,
    });
  });

  it('falls back to defaults when the server fails or is unreachable', async () => {
    reply = { status: 500, body: 'down' };
    await expect(loadRuntimeConfig(`${server.url}/cfg`)).resolves.toEqual(FALLBACK_CONFIG);
    const closed = await startTestServer();
    await closed.close();
    await expect(loadRuntimeConfig(`${closed.url}/cfg`)).resolves.toEqual(FALLBACK_CONFIG);
  });

  it('tells whether the start reached the server (an error reply did; no answer did not)', async () => {
    reply = { status: 500, body: 'down' };
    await loadRuntimeConfig(`${server.url}/cfg`);
    expect(startedWithoutServer()).toBe(false);
    const closed = await startTestServer();
    await closed.close();
    await loadRuntimeConfig(`${closed.url}/cfg`);
    expect(startedWithoutServer()).toBe(true);
    reply = { body: {} };
    await loadRuntimeConfig(`${server.url}/cfg`);
    expect(startedWithoutServer()).toBe(false);
  });

  it('offline, starts with the configuration the server gave last time', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    });
    try {
      reply = { body: { firebase: { apiKey: 'k', authDomain: 'a.example', projectId: 'p' }, freeUploadsPerMonth: 9 } };
      const online = await loadRuntimeConfig(`${server.url}/cfg`);
      expect(online.firebase?.projectId).toBe('p');
      const closed = await startTestServer();
      await closed.close();
      await expect(loadRuntimeConfig(`${closed.url}/cfg`)).resolves.toEqual(online);
      // A server that answers with an error is not "offline": its defaults apply.
      reply = { status: 500, body: 'down' };
      await expect(loadRuntimeConfig(`${server.url}/cfg`)).resolves.toEqual(FALLBACK_CONFIG);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
