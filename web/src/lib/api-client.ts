import type { QueryFunction } from '@tanstack/react-query';
import type { ApiErrorBody, ErrorCode } from '@snapnotes/contracts';
import { logger } from './logger.js';

/**
 * Request layer (SPEC §7, §8). Every call fetches a fresh identity token, sends it as a bearer header,
 * always includes cookies, and turns a non-success reply into an Error whose message is "{status}: {text}".
 */

/** Returns the signed-in user's ID token, or null when nobody is signed in. Set by lib/firebase. */
export type IdTokenProvider = () => Promise<string | null>;

let idTokenProvider: IdTokenProvider = async () => null;
let apiBaseUrl = '';

export function setIdTokenProvider(provider: IdTokenProvider): void {
  idTokenProvider = provider;
}

/** Prefix for root-relative URLs ('' in the browser: same origin). Tests point it at a local server. */
export function setApiBaseUrl(base: string): void {
  apiBaseUrl = base.replace(/\/+$/, '');
}

export function resolveUrl(url: string): string {
  return url.startsWith('/') ? `${apiBaseUrl}${url}` : url;
}

/** Error values meaning the authentication service is not configured on the server ({provider}_NOT_CONFIGURED). */
const FIREBASE_NOT_CONFIGURED: (typeof ErrorCode)['FirebaseNotConfigured'] = 'FIREBASE_NOT_CONFIGURED';
const AUTH_NOT_CONFIGURED_ERRORS: ReadonlySet<string> = new Set([FIREBASE_NOT_CONFIGURED, 'AUTH_NOT_CONFIGURED']);

export const AUTH_NOT_AVAILABLE_MESSAGE = 'Authentication service not available';

/** A non-success HTTP reply. `message` is "{status}: {text}" (status text when the body is empty). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly text: string;
  /** The parsed JSON error body, when the reply carried one. */
  readonly body: Partial<ApiErrorBody> | null;

  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.text = text;
    this.body = parseJsonObject(text);
  }

  /** The server's human-readable message, if its body had one. */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  }
}

/** The request never got a reply (server down, offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Failed to connect to the server', { cause });
    this.name = 'NetworkError';
  }
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Who is told when the server refuses a request's bearer token (401): the session is gone (expired, revoked, the
 * account disabled or deleted elsewhere), so what the app keeps of it must go (issue 22 item 9). The auth provider
 * listens; the request still fails as SPEC §8 says.
 */
const sessionRejectedListeners = new Set<() => void>();

/** Calls `listener` whenever a request that carried a bearer token is answered 401; returns the unsubscribe. */
export function onSessionRejected(listener: () => void): () => void {
  sessionRejectedListeners.add(listener);
  return () => void sessionRejectedListeners.delete(listener);
}

function noticeRejectedToken(res: Response, headers: Record<string, string>): void {
  if (res.status !== 401 || !headers.Authorization) return;
  for (const listener of [...sessionRejectedListeners]) listener();
}

/** Bearer header for the current user; a failed token fetch is only logged and the call goes out without it. */
export async function authHeaders(): Promise<Record<string, string>> {
  try {
    const token = await idTokenProvider();
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Could not get an ID token');
    return {};
  }
}

/**
 * Sends a request with the bearer header and cookies; returns the raw Response whatever its status.
 * Bodies: FormData as is, anything else as JSON; GET and body-less calls send none.
 */
export interface RequestOptions {
  /** Cancels the request (e.g. the signal TanStack Query passes to a query function). */
  signal?: AbortSignal;
  /** More headers (e.g. an upload's X-Progress-Id); the bearer header is always the session's. */
  headers?: Record<string, string>;
}

export async function sendRequest(
  method: string,
  url: string,
  body?: unknown,
  { signal, headers: extra }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extra, ...(await authHeaders()) };
  let payload: BodyInit | undefined;
  const upper = method.toUpperCase();
  if (body !== undefined && upper !== 'GET' && upper !== 'HEAD') {
    if (body instanceof FormData) {
      payload = body;
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  let res: Response;
  try {
    res = await fetch(resolveUrl(url), { method: upper, headers, body: payload, credentials: 'include', signal });
  } catch (error) {
    // A cancelled request stays an AbortError: TanStack Query recognises it (it is not a network failure).
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  noticeRejectedToken(res, headers);
  return res;
}

/**
 * If `res` is a 503 whose JSON body says the authentication service is not configured, returns the error value
 * (e.g. 'FIREBASE_NOT_CONFIGURED'); otherwise null. Does not consume `res`.
 */
export async function authNotConfiguredError(res: Response): Promise<string | null> {
  if (res.status !== 503) return null;
  const body = parseJsonObject(await res.clone().text());
  const error = body?.error;
  return typeof error === 'string' && AUTH_NOT_CONFIGURED_ERRORS.has(error) ? error : null;
}

/** Throws ApiError("{status}: {text}") when the reply is not a success. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, res.statusText, text);
  }
}

/**
 * Generic request (SPEC §7). A 503 "auth not configured" reply is not an error: it becomes a synthetic
 * 200 reply `{ message: 'Authentication service not available', warning: '<ERROR>' }`.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const res = await sendRequest(method, url, body, options);
  const notConfigured = await authNotConfiguredError(res);
  if (notConfigured) {
    logger.warn({ url, error: notConfigured }, AUTH_NOT_AVAILABLE_MESSAGE);
    return new Response(JSON.stringify({ message: AUTH_NOT_AVAILABLE_MESSAGE, warning: notConfigured }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Default data loader (SPEC §7): GETs the first element of the query key and returns the parsed JSON.
 * With on401 'returnNull' a 401 gives null; an "auth not configured" 503 always gives null.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== 'string') throw new Error('The first element of the query key must be a URL');
    const headers = await authHeaders();
    let res: Response;
    try {
      res = await fetch(resolveUrl(url), { headers, credentials: 'include', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new NetworkError(error);
    }
    noticeRejectedToken(res, headers);
    if (on401 === 'returnNull' && res.status === 401) return null;
    const notConfigured = await authNotConfiguredError(res);
    if (notConfigured) {
      logger.warn({ url, error: notConfigured }, AUTH_NOT_AVAILABLE_MESSAGE);
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Best human-readable text for an error: the server's message when it sent one, else the error's message. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
