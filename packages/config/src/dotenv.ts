/**
 * .env files (dotenv): which ones a process reads, and loading them without overriding the real environment.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import dotenv from 'dotenv';
import { ConfigError } from './errors.js';

/**
 * The .env files a process started in `dir` reads, nearest first: `dir`'s own, then each parent's up to the
 * repository root (the folder holding pnpm-workspace.yaml), so `node dist/main.js` in services/<name> finds the
 * root .env that the docs tell you to create. Outside a checkout (a container's /app) only `dir`'s own.
 */
export function dotEnvFiles(dir: string = process.cwd()): string[] {
  const files: string[] = [];
  let at = resolve(dir);
  for (;;) {
    if (existsSync(join(at, '.env'))) files.push(join(at, '.env'));
    const parent = dirname(at);
    if (existsSync(join(at, 'pnpm-workspace.yaml')) || parent === at) break;
    at = parent;
  }
  const root = existsSync(join(at, 'pnpm-workspace.yaml'));
  return root ? files : files.filter((f) => f === join(resolve(dir), '.env'));
}

/**
 * Loads the .env files of `dotEnvFiles(dir)` (the real environment wins over every file, a nearer file over a
 * farther one) and returns the paths read, for the start log line.
 */
export function loadDotEnvFiles(dir?: string): string[] {
  return dotEnvFiles(dir).filter((file) => loadDotEnv(file));
}

/**
 * Loads a .env file into the environment with dotenv, without overriding variables that are already set
 * (the real environment wins). Missing file: nothing happens.
 */
export function loadDotEnv(path: string): boolean {
  if (!existsSync(path)) return false;
  const result = dotenv.config({ path, override: false, quiet: true });
  if (result.error) throw new ConfigError(`Could not read ${path}: ${result.error.message}`);
  return true;
}
