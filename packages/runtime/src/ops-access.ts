/**
 * Who may read the operations endpoints (/metrics on every service, /docs on the gateway): they describe the
 * service's inside (routes, queue depths, process figures), which is no business of the public. With OPS_TOKEN set
 * they answer only to `Authorization: Bearer <OPS_TOKEN>` (compared in constant time); without it they are open in
 * development and the embedded start (127.0.0.1), and not served at all in production (404, as if absent).
 */
import { timingSafeEqual } from 'node:crypto';

export type OpsAccess = 'open' | 'token' | 'closed';

export interface OpsAccessConfig {
  NODE_ENV: string;
  OPS_TOKEN?: string;
}

export function opsAccess(config: OpsAccessConfig): OpsAccess {
  if (config.OPS_TOKEN) return 'token';
  return config.NODE_ENV === 'production' ? 'closed' : 'open';
}

/** Whether an Authorization header carries the ops token. */
export function hasOpsToken(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]!);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The answer to a request for an operations endpoint: null to serve it, else the status and body to refuse with. */
export function opsRefusal(
  config: OpsAccessConfig,
  authorization: string | undefined,
): { status: 401 | 404; body: { error: string; message: string } } | null {
  const access = opsAccess(config);
  if (access === 'open') return null;
  if (access === 'closed') return { status: 404, body: { error: 'NOT_FOUND', message: 'Not found' } };
  return hasOpsToken(authorization, config.OPS_TOKEN!)
    ? null
    : { status: 401, body: { error: 'UNAUTHENTICATED', message: 'This endpoint needs the operations token' } };
}
