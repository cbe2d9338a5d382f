import { createServer } from 'node:net';

/**
 * Fails with a clear message when a port is taken. s3rver, for one, reports a busy port as an unhandled 'error'
 * event that would crash the process, so each local service checks first.
 */
export async function assertPortFree(port: number, what: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} is already in use, so ${what} cannot start. Is SnapNotes already running? Stop it or choose another port.`,
            )
          : err,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
