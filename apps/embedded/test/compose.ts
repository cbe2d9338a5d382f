/**
 * Reads docker-compose.yml and the Dockerfiles the way Docker Compose would, without a Docker engine: YAML with
 * merge keys, `${VAR}` interpolation from a .env file, and each app container's environment (image ENV, then
 * env_file, then `environment`, the later winning). Used by deploy.test.ts (static checks) and
 * distributed.int.test.ts (which starts every service with exactly this environment).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { DockerfileParser } from 'dockerfile-ast';
import { parse } from 'yaml';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const COMPOSE_FILE = join(REPO_ROOT, 'docker-compose.yml');

export interface ComposeBuild {
  context: string;
  dockerfile?: string;
  target?: string;
}

export interface ComposeService {
  image?: string;
  build?: ComposeBuild | string;
  env_file?: string | Array<string | { path: string; required?: boolean }>;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string; [key: string]: unknown };
  ports?: Array<string | Record<string, unknown>>;
  volumes?: Array<string | Record<string, unknown>>;
  profiles?: string[];
  restart?: string;
  stop_grace_period?: string;
  [key: string]: unknown;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The compose file as YAML data, merge keys resolved, variables not yet interpolated. */
export function readCompose(path = COMPOSE_FILE): ComposeFile {
  const data = parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile;
  if (!data || typeof data !== 'object' || !data.services) throw new Error(`${path}: no services`);
  return data;
}

export class InterpolationError extends Error {}

const VARIABLE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** Compose's interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR:+alt}. */
export function interpolate(value: string, vars: Record<string, string | undefined>, where = 'value'): string {
  return value.replace(VARIABLE, (whole, braced?: string, op?: string, arg?: string, bare?: string) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    const raw = vars[name];
    const unset = raw === undefined;
    const empty = unset || raw === '';
    switch (op) {
      case ':-':
        return empty ? interpolate(arg ?? '', vars, where) : raw!;
      case '-':
        return unset ? interpolate(arg ?? '', vars, where) : raw!;
      case ':?':
        if (empty) throw new InterpolationError(`${where}: required variable ${name} is missing a value: ${arg}`);
        return raw!;
      case '?':
        if (unset) throw new InterpolationError(`${where}: required variable ${name} is missing a value: ${arg}`);
        return raw!;
      case ':+':
        return empty ? '' : interpolate(arg ?? '', vars, where);
      case '+':
        return unset ? '' : interpolate(arg ?? '', vars, where);
      default:
        return raw ?? '';
    }
  });
}

/** Every variable name the text interpolates (escaped `$$` excluded). */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1] ?? m[4];
    if (name) names.add(name);
  }
  return [...names].sort();
}

/** Interpolates every string of a compose document (what `docker compose config` does). */
export function interpolateDeep<T>(data: T, vars: Record<string, string | undefined>, where = ''): T {
  if (typeof data === 'string') return interpolate(data, vars, where) as T;
  if (Array.isArray(data)) return data.map((v, i) => interpolateDeep(v, vars, `${where}[${i}]`)) as T;
  if (data && typeof data === 'object') {
    return Object.fromEntries(
      Object.entries(data).map(([k, v]) => [k, interpolateDeep(v, vars, where ? `${where}.${k}` : k)]),
    ) as T;
  }
  return data;
}

export function buildOf(service: ComposeService): ComposeBuild | undefined {
  if (!service.build) return undefined;
  return typeof service.build === 'string' ? { context: service.build } : service.build;
}

/** Services built from this repository (the gateway and the stage workers). */
export function appServiceNames(compose: ComposeFile): string[] {
  return Object.entries(compose.services)
    .filter(([, s]) => {
      const build = buildOf(s);
      return build !== undefined && resolve(REPO_ROOT, build.context) === REPO_ROOT;
    })
    .map(([name]) => name);
}

export function envFilePaths(service: ComposeService): string[] {
  const files = service.env_file;
  if (!files) return [];
  return (Array.isArray(files) ? files : [files]).map((f) => (typeof f === 'string' ? f : f.path));
}

