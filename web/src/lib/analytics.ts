/**
 * Analytics adapter (SPEC §3, §7): page views, note_created and subscription_purchased go to Google
 * Analytics 4 when the server gives a measurement id; otherwise every call is a no-op.
 */
export interface Analytics {
  readonly enabled: boolean;
  pageView(path: string, title: string): void;
  noteCreated(): void;
  /** A premium plan was bought: its name (monthly, annual) and its price in US dollars. */
  subscriptionPurchased(plan: string, value: number): void;
}

type Gtag = (...args: unknown[]) => void;

interface GtagWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

export const noopAnalytics: Analytics = {
  enabled: false,
  pageView: () => {},
  noteCreated: () => {},
  subscriptionPurchased: () => {},
};

const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

/** Loads gtag.js for the measurement id (once) and returns an adapter over it. */
export function createAnalytics(measurementId: string | null, doc: Document = document): Analytics {
  if (!measurementId) return noopAnalytics;
  if (!MEASUREMENT_ID.test(measurementId)) {
    console.warn(`Ignoring invalid GA4 measurement id "${measurementId}"`);
    return noopAnalytics;
  }
  const win = doc.defaultView as (Window & GtagWindow) | null;
  if (!win) return noopAnalytics;

  if (!win.gtag) {
    win.dataLayer = win.dataLayer ?? [];
    win.gtag = function gtag() {
      // gtag.js expects the Arguments object itself.
      // eslint-disable-next-line prefer-rest-params
      win.dataLayer!.push(arguments);
    };
    win.gtag('js', new Date());
    // Page views are sent by the router hook, not by gtag's automatic first page view.
    win.gtag('config', measurementId, { send_page_view: false });
    const script = doc.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
    doc.head.appendChild(script);
  }
  const gtag: Gtag = (...args) => win.gtag?.(...args);

  return {
    enabled: true,
    // Query strings and fragments never leave the browser: /subscription/success carries Stripe's session_id.
    pageView: (path, title) => {
      const bare = path.split(/[?#]/)[0] || '/';
      gtag('event', 'page_view', { page_path: bare, page_title: title, page_location: win.location.origin + bare });
    },
    noteCreated: () => gtag('event', 'note_created', { action: 'create_note' }),
    subscriptionPurchased: (plan, value) =>
      gtag('event', 'subscription_purchased', { subscription_type: plan, value, currency: 'USD' }),
  };
}
