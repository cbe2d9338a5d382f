/**
 * Security audit (issue 12), item 11, in a real browser: the gateway's Content-Security-Policy lets the whole app work
 * (landing page, Google sign-in through the Auth emulator's popup, an upload turned into a note, Radix menus, Google
 * Analytics) without a single violation; and the built app publishes no source maps.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import {
  launchBrowser,
  newAccount,
  newSession,
  signInWithPopup,
  startProduct,
  waitForPath,
  WEB_DIST_DIR,
  type Product,
  type Session,
} from './harness.js';

const GA_ID = 'G-E2ECSP01';
/**
 * gtag.js cannot load here (nothing leaves the machine): this stand-in makes the requests GA4's gtag.js makes, to
 * the hosts it makes them to, so the policy is checked against them (the requests themselves are then aborted).
 */
const GTAG_STANDIN = `
  navigator.sendBeacon('https://region1.google-analytics.com/g/collect?v=2&tid=${GA_ID}&en=page_view');
  fetch('https://www.google-analytics.com/g/collect?v=2&tid=${GA_ID}', { method: 'POST', mode: 'no-cors', keepalive: true }).catch(() => {});
  fetch('https://region1.analytics.google.com/g/collect?v=2&tid=${GA_ID}', { method: 'POST', mode: 'no-cors' }).catch(() => {});
  new Image().src = 'https://www.google-analytics.com/g/collect?v=2&tid=${GA_ID}&en=ping';
  new Image().src = 'https://www.googletagmanager.com/a?id=${GA_ID}';
  window.__gtagStandIn = true;
`;

let product: Product;
let browser: Browser;
let session: Session;
let page: Page;
/** Every `securitypolicyviolation` event of any page or frame of the context, and every console line about CSP. */
const violations: string[] = [];

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ GA_MEASUREMENT_ID: GA_ID }), launchBrowser()]);
  session = await newSession(browser, product.url);
  page = session.page;
  const { context } = session;
  await context.exposeBinding('__reportCspViolation', ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  // Registered after the harness's routes, so matched first.
  await context.route('https://www.googletagmanager.com/gtag/js*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GTAG_STANDIN }),
  );
});
afterAll(async () => {
  await session?.context.close().catch(() => {});
  await browser?.close();
  await product?.close();
});

/** A CSP header as directive → sources. */
function directives(header: string | null | undefined): Map<string, string[]> {
  expect(header, 'content-security-policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the Content-Security-Policy', () => {
  it('is sent with the app and names the hosts of this configuration, with no inline script', async () => {
    const res = await page.goto('/');
    const csp = directives(await res!.headerValue('content-security-policy'));
    const emulator = product.config.authEmulatorBrowserUrl!;
    // The emulator's origin: its offline gapi (packages/local-services/src/offline-gapi.ts).
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'https://apis.google.com',
      new URL(emulator).origin,
      'https://*.googletagmanager.com',
    ]);
    expect(csp.get('connect-src')).toContain(new URL(emulator).origin);
    expect(csp.get('frame-src')).toEqual([new URL(emulator).origin]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect((await res!.text()).match(/<script(?![^>]*\ssrc=)[^>]*>/g), 'inline <script> in index.html').toBeNull();
  });

  it('notices a violation (so that the check below can fail)', async () => {
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://cdn.example.net/evil.js';
      document.head.append(script);
    });
    // Both channels see it: the page's securitypolicyviolation event and Chrome's console line.
    await expect.poll(() => violations.join('\n')).toMatch(/script-src(-elem)? blocked https:\/\/cdn\.example\.net/);
    await expect.poll(() => violations.join('\n')).toMatch(/console: .*cdn\.example\.net.*Content Security Policy/);
    violations.length = 0;
    session.errors.length = 0;
  });

  it('lets a visitor sign in with Google, upload a screenshot, use the menus and analytics: no violation', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Convert images to notes — in seconds.' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __gtagStandIn?: boolean }).__gtagStandIn === true);

    await signInWithPopup(page, newAccount('Cora Policy'));
    await page.getByText('No notes yet').waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Browse Files' }).click(),
    ]);
    await chooser.setFiles([
      {
        name: 'lecture.png',
        mimeType: 'image/png',
        buffer: await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }),
      },
    ]);
    await page.getByText('Note created successfully!').waitFor({ timeout: 60_000 });
    await page.getByRole('list', { name: 'Your Notes' }).locator(':scope > li').first().waitFor();

    // Radix's menu locks scrolling with a <style> element written at run time (style-src).
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');
    await page.goto('/app');
    await page.getByRole('list', { name: 'Your Notes' }).locator(':scope > li').first().waitFor();

    expect(violations).toEqual([]);
    expect(session.errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
  });
});

describe('source maps', () => {
  it('are not built, not referenced by the scripts, and not served', async () => {
    const assets = readdirSync(join(WEB_DIST_DIR, 'assets'));
    expect(assets.filter((f) => f.endsWith('.map'))).toEqual([]);
    const scripts = assets.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      const js = await fetch(`${product.url}/assets/${name}`);
      expect(js.status, name).toBe(200);
      expect(await js.text(), name).not.toMatch(/sourceMappingURL/);
      expect(js.headers.get('sourcemap') ?? js.headers.get('x-sourcemap'), name).toBeNull();
      const map = await fetch(`${product.url}/assets/${name}.map`);
      expect(map.status, `${name}.map`).toBe(404);
    }
  });
});
