/**
 * Runs before the app (main.tsx imports it first): the gateway's Content-Security-Policy has no 'unsafe-eval', and
 * zod 4 would otherwise try `new Function` once to compile its object parsers, a try the browser refuses and reports
 * as a violation. Jitless, zod parses the same way without it (our payloads are small: no measurable cost).
 *
 * Set on zod's global configuration object (zod 4 keeps it on globalThis and adopts one already there), so the
 * start does not import zod: it loads with the pages that parse with it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
