import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORKER_HTTP_PORTS, dotEnvFiles, loadConfig, loadDotEnvFiles, workerHttpPort } from '../src/index.js';

let root: string;
const service = () => join(root, 'services', 'notes');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'snapnotes-dotenv-'));
  mkdirSync(service(), { recursive: true });
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  delete process.env.SNAPNOTES_DOTENV_TEST_A;
  delete process.env.SNAPNOTES_DOTENV_TEST_B;
});

describe('the .env files a service reads', () => {
  it('finds the repository root .env from a service folder', () => {
    writeFileSync(join(root, '.env'), 'SNAPNOTES_DOTENV_TEST_A=root\n');
    expect(dotEnvFiles(service())).toEqual([join(root, '.env')]);
  });

  it('reads a service folder .env first, then the root one, and the real environment wins over both', () => {
    writeFileSync(join(root, '.env'), 'SNAPNOTES_DOTENV_TEST_A=root\nSNAPNOTES_DOTENV_TEST_B=root\n');
    writeFileSync(join(service(), '.env'), 'SNAPNOTES_DOTENV_TEST_A=service\n');
    process.env.SNAPNOTES_DOTENV_TEST_B = 'environment';

    expect(loadDotEnvFiles(service())).toEqual([join(service(), '.env'), join(root, '.env')]);
    expect(process.env.SNAPNOTES_DOTENV_TEST_A).toBe('service');
    expect(process.env.SNAPNOTES_DOTENV_TEST_B).toBe('environment');
  });

  it('stops at the repository root, and outside a checkout reads only its own folder', () => {
    const outside = mkdtempSync(join(tmpdir(), 'snapnotes-app-'));
    try {
      mkdirSync(join(outside, 'app'));
      writeFileSync(join(outside, '.env'), 'X=1\n'); // a parent's file outside any checkout is not read
      expect(dotEnvFiles(join(outside, 'app'))).toEqual([]);
      writeFileSync(join(outside, 'app', '.env'), 'X=1\n');
      expect(dotEnvFiles(join(outside, 'app'))).toEqual([join(outside, 'app', '.env')]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('default ports', () => {
  it('gives each stage worker its own port unless WORKER_HTTP_PORT is set, none colliding with another default', () => {
    const config = loadConfig({});
    const workers = Object.keys(DEFAULT_WORKER_HTTP_PORTS).map((role) =>
      workerHttpPort(config, role as keyof typeof DEFAULT_WORKER_HTTP_PORTS),
    );
    // The gateway, embedded PostgreSQL, s3rver, the Auth emulator and its hub and logging (firebase-tools' own).
    const others = [
      config.PORT,
      config.EMBEDDED_PG_PORT,
      config.EMBEDDED_S3_PORT,
      config.EMBEDDED_AUTH_PORT,
      config.EMBEDDED_AUTH_HUB_PORT,
      config.EMBEDDED_AUTH_LOGGING_PORT,
    ];
    expect([config.EMBEDDED_AUTH_HUB_PORT, config.EMBEDDED_AUTH_LOGGING_PORT]).toEqual([4400, 4500]);
    const all = [...workers, ...others];
    expect(new Set(all).size).toBe(all.length);
    expect(workerHttpPort(loadConfig({ WORKER_HTTP_PORT: '9100' }), 'ocr')).toBe(9100);
    expect(workerHttpPort(loadConfig({ WORKER_HTTP_PORT: '' }), 'ocr')).toBe(DEFAULT_WORKER_HTTP_PORTS.ocr);
  });

  it("moves the Auth emulator's hub and logging ports for a second copy on the same machine", () => {
    const config = loadConfig({ EMBEDDED_AUTH_HUB_PORT: '14400', EMBEDDED_AUTH_LOGGING_PORT: '14500' });
    expect([config.EMBEDDED_AUTH_HUB_PORT, config.EMBEDDED_AUTH_LOGGING_PORT]).toEqual([14400, 14500]);
    expect(() => loadConfig({ EMBEDDED_AUTH_HUB_PORT: '70000' })).toThrow(/EMBEDDED_AUTH_HUB_PORT/);
  });
});
