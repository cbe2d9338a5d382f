/**
 * The Content-Security-Policy of every gateway reply (set by helmet in app.ts). Its outside hosts come from the same
 * settings GET /api/public-config hands the browser (routes/misc.ts), so the policy allows exactly what the app is
 * told to use:
 *   - Firebase Auth: the SDK loads https://apis.google.com/js/api.js (gapi) for the popup and redirect flows, frames
 *     `https://<authDomain>/__/auth/iframe` and calls identitytoolkit / securetoken.googleapis.com; against the Auth
 *     emulator it frames and calls the emulator's origin instead (`authEmulatorBrowserUrl`), and loads the emulator's
 *     offline gapi from it (packages/local-services/src/offline-gapi.ts);
 *   - Google Analytics, only when GA_MEASUREMENT_ID is set: the hosts Google's "Tag Manager and CSP" guide lists for
 *     GA4 (gtag.js from googletagmanager.com, hits to regional *.google-analytics.com / *.analytics.google.com);
 *   - with sign-in on, profile photos of Google accounts (*.googleusercontent.com, Google's photo CDN, lh3…lh6);
 *   - images from `data:`/`blob:` (previews, exports).
 * Scripts: 'self' only (web/index.html has no inline script, Vite emits none). Styles need 'unsafe-inline': Radix's
 * dialogs and menus lock scrolling with a <style> element written at run time (react-remove-scroll), and a nonce
 * would need a per-reply index.html (docs/DECISIONS.md, "Web").
 * Stripe Checkout is a top-level navigation, which CSP does not restrict; no form posts anywhere but here.
 */
import type { Config } from '@snapnotes/config';

export type CspConfig = Pick<
  Config,
  'firebaseMode' | 'FIREBASE_AUTH_DOMAIN' | 'authEmulatorBrowserUrl' | 'GA_MEASUREMENT_ID' | 'publicUrl'
>;

export const FIREBASE_API_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
export const GAPI_ORIGIN = 'https://apis.google.com';
export const GOOGLE_PHOTO_ORIGINS = ['https://*.googleusercontent.com'];
/** Google's list for GA4 without Google signals (developers.google.com/tag-platform/security/guides/csp). */
export const GA_ORIGINS = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/** The origin of an absolute URL, or of `https://<host>` for a bare host such as an authDomain; null if neither. */
function originOf(value: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

/** The Firebase web SDK's outside origins, as /api/public-config configures it (authDomain defaults to PUBLIC_URL's host). */
function firebaseOrigins(config: CspConfig): { script: string[]; connect: string[]; frame: string[]; img: string[] } {
  if (config.firebaseMode === 'none') return { script: [], connect: [], frame: [], img: [] };
  const common = { script: [GAPI_ORIGIN], img: GOOGLE_PHOTO_ORIGINS };
  const emulator = config.authEmulatorBrowserUrl ? originOf(config.authEmulatorBrowserUrl) : null;
  // The emulator also serves the gapi stand-in the app loads from it (offline sign-in, firebase.ts in the web app);
  // Google's stays allowed for an emulator that does not (plain firebase-tools, e.g. compose's dev profile).
  if (emulator) return { ...common, script: [...common.script, emulator], connect: [emulator], frame: [emulator] };
  const authDomain = originOf(config.FIREBASE_AUTH_DOMAIN ?? new URL(config.publicUrl).host);
  return { ...common, connect: [...FIREBASE_API_ORIGINS], frame: authDomain ? [authDomain] : [] };
}

/** helmet's `contentSecurityPolicy.directives` (with `useDefaults: false`: this is the whole policy). */
export function cspDirectives(config: CspConfig): Record<string, string[]> {
  const firebase = firebaseOrigins(config);
  const ga = config.GA_MEASUREMENT_ID ? GA_ORIGINS : { script: [], img: [], connect: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...firebase.script, ...ga.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...firebase.img, ...ga.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...firebase.connect, ...ga.connect],
    'frame-src': firebase.frame.length > 0 ? firebase.frame : ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
  };
  // Only behind https: over plain http (development, tests) it would send the app's own requests to https.
  if (config.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The header value, for tests and documentation. */
export function cspHeader(config: CspConfig): string {
  return Object.entries(cspDirectives(config))
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}
