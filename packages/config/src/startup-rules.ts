/**
 * Settings a process refuses to start with (each throws a ConfigError saying why and what to set): the Firebase
 * Auth emulator's conditions, and what production needs of the gateway. loadConfig calls these.
 */
import { BlockList, isIP } from 'node:net';
import { ConfigError } from './errors.js';
import type { Env } from './index.js';

/** Hosts the Auth emulator may be on: this machine only (IPv4, IPv6 or by name), with an optional port. */
const LOOPBACK_EMULATOR_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
/** docker compose's `dev` profile: the emulator container, reached by its service name (development only). */
const COMPOSE_EMULATOR_HOST = /^firebase-auth(?::\d{1,5})?$/;

/** The roles that verify ID tokens and compute usage keys: the gateway, alone or in the embedded start. */
const servesUsers = (e: Pick<Env, 'SERVICE_ROLE'>) => e.SERVICE_ROLE === 'gateway' || e.SERVICE_ROLE === 'all';

/**
 * The Auth emulator's host when emulator mode is chosen, else undefined. The emulator accepts unsigned tokens (anyone
 * could sign in as an ADMIN_EMAILS address), so it takes an explicit AUTH_EMULATOR=1, a host on this machine and a
 * NODE_ENV other than production; anything else with the opt-in refuses to start. Without the opt-in a host is ignored.
 */
export function authEmulatorHost(e: Env): string | undefined {
  if (!e.AUTH_EMULATOR) return undefined;
  const host = e.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new ConfigError('AUTH_EMULATOR=1 needs FIREBASE_AUTH_EMULATOR_HOST (e.g. 127.0.0.1:9099).');
  }
  if (e.NODE_ENV === 'production') {
    // The emulator accepts unsigned tokens: anyone could sign in as anyone.
    throw new ConfigError(
      'AUTH_EMULATOR=1 while NODE_ENV=production: the Firebase Auth emulator accepts unsigned tokens. Unset AUTH_EMULATOR and FIREBASE_AUTH_EMULATOR_HOST, or run in development.',
    );
  }
  const composeDev = e.NODE_ENV === 'development' && COMPOSE_EMULATOR_HOST.test(host);
  if (!LOOPBACK_EMULATOR_HOST.test(host) && !composeDev) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST=${host} is not on this machine: the Auth emulator must listen on 127.0.0.1, localhost or [::1] ` +
        "(or be docker compose's firebase-auth service, with NODE_ENV=development).",
    );
  }
  if (!e.FIREBASE_PROJECT_ID) {
    throw new ConfigError('FIREBASE_PROJECT_ID is required with the Auth emulator (e.g. demo-snapnotes).');
  }
  assertLoopbackListener(e, composeDev);
  return host;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (any spelling, bracketed or not, or IPv4-mapped) or `localhost`. */
function isLoopbackHost(host: string): boolean {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (name.toLowerCase() === 'localhost') return true;
  const family = isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Emulator mode (issue 22, item 11): a gateway that accepts unsigned tokens listens on this machine only. On any
 * other address (0.0.0.0 included, and so the compose gateway container) anyone who reaches it could write a token
 * for an existing user's uid. The stage workers verify no token and may listen anywhere.
 */
function assertLoopbackListener(e: Env, composeDev: boolean): void {
  if (!servesUsers(e) || isLoopbackHost(e.HOST)) return;
  // The one exception (issue 26): a gateway container of compose's dev setup (deploy/compose/emulator.yml), which must
  // listen on 0.0.0.0 to be reached through its published port, and is published on the host's 127.0.0.1 only. The
  // operator states that with AUTH_EMULATOR_CONTAINER=1; it counts only with NODE_ENV=development and the emulator
  // being compose's firebase-auth service, so it cannot open a gateway on a host's own network address.
  if (e.AUTH_EMULATOR_CONTAINER && composeDev && e.SERVICE_ROLE === 'gateway') return;
  throw new ConfigError(
    `HOST=${e.HOST} is not a loopback address, and the Firebase Auth emulator (AUTH_EMULATOR=1, or \`pnpm start\` ` +
      'without a Firebase project) accepts unsigned tokens: anyone who can reach the gateway could sign in as any ' +
      'user. In emulator mode the gateway listens on 127.0.0.1, ::1 or localhost only: set HOST to one of them ' +
      '(a compose gateway container published on 127.0.0.1 only: AUTH_EMULATOR_CONTAINER=1, deploy/compose/emulator.yml), or ' +
      'use a real Firebase project (FIREBASE_PROJECT_ID and FIREBASE_SERVICE_ACCOUNT_JSON; docs/DEPLOY.md, ' +
      '"Identity: Firebase").',
  );
}

/** The shortest USAGE_KEY_SECRET production takes: 32 characters (`openssl rand -base64 32` gives 44). */
const MIN_USAGE_KEY_SECRET_LENGTH = 32;

/**
 * USAGE_KEY_SECRET in production (issue 22, item 14): without it the usage key is an HMAC under the built-in
 * development key, which is public, so anyone with the table could tell which uid a kept allowance row belongs to.
 * Only the gateway computes usage keys; outside production the built-in key keeps a fresh machine working.
 */
export function assertUsageKeySecret(e: Env): void {
  if (e.NODE_ENV !== 'production' || !servesUsers(e)) return;
  const how =
    'Set it to a long random value, e.g. the output of `openssl rand -base64 32`, and keep it: changing it ' +
    'forgets which deleted accounts already used their free uploads (docs/DEPLOY.md, "Running the stack").';
  const secret = e.USAGE_KEY_SECRET;
  if (!secret) {
    throw new ConfigError(
      'USAGE_KEY_SECRET is required with NODE_ENV=production: it keys the hash under which the used allowance of a ' +
        `deleted account is kept, and without it the built-in development key (public) would be used. ${how}`,
    );
  }
  if (secret.length < MIN_USAGE_KEY_SECRET_LENGTH) {
    throw new ConfigError(
      `USAGE_KEY_SECRET is ${secret.length} characters: use at least ${MIN_USAGE_KEY_SECRET_LENGTH} in production. ${how}`,
    );
  }
}
