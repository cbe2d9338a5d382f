/**
 * The Auth emulator's front door: a small HTTP proxy on the emulator's public port, in front of firebase-tools on a
 * private one. It passes every request through unchanged, except that the emulator's helper frame
 * (`/emulator/auth/iframe`) loads gapi from here (GAPI_PATH) instead of `https://apis.google.com/js/api.js`, and it
 * serves that script: with it, sign-in through the emulator works with no internet (offline-gapi.ts).
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { GAPI_PATH, GOOGLE_GAPI_URL, OFFLINE_GAPI_SCRIPT } from './offline-gapi.js';

const HELPER_FRAME_PATH = '/emulator/auth/iframe';

export interface EmulatorFront {
  port: number;
  close(): Promise<void>;
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

/** The helper frame's page with gapi loaded from the front (the page is firebase-tools' own otherwise). */
function rewriteHelperFrame(html: string): string {
  return html.split(`src="${GOOGLE_GAPI_URL}"`).join(`src="${GAPI_PATH}"`);
}

/** Starts the front on 127.0.0.1:port (0: any free port), forwarding to the emulator on 127.0.0.1:upstreamPort. */
export async function startEmulatorFront(port: number, upstreamPort: number): Promise<EmulatorFront> {
  const server: Server = createServer((req, res) => {
    const path = pathOf(req.url);
    if (path === GAPI_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      const body = Buffer.from(OFFLINE_GAPI_SCRIPT);
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'content-length': body.length,
        'cache-control': 'no-cache',
        // Loaded as a script by the app's page, a cross-origin request.
        'cross-origin-resource-policy': 'cross-origin',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const rewrite = path === HELPER_FRAME_PATH && req.method === 'GET';
    const headers: IncomingHttpHeaders = { ...req.headers };
    // The page is rewritten as text: ask for it uncompressed.
    if (rewrite) delete headers['accept-encoding'];
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers },
      (answer) => {
        if (!rewrite || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', () => res.destroy());
        answer.on('end', () => {
          const body = Buffer.from(rewriteHelperFrame(Buffer.concat(chunks).toString('utf8')));
          const out = { ...answer.headers, 'content-length': String(body.length) };
          delete out['transfer-encoding'];
          delete out.etag;
          res.writeHead(200, out);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('The Firebase Auth emulator is not answering.');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
