/**
 * Test helper: a real local HTTP server, so request-layer tests cross the process boundary instead of mocking fetch.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface Reply {
  status?: number;
  statusText?: string;
  /** Objects are sent as JSON; strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds to wait before replying. */
  delayMs?: number;
}

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(initial: Handler = () => ({ status: 200, body: {} })): Promise<TestServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body,
        text: body.toString('utf8'),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded)).then(async (reply) => {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        const isText = typeof reply.body === 'string' || reply.body === undefined;
        const payload = reply.body === undefined ? '' : isText ? String(reply.body) : JSON.stringify(reply.body);
        const headers: Record<string, string> = {
          ...(isText ? {} : { 'Content-Type': 'application/json' }),
          ...reply.headers,
        };
        if (reply.statusText) res.statusMessage = reply.statusText;
        res.writeHead(reply.status ?? 200, headers);
        res.end(payload);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