function environmentMap(service: ComposeService): Record<string, string> {
  const env = service.environment;
  if (!env) return {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

// ---------------------------------------------------------------------------------------------------------
// Dockerfiles

export interface DockerInstruction {
  keyword: string;
  /** The instruction's text after the keyword, continuation lines joined. */
  args: string;
}

export interface DockerStage {
  /** The stage name (`AS name`), or its index for an unnamed one. */
  name: string;
  /** The FROM image or the parent stage's name. */
  from: string;
  instructions: DockerInstruction[];
}

export function dockerfileStages(path: string): DockerStage[] {
  const file = DockerfileParser.parse(readFileSync(path, 'utf8'));
  const args = Object.fromEntries(
    file.getInitialARGs().map((a) => {
      const p = a.getProperty();
      return [p?.getName() ?? '', p?.getValue() ?? ''];
    }),
  );
  const stages: DockerStage[] = [];
  for (const instruction of file.getInstructions()) {
    const keyword = instruction.getKeyword().toUpperCase();
    // The whole instruction after its keyword, flags included (`COPY --from=build …`), continuation lines joined.
    const text = instruction
      .getTextContent()
      .slice(instruction.getInstruction().length)
      .replace(/\\\r?\n/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (keyword === 'FROM') {
      const from = file.getFROMs().find((f) => f.getRange().start.line === instruction.getRange().start.line)!;
      const image = interpolate(from.getImage() ?? '', args, `${path} FROM`);
      stages.push({ name: from.getBuildStage() ?? String(stages.length), from: image, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push({ keyword, args: text });
    }
  }
  return stages;
}

/** A stage and the stages it builds on, base first. */
export function stageChain(stages: DockerStage[], target?: string): DockerStage[] {
  let stage = target ? stages.find((s) => s.name === target) : stages.at(-1);
  if (!stage) throw new Error(`no build stage "${target}"`);
  const chain: DockerStage[] = [];
  while (stage) {
    chain.unshift(stage);
    const parent: DockerStage | undefined = stages.find((s) => s.name === stage!.from);
    stage = parent;
  }
  return chain;
}

/** `ENV a=b c=d` → pairs (the `ENV a b` legacy form too). */
export function parseEnvInstruction(args: string): Array<[string, string]> {
  if (!args.includes('=')) {
    const [name, ...rest] = args.split(' ');
    return [[name!, rest.join(' ')]];
  }
  const pairs: Array<[string, string]> = [];
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
    let value = m[2]!;
    if (/^["'].*["']$/.test(value)) value = value.slice(1, -1);
    pairs.push([m[1]!, value]);
  }
  return pairs;
}

/** The ENV a built image carries (its stage chain's ENV instructions, `$VAR` resolved against earlier ones). */
export function imageEnvironment(build: ComposeBuild): Record<string, string> {
  const dockerfile = join(resolve(REPO_ROOT, build.context), build.dockerfile ?? 'Dockerfile');
  const env: Record<string, string> = {};
  for (const stage of stageChain(dockerfileStages(dockerfile), build.target)) {
    for (const i of stage.instructions) {
      if (i.keyword !== 'ENV') continue;
      for (const [k, v] of parseEnvInstruction(i.args)) env[k] = interpolate(v, env, `${dockerfile} ENV ${k}`);
    }
  }
  return env;
}

// ---------------------------------------------------------------------------------------------------------
// A container's environment

export interface ContainerEnvironment {
  /** What the process sees: image ENV, then the env_file(s), then `environment` (interpolated). */
  env: Record<string, string>;
  /** Where each variable's value came from. */
  source: Record<string, 'image' | 'env_file' | 'environment'>;
}

/**
 * The environment compose gives the container of `service`, with `dotenvText` as the project's .env (used both
 * for interpolation and as the env_file, as in docker-compose.yml).
 */
export function containerEnvironment(compose: ComposeFile, service: string, dotenvText: string): ContainerEnvironment {
  const s = compose.services[service];
  if (!s) throw new Error(`docker-compose.yml has no service "${service}"`);
  const vars = dotenv.parse(dotenvText);
  const env: Record<string, string> = {};
  const source: ContainerEnvironment['source'] = {};
  const build = buildOf(s);
  if (build) {
    for (const [k, v] of Object.entries(imageEnvironment(build))) {
      env[k] = v;
      source[k] = 'image';
    }
  }
  for (const file of envFilePaths(s)) {
    if (file !== '.env') {
      const path = resolve(REPO_ROOT, file);
      if (!existsSync(path)) throw new Error(`env_file ${file} of ${service} does not exist`);
      Object.assign(env, dotenv.parse(readFileSync(path)));
    } else {
      for (const [k, v] of Object.entries(vars)) {
        env[k] = v;
        source[k] = 'env_file';
      }
    }
  }
  for (const [k, v] of Object.entries(environmentMap(s))) {
    env[k] = interpolate(v, vars, `services.${service}.environment.${k}`);
    source[k] = 'environment';
  }
  return { env, source };
}
