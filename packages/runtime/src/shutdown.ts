import type { Logger as PinoLogger } from 'pino';

/**
 * Runs the given closers once on SIGINT/SIGTERM, in order (stop taking work first, then drain, then disconnect).
 * A second signal forces exit.
 */
export function onShutdown(logger: PinoLogger, closers: Array<[string, () => Promise<unknown>]>): () => Promise<void> {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= (async () => {
      for (const [name, close] of closers) {
        try {
          await close();
          logger.debug({ step: name }, 'closed');
        } catch (err) {
          logger.error({ err, step: name }, 'error while shutting down');
        }
      }
    })();
    return running;
  };
  let signals = 0;
  const handler = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    void run().then(() => process.exit(0));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return run;
}
