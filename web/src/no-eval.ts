/**
 * Runs before the app (main.tsx imports it first): the gateway's Content-Security-Policy has no 'unsafe-eval', and
 * zod 4 would otherwise try `new Function` once to compile its object parsers, a try the browser refuses and reports
 * as a violation. Jitless, zod parses the same way without it (our payloads are small: no measurable cost).
 */
import { z } from 'zod';

z.config({ jitless: true });
