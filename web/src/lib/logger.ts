import type { Logger } from '@snapnotes/contracts';

/**
 * The contracts' Logger port for the browser: writes to the console with the given bindings.
 * Never pass tokens or other secrets to it.
 */
export function createConsoleLogger(bindings: Record<string, unknown> = {}): Logger {
  const write =
    (method: 'debug' | 'info' | 'warn' | 'error') =>
    (obj: object | string, msg?: string): void => {
      const hasBindings = Object.keys(bindings).length > 0;
      if (typeof obj === 'string') {
        if (hasBindings) console[method](obj, bindings);
        else console[method](obj);
        return;
      }
      const details = hasBindings ? { ...bindings, ...obj } : obj;
      console[method](msg ?? '', details);
    };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (more) => createConsoleLogger({ ...bindings, ...more }),
  };
}

export const logger: Logger = createConsoleLogger({ app: 'snapnotes-web' });
