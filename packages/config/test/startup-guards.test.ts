/**
 * Issue 22: settings the gateway refuses to start with.
 * - Item 11: emulator mode (unsigned tokens) only on a loopback HOST.
 * - Item 14: USAGE_KEY_SECRET is required in production, while a fresh machine still starts with no keys at all.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.js';

const emulator = { AUTH_EMULATOR: '1', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'demo-x' };
/** Production's other requirements, met. */
const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://snapnotes.example.com' };
const SECRET = 'k3Jx8vQ2mZ0pW7rT5yN1bL4cH9dF6gS2aE0uI8oP3qR=';

describe('emulator mode and HOST (issue 22, item 11)', () => {
  it('starts on a loopback HOST: 127.0.0.0/8, ::1, localhost', () => {
    for (const HOST of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', 'localhost', 'LOCALHOST']) {
      expect(loadConfig({ ...emulator, HOST }).firebaseMode, HOST).toBe('emulator');
    }
    // The default HOST is loopback.
    expect(loadConfig(emulator).firebaseMode).toBe('emulator');
  });

  it('refuses any other HOST, saying why and what to do', () => {
    for (const HOST of [
      '0.0.0.0',
      '::',
      '10.0.0.5',
      '192.168.1.20',
      'fe80::1',
      'snapnotes.local',
      'localhost.evil.com',
    ]) {
      for (const NODE_ENV of ['development', 'test']) {
        const load = () => loadConfig({ ...emulator, NODE_ENV, HOST });
        expect(load, HOST).toThrow(ConfigError);
        expect(load, HOST).toThrow(`HOST=${HOST} is not a loopback address`);
        expect(load, HOST).toThrow(/accepts unsigned tokens/);
        expect(load, HOST).toThrow(/127\.0\.0\.1, ::1 or localhost/);
      }
    }
  });

  it("refuses the compose dev profile's gateway container (HOST=0.0.0.0, published on every interface)", () => {
    const composeDev = {
      ...emulator,
      NODE_ENV: 'development',
      SERVICE_ROLE: 'gateway',
      HOST: '0.0.0.0',
      FIREBASE_AUTH_EMULATOR_HOST: 'firebase-auth:9099',
    };
    expect(() => loadConfig(composeDev)).toThrow(/HOST=0\.0\.0\.0 is not a loopback address/);
    // The stage workers verify no token: they may listen anywhere.
    for (const SERVICE_ROLE of ['moderation', 'ocr', 'summarise', 'notes']) {
      expect(loadConfig({ ...composeDev, SERVICE_ROLE }).firebaseMode, SERVICE_ROLE).toBe('emulator');
    }
  });

  it('lets a compose gateway container listen on 0.0.0.0 only with AUTH_EMULATOR_CONTAINER=1, in compose dev', () => {
    const composeDev = {
      ...emulator,
      NODE_ENV: 'development',
      SERVICE_ROLE: 'gateway',
      HOST: '0.0.0.0',
      FIREBASE_AUTH_EMULATOR_HOST: 'firebase-auth:9099',
      AUTH_EMULATOR_CONTAINER: '1',
    };
    expect(loadConfig(composeDev).firebaseMode).toBe('emulator');
    expect(loadConfig(composeDev).authEmulatorBrowserUrl).toBe('http://127.0.0.1:9099');
    // Not in production, not with an emulator on this machine (a host's own gateway), not for the embedded start.
    expect(() => loadConfig({ ...composeDev, NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    expect(() => loadConfig({ ...composeDev, NODE_ENV: 'test' })).toThrow(/is not on this machine/);
    for (const other of [
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      { SERVICE_ROLE: 'all' },
      { AUTH_EMULATOR_CONTAINER: '0' },
    ]) {
      expect(() => loadConfig({ ...composeDev, ...other }), JSON.stringify(other)).toThrow(
        /HOST=0\.0\.0\.0 is not a loopback address/,
      );
    }
  });

  it('leaves HOST free without the emulator', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).firebaseMode).toBe('none');
    // A host left in .env without the opt-in is ignored, as before.
    expect(
      loadConfig({ HOST: '0.0.0.0', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'p' })
        .firebaseMode,
    ).toBe('none');
  });
});

describe('USAGE_KEY_SECRET (issue 22, item 14)', () => {
  it('is required in production by the gateway and the embedded start, with a message that says why and how', () => {
    for (const SERVICE_ROLE of ['gateway', 'all', undefined]) {
      for (const USAGE_KEY_SECRET of [undefined, '', '   ']) {
        const load = () => loadConfig({ ...production, SERVICE_ROLE, USAGE_KEY_SECRET });
        expect(load, SERVICE_ROLE).toThrow(ConfigError);
        expect(load, SERVICE_ROLE).toThrow(/USAGE_KEY_SECRET is required with NODE_ENV=production/);
        expect(load, SERVICE_ROLE).toThrow(/openssl rand -base64 32/);
      }
    }
  });

  it('must be long enough in production (a short key is as guessable as the built-in one)', () => {
    expect(() => loadConfig({ ...production, USAGE_KEY_SECRET: 'changeme' })).toThrow(
      /USAGE_KEY_SECRET is 8 characters: use at least 32/,
    );
    expect(() => loadConfig({ ...production, USAGE_KEY_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(loadConfig({ ...production, USAGE_KEY_SECRET: 'x'.repeat(32) }).USAGE_KEY_SECRET).toBe('x'.repeat(32));
  });

  it('with it, production starts', () => {
    const c = loadConfig({ ...production, SERVICE_ROLE: 'gateway', USAGE_KEY_SECRET: SECRET });
    expect(c.USAGE_KEY_SECRET).toBe(SECRET);
    expect(c.NODE_ENV).toBe('production');
  });

  it('is not needed by the stage workers, which never compute a usage key', () => {
    for (const SERVICE_ROLE of ['moderation', 'ocr', 'summarise', 'notes']) {
      expect(loadConfig({ NODE_ENV: 'production', SERVICE_ROLE }).NODE_ENV, SERVICE_ROLE).toBe('production');
    }
  });

  it('outside production nothing is needed: a fresh machine starts with no keys at all', () => {
    for (const NODE_ENV of [undefined, '', 'development', 'test']) {
      const c = loadConfig({ NODE_ENV });
      expect(c.USAGE_KEY_SECRET).toBeUndefined();
      expect(c.firebaseMode).toBe('none');
      // …and with the emulator the embedded start sets up (loopback).
      expect(loadConfig({ NODE_ENV, ...emulator }).firebaseMode).toBe('emulator');
    }
    // Any value is taken as it is outside production.
    expect(loadConfig({ USAGE_KEY_SECRET: 'short' }).USAGE_KEY_SECRET).toBe('short');
  });
});
