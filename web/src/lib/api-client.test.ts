import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { startTestServer, type TestServer } from '../test/http-server.js';
import { ApiError, apiRequest, getQueryFn, NetworkError, setApiBaseUrl, setIdTokenProvider } from './api-client.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
afterEach(() => {
  server.requests.length = 0;
  setIdTokenProvider(async () => null);
  vi.restoreAllMocks();
});

function queryContext(url: string): QueryFunctionContext {
  return { queryKey: [url], signal: new AbortController().signal, meta: undefined } as unknown as QueryFunctionContext;
}

describe('apiRequest', () => {
  it('fetches a fresh token for every call and sends it as a bearer header', async () => {
    let calls = 0;
    setIdTokenProvider(async () => `token-${++calls}`);
    server.setHandler(() => ({ body: { ok: true } }));
    await apiRequest('GET', '/api/a');
    await apiRequest('GET', '/api/b');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('sends a JSON body with a JSON content type', async () => {
    server.setHandler(() => ({ body: { saved: true } }));
    const res = await apiRequest('PATCH', '/api/notes/7/title', { title: 'Hello' });
    expect(await res.json()).toEqual({ saved: true });
    const [req] = server.requests;
    expect(req?.method).toBe('PATCH');
    expect(req?.path).toBe('/api/notes/7/title');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req?.text ?? '')).toEqual({ title: 'Hello' });
  });

  it('sends FormData as multipart without forcing a JSON content type', async () => {
    server.setHandler(() => ({ body: { id: 1 } }));
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'shot.png');
    form.append('userId', '3');
    await apiRequest('POST', '/api/process-screenshots', form);
    const [req] = server.requests;
    expect(req?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req?.text).toContain('name="images"; filename="shot.png"');
    expect(req?.text).toContain('name="userId"');
  });

  it('sends no body for GET or for a DELETE without one', async () => {
    server.setHandler(() => ({ status: 204 }));
    await apiRequest('GET', '/api/x');
    await apiRequest('DELETE', '/api/notes/5');
    for (const req of server.requests) {
      expect(req.body.length).toBe(0);
      expect(req.headers['content-type']).toBeUndefined();
    }
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'DELETE']);
  });

  it('goes out without the header when there is no user or the token fetch fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.setHandler(() => ({ body: {} }));
    await apiRequest('GET', '/api/anonymous');
    setIdTokenProvider(async () => {
      throw new Error('token service down');
    });
    await apiRequest('GET', '/api/token-failed');
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([undefined, undefined]);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('fails a non-success reply with "{status}: {text}"', async () => {
    server.setHandler(() => ({ status: 404, body: { error: 'NOT_FOUND', message: 'Note not found' } }));
    const error = await apiRequest('DELETE', '/api/notes/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":"NOT_FOUND","message":"Note not found"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Note not found');
  });

  it('uses the status text when the body is empty', async () => {
    server.setHandler(() => ({ status: 500, statusText: 'Internal Server Error' }));
    await expect(apiRequest('GET', '/api/boom')).rejects.toThrow(/^500: Internal Server Error$/);
  });

  it('turns a 503 "auth not configured" reply into a synthetic 200 with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.setHandler(() => ({ status: 503, body: { error: 'FIREBASE_NOT_CONFIGURED', message: 'x' } }));
    const res = await apiRequest('POST', '/api/user', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Authentication service not available',
      warning: 'FIREBASE_NOT_CONFIGURED',
    });
    expect(warn).toHaveBeenCalled();
  });

  it('still fails any other 503', async () => {
    server.setHandler(() => ({ status: 503, body: { error: 'PROCESSING_TIMEOUT', message: 'busy' } }));
    await expect(apiRequest('GET', '/api/busy')).rejects.toThrow(
      '503: {"error":"PROCESSING_TIMEOUT","message":"busy"}',
    );
  });

  it('reports an unreachable server as a NetworkError', async () => {
    const closed = await startTestServer();
    await closed.close();
    setApiBaseUrl(closed.url);
    try {
      await expect(apiRequest('GET', '/api/x')).rejects.toBeInstanceOf(NetworkError);
    } finally {
      setApiBaseUrl(server.url);
    }
  });
});

describe('getQueryFn', () => {
  it('GETs the first element of the query key with the bearer header and returns the JSON', async () => {
    setIdTokenProvider(async () => 'abc');
    server.setHandler(() => ({ body: [{ id: 1 }] }));
    const data = await getQueryFn<unknown>({ on401: 'throw' })(queryContext('/api/notes/42'));
    expect(data).toEqual([{ id: 1 }]);
    expect(server.requests[0]?.path).toBe('/api/notes/42');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer abc');
  });

  it('returns null on 401 with returnNull, and fails on 401 by default', async () => {
    server.setHandler(() => ({ status: 401, body: { error: 'UNAUTHORIZED', message: 'Sign in' } }));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/u'))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/u'))).rejects.toThrow(/^401: /);
  });

  it('returns null and warns for a 503 "auth not configured" reply', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.setHandler(() => ({ status: 503, body: { error: 'FIREBASE_NOT_CONFIGURED' } }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/statistics/1'))).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
