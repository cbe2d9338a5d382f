// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createAnalytics, noopAnalytics } from './analytics.js';

type GtagWindow = Window & { dataLayer?: IArguments[]; gtag?: unknown };

afterEach(() => {
  document.head.innerHTML = '';
  delete (window as GtagWindow).dataLayer;
  delete (window as GtagWindow).gtag;
});

const gtagScripts = () => document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');
const events = () => ((window as GtagWindow).dataLayer ?? []).map((args) => Array.from(args));

describe('createAnalytics', () => {
  it('sends page views without query strings or fragments (a checkout session id stays in the browser)', () => {
    const analytics = createAnalytics('G-TEST1234');
    analytics.pageView('/subscription/success?session_id=cs_test_secret#top', 'Subscription | SnapNotes');
    const [view] = events().filter(([command, name]) => command === 'event' && name === 'page_view');
    expect(view?.[2]).toEqual({
      page_path: '/subscription/success',
      page_title: 'Subscription | SnapNotes',
      page_location: `${window.location.origin}/subscription/success`,
    });
    expect(JSON.stringify(events())).not.toContain('cs_test_secret');
  });

  it('is a no-op without a measurement id: no script, no data layer', () => {
    const analytics = createAnalytics(null);
    expect(analytics).toBe(noopAnalytics);
    analytics.pageView('/app', 'App | SnapNotes');
    analytics.noteCreated();
    expect(gtagScripts()).toHaveLength(0);
    expect((window as GtagWindow).dataLayer).toBeUndefined();
  });

  it('refuses a malformed measurement id', () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(createAnalytics('G-1"><script>').enabled).toBe(false);
    } finally {
      console.warn = warn;
    }
    expect(gtagScripts()).toHaveLength(0);
  });

  it('loads gtag.js once and sends page_view, note_created and subscription_purchased', () => {
    const analytics = createAnalytics('G-TEST1234');
    createAnalytics('G-TEST1234');
    expect(gtagScripts()).toHaveLength(1);
    expect(gtagScripts()[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1234');

    analytics.pageView('/settings', 'Settings | SnapNotes');
    analytics.noteCreated();
    analytics.subscriptionPurchased('monthly', 0.99);
    analytics.subscriptionPurchased('annual', 6);
    const sent = events().filter(([command]) => command === 'event');
    expect(sent).toEqual([
      ['event', 'page_view', expect.objectContaining({ page_path: '/settings', page_title: 'Settings | SnapNotes' })],
      ['event', 'note_created', { action: 'create_note' }],
      ['event', 'subscription_purchased', { subscription_type: 'monthly', value: 0.99, currency: 'USD' }],
      ['event', 'subscription_purchased', { subscription_type: 'annual', value: 6, currency: 'USD' }],
    ]);
    expect(events().find(([command]) => command === 'config')).toEqual([
      'config',
      'G-TEST1234',
      { send_page_view: false },
    ]);
  });
});
