import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import dotenv from 'dotenv';
import { ConfigError, envSchema, loadConfig } from '../src/index.js';

describe('loadConfig', () => {
  it('gives working embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.FREE_UPLOADS_PER_MONTH).toBe(5);
    expect(c.OCR_LANGUAGES).toEqual(['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld']);
    expect(c.OCR_DEFAULT_LANGUAGES).toEqual(['eng']);
    expect(c.S3_FORCE_PATH_STYLE).toBe(true);
    expect(c.firebaseMode).toBe('none');
    expect(c.openaiEnabled).toBe(false);
    expect(c.stripeEnabled).toBe(false);
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('parses types and lists every invalid variable at once', () => {
    expect(
      loadConfig({ OCR_LANGUAGES: 'eng+fra', S3_FORCE_PATH_STYLE: 'false', ADMIN_EMAILS: 'a@x.com, b@y.com' }),
    ).toMatchObject({
      OCR_LANGUAGES: ['eng', 'fra'],
      S3_FORCE_PATH_STYLE: false,
      ADMIN_EMAILS: ['a@x.com', 'b@y.com'],
    });
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/,
    );
  });

  it('reads OCR_LANGUAGES as the offered set and OCR_DEFAULT_LANGUAGES as a subset of it', () => {
    expect(loadConfig({ OCR_LANGUAGES: ' eng, fra ,eng ', OCR_DEFAULT_LANGUAGES: 'fra+eng' })).toMatchObject({
      OCR_LANGUAGES: ['eng', 'fra'],
      OCR_DEFAULT_LANGUAGES: ['fra', 'eng'],
    });
    // Blank is the default, as for the other variables.
    expect(loadConfig({ OCR_LANGUAGES: '', OCR_DEFAULT_LANGUAGES: ' ' })).toMatchObject({
      OCR_LANGUAGES: ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'],
      OCR_DEFAULT_LANGUAGES: ['eng'],
    });
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng,../etc' })).toThrow(
      /OCR_LANGUAGES[\s\S]*"\.\.\/etc" is not a tesseract language code/,
    );
    expect(() => loadConfig({ OCR_LANGUAGES: ',+' })).toThrow(/OCR_LANGUAGES: name at least one language/);
  });

  it('refuses default languages the engine does not offer, or more than three, with a clear message', () => {
    expect(() => loadConfig({ OCR_DEFAULT_LANGUAGES: 'eng,jpn' })).toThrow(ConfigError);
    expect(() => loadConfig({ OCR_DEFAULT_LANGUAGES: 'eng,jpn' })).toThrow(
      'OCR_DEFAULT_LANGUAGES names jpn, which OCR_LANGUAGES does not offer (eng, fra, deu, spa, ita, por, nld)',
    );
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng', OCR_DEFAULT_LANGUAGES: 'fra' })).toThrow(
      /OCR_DEFAULT_LANGUAGES names fra, which OCR_LANGUAGES does not offer \(eng\)/,
    );
    expect(() => loadConfig({ OCR_DEFAULT_LANGUAGES: 'eng,fra,deu,spa' })).toThrow(
      /OCR_DEFAULT_LANGUAGES names 4 languages; at most 3/,
    );
    expect(loadConfig({ OCR_DEFAULT_LANGUAGES: 'eng,fra,deu' }).OCR_DEFAULT_LANGUAGES).toEqual(['eng', 'fra', 'deu']);
  });

  it('treats empty strings as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', OPENAI_API_KEY: '  ' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.openaiEnabled).toBe(false);
  });

  describe('the Auth emulator (accepts unsigned tokens)', () => {
    const emulator = {
      AUTH_EMULATOR: '1',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-x',
    };

    it('is used only with AUTH_EMULATOR=1 and a loopback host', () => {
      const c = loadConfig(emulator);
      expect(c.firebaseMode).toBe('emulator');
      expect(c.FIREBASE_AUTH_EMULATOR_HOST).toBe('127.0.0.1:9099');
      expect(c.authEmulatorBrowserUrl).toBe('http://127.0.0.1:9099');
      for (const host of ['localhost:9099', '[::1]:9099', 'LOCALHOST']) {
        expect(loadConfig({ ...emulator, FIREBASE_AUTH_EMULATOR_HOST: host }).firebaseMode, host).toBe('emulator');
      }
    });

    it('ignores the host without the opt-in, whatever NODE_ENV says', () => {
      for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
        const c = loadConfig({
          NODE_ENV,
          PUBLIC_URL: 'https://snapnotes.example.com',
          USAGE_KEY_SECRET: 'a-usage-key-secret-of-at-least-32-characters',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
          FIREBASE_PROJECT_ID: 'p',
        });
        expect(c.firebaseMode, NODE_ENV).toBe('none');
        expect(c.FIREBASE_AUTH_EMULATOR_HOST, NODE_ENV).toBeUndefined();
        expect(c.authEmulatorBrowserUrl).toBeNull();
        expect(c.warnings.join('\n')).toMatch(/FIREBASE_AUTH_EMULATOR_HOST.*ignored.*AUTH_EMULATOR=1/);
      }
      expect(loadConfig({ AUTH_EMULATOR: '0', ...{ FIREBASE_AUTH_EMULATOR_HOST: 'x:1' } }).firebaseMode).toBe('none');
    });

    it('treats a whitespace-only host as unset', () => {
      const c = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '   ', FIREBASE_PROJECT_ID: 'p' });
      expect(c.firebaseMode).toBe('none');
      expect(c.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
      expect(c.warnings).toEqual([]);
      expect(() => loadConfig({ ...emulator, FIREBASE_AUTH_EMULATOR_HOST: ' \t ' })).toThrow(
        /needs FIREBASE_AUTH_EMULATOR_HOST/,
      );
    });

    it('refuses to start in production, or with a host that is not this machine', () => {
      expect(() => loadConfig({ ...emulator, NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
      for (const host of [
        '10.0.0.5:9099',
        'auth.example.com:9099',
        '127.0.0.2:9099',
        'localhost.evil.com',
        '0.0.0.0:9099',
      ]) {
        expect(() => loadConfig({ ...emulator, FIREBASE_AUTH_EMULATOR_HOST: host }), host).toThrow(
          /not on this machine/,
        );
        expect(() => loadConfig({ ...emulator, NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: host })).toThrow(
          ConfigError,
        );
      }
      expect(() => loadConfig({ ...emulator, FIREBASE_PROJECT_ID: '' })).toThrow(/FIREBASE_PROJECT_ID/);
    });

    it("accepts compose's firebase-auth service in development only, and tells the browser the published port", () => {
      const dev = { ...emulator, NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: 'firebase-auth:9099' };
      const c = loadConfig(dev);
      expect(c.firebaseMode).toBe('emulator');
      expect(c.authEmulatorBrowserUrl).toBe('http://127.0.0.1:9099');
      expect(() => loadConfig({ ...dev, NODE_ENV: 'test' })).toThrow(/not on this machine/);
      expect(() => loadConfig({ ...dev, NODE_ENV: 'production' })).toThrow(ConfigError);
    });

    it('reads a blank NODE_ENV as unset', () => {
      expect(loadConfig({ NODE_ENV: '' }).NODE_ENV).toBe('development');
      expect(loadConfig({ NODE_ENV: '  ' }).NODE_ENV).toBe('development');
    });
  });

  describe('PUBLIC_URL (audit item 12)', () => {
    it('is required in production by the gateway and the embedded start, with a message saying what to set', () => {
      for (const SERVICE_ROLE of ['gateway', 'all', undefined]) {
        expect(() => loadConfig({ NODE_ENV: 'production', SERVICE_ROLE }), SERVICE_ROLE).toThrow(ConfigError);
        expect(() => loadConfig({ NODE_ENV: 'production', SERVICE_ROLE, PUBLIC_URL: ' ' }), SERVICE_ROLE).toThrow(
          /PUBLIC_URL is required with NODE_ENV=production: set it to the origin users open the app at/,
        );
      }
      const c = loadConfig({
        NODE_ENV: 'production',
        SERVICE_ROLE: 'gateway',
        PUBLIC_URL: 'https://notes.example/',
        USAGE_KEY_SECRET: 'a-usage-key-secret-of-at-least-32-characters',
      });
      expect(c.publicUrl).toBe('https://notes.example');
      // The workers make no links: they start without it.
      for (const SERVICE_ROLE of ['moderation', 'ocr', 'summarise', 'notes']) {
        expect(loadConfig({ NODE_ENV: 'production', SERVICE_ROLE }).NODE_ENV, SERVICE_ROLE).toBe('production');
      }
      // Outside production it still defaults to http://HOST:PORT.
      expect(loadConfig({ NODE_ENV: 'test', PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    });

    it('must be an http(s) URL', () => {
      for (const bad of ['snapnotes.example.com', 'ftp://snapnotes.example.com', 'javascript:alert(1)']) {
        expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL=.* is not an http\(s\) URL/);
      }
    });
  });

  describe('TRUST_PROXY (audit item 12)', () => {
    it('trusts nobody when unset, else exactly the addresses and ranges named', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '  ' }).TRUST_PROXY).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.18.0.0/16,::1, fd00::/8, loopback' }).TRUST_PROXY).toEqual([
        '10.0.0.5',
        '172.18.0.0/16',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
    });

    it('refuses values that would trust any client, or that are not addresses', () => {
      for (const bad of ['true', '*', '0.0.0.0/0', '::/0', '1', '2', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1']) {
        expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .*is not a proxy address/);
      }
    });
  });

  it('enables OpenAI with a key or a base URL, and Stripe only with key and both prices', () => {
    expect(loadConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).openaiEnabled).toBe(true);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: 'price_m' }).stripeEnabled).toBe(false);
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' })
        .stripeEnabled,
    ).toBe(true);
  });

  it('.env.example documents exactly the variables the schema reads, and parses as it stands', () => {
    const parsed = dotenv.parse(readFileSync(join(import.meta.dirname, '../../../.env.example')));
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(() => loadConfig(parsed)).not.toThrow();
  });
});
