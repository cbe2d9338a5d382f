/**
 * How long a request's body may take to arrive, per route (issue 25: a bulk import of hundreds of screenshots on a slow
 * line takes far longer than an upload of ten). Node's own `requestTimeout` is one value for the whole server, so the
 * gateway turns it off and applies this instead: a route's `config.bodyDeadlineMs`, else the server's default. A body
 * still incomplete at its deadline gets what Node's timeout gave (408, connection closed); the deadline never cuts the
 * reply of a body that arrived (an upload held open while the pipeline runs). A body that sends nothing at all is
 * given up much sooner by the upload and import routes' idle timer (uploads/body-idle.ts).
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How long this route's request body may take to arrive, in ms (registerBodyDeadline). */
    bodyDeadlineMs?: number;
  }
}

/** What Node writes on its own request timeout: the reply a client (or a proxy) already knows. */
const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export function registerBodyDeadline(app: FastifyInstance, defaultMs: number): void {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const ms = req.routeOptions.config.bodyDeadlineMs ?? defaultMs;
    if (raw.complete || ms <= 0) return done();
    const timer = setTimeout(() => {
      if (raw.complete) return;
      req.log.warn({ deadlineMs: ms }, 'request body not received in time: connection closed');
      const socket = raw.socket;
      if (!reply.raw.headersSent && socket.writable) socket.end(TIMED_OUT, () => socket.destroy());
      else socket.destroy();
    }, ms);
    timer.unref();
    raw.once('close', () => clearTimeout(timer));
    done();
  });
}
