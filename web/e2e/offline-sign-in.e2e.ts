/**
 * Sign-in with no internet, in emulator mode (issue 23, item 10): Google's gapi loader
 * (https://apis.google.com/js/api.js), which the Firebase SDK's popup flow loads, is aborted like every other
 * outside request, with no stand-in from the test. The product's own: the app page and the emulator's helper frame
 * both load the emulator's gapi (packages/local-services/src/offline-gapi.ts), and the Google sign-in through the
 * emulator's account chooser completes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newAccount, newSession, signInWithPopup, startProduct, type Product } from './harness.js';

describe('sign-in with the network unplugged (Auth emulator)', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it("signs in through the emulator's popup without Google's gapi, and stays signed in across a reload", async () => {
    const session = await newSession(browser, product.url, {}, { gapiStub: false });
    const { context, page } = session;
    const google: string[] = [];
    const gapiLoads: string[] = [];
    const failed: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname === 'apis.google.com') google.push(request.url());
      if (url.pathname === '/__snapnotes/gapi.js') gapiLoads.push(request.frame().url());
    });
    context.on('requestfailed', (request) => {
      if (new URL(request.url()).hostname === 'apis.google.com') failed.push(request.url());
    });
    try {
      await signInWithPopup(page, newAccount('Olive Offline'));
      await page.getByRole('heading', { name: 'Your Notes' }).waitFor();

      // Google's loader was never asked for (so nothing was aborted): the emulator's gapi was used on both sides.
      expect(google, 'requests to apis.google.com').toEqual([]);
      expect(failed).toEqual([]);
      const emulatorOrigin = new URL(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`).origin;
      expect(
        gapiLoads.some((frame) => frame.startsWith(product.url)),
        `the app page loaded the emulator's gapi: ${gapiLoads.join(', ')}`,
      ).toBe(true);
      expect(
        gapiLoads.some((frame) => frame.startsWith(`${emulatorOrigin}/emulator/auth/iframe`)),
        `the emulator's helper frame loaded it: ${gapiLoads.join(', ')}`,
      ).toBe(true);

      await page.reload();
      await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app');
      expect(session.errors).toEqual([]);
    } finally {
      await context.close().catch(() => {});
    }
  });

  it("signs in by redirect through the emulator's account chooser without Google's gapi", async () => {
    const session = await newSession(browser, product.url, {}, { gapiStub: false });
    const { context, page } = session;
    const google: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).hostname === 'apis.google.com') google.push(request.url());
    });
    try {
      const account = newAccount('Rafa Redirect');
      await page.goto('/?tab=login');
      await page.getByRole('button', { name: 'Sign in with a redirect instead' }).click();
      await page.waitForURL(/\/emulator\/auth\/handler/);
      await page.click('#add-account-button button');
      await page.fill('#email-input', account.email);
      await page.fill('#display-name-input', account.name);
      await page.click('#sign-in');
      // Back in the app, the SDK reads the result through the emulator's helper frame (and its gapi).
      await page.waitForURL((url) => url.pathname === '/app');
      await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
      expect(google, 'requests to apis.google.com').toEqual([]);
      expect(session.errors).toEqual([]);
    } finally {
      await context.close().catch(() => {});
    }
  });
});
