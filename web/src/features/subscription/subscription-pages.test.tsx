// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { toastClock } from '../../test/toast-clock.js';
import { setApiBaseUrl, setIdTokenProvider } from '../../lib/api-client.js';
import { getToastState, resetToasts } from '../../lib/toast.js';
import { SubscriptionCancelPage } from './cancel-page.js';
import { SubscriptionSuccessPage } from './success-page.js';
import { VERIFIED_REDIRECT_MS } from './api.js';

let server: TestServer;
let verifyReply: Reply;

beforeAll(async () => {
  server = await startTestServer((req) => {
    if (req.path === '/api/user') {
      return {
        body: { id: 4, firebaseUid: 'u4', email: 'd@example.com', username: 'd', displayName: 'D', photoURL: '' },
      };
    }
    if (req.path === '/api/verify-subscription') return verifyReply;
    return { body: {} };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function signedIn() {
  const identity = new FakeIdentity();
  identity.current = { uid: 'u4', email: 'd@example.com', displayName: 'D', photoURL: null };
  setIdTokenProvider(() => identity.getIdToken());
  return identity;
}

const flush = () => act(async () => {});

describe('/subscription/success', () => {
  it('without session_id: explains and returns to /app after 5 s', async () => {
    vi.useFakeTimers();
    const harness = renderInApp(<SubscriptionSuccessPage />, {
      identity: new FakeIdentity(),
      path: '/subscription/success',
      routePath: '/subscription/success',
    });
    expect(screen.getByText('No session ID found. Unable to verify subscription.')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(4999));
    expect(harness.location()).toBe('/subscription/success');
    await act(async () => vi.advanceTimersByTime(1));
    expect(harness.location()).toBe('/app');
  });

  it('verifies the session, toasts, records the purchase and returns to /app after 2 s', async () => {
    verifyReply = { body: { subscription: { plan: 'monthly', status: 'active' } } };
    const toasted = toastClock('Subscription successful!');
    const harness = renderInApp(<SubscriptionSuccessPage />, {
      identity: signedIn(),
      path: '/subscription/success?session_id=cs_test_42',
      routePath: '/subscription/success',
    });
    expect(screen.getByText('Verifying your subscription...')).toBeTruthy();
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        title: 'Subscription successful!',
        description: 'Thank you for subscribing. You now have unlimited uploads.',
      }),
    );
    const call = server.requests.find((r) => r.path === '/api/verify-subscription');
    expect(JSON.parse(call?.text ?? '')).toEqual({ sessionId: 'cs_test_42' });
    expect(call?.headers.authorization).toBe('Bearer token-for-u4');
    expect(harness.analytics.events).toContainEqual(['subscription_purchased', 'monthly', 0.99]);
    await waitFor(() => expect(harness.location()).toBe('/app'), { timeout: 3000 });
    toasted.stop();
    expect(Date.now() - toasted.at!).toBeGreaterThanOrEqual(VERIFIED_REDIRECT_MS - 5);
  });

  it('counts a reply without a plan as annual', async () => {
    verifyReply = { body: { subscription: {} } };
    const harness = renderInApp(<SubscriptionSuccessPage />, {
      identity: signedIn(),
      path: '/subscription/success?session_id=cs_1',
      routePath: '/subscription/success',
    });
    await waitFor(() => expect(harness.analytics.events).toContainEqual(['subscription_purchased', 'annual', 6]));
  });

  it("shows the server's message when verification fails", async () => {
    verifyReply = { status: 400, body: { error: 'BAD_REQUEST', message: 'This checkout session is not paid' } };
    renderInApp(<SubscriptionSuccessPage />, {
      identity: signedIn(),
      path: '/subscription/success?session_id=cs_2',
      routePath: '/subscription/success',
    });
    expect(await screen.findByText('This checkout session is not paid')).toBeTruthy();
    verifyReply = { status: 500, body: '' };
    cleanup();
    renderInApp(<SubscriptionSuccessPage />, {
      identity: signedIn(),
      path: '/subscription/success?session_id=cs_3',
      routePath: '/subscription/success',
    });
    expect(await screen.findByText('Failed to verify subscription')).toBeTruthy();
  });
});

describe('/subscription/cancel', () => {
  it('explains, toasts "Subscription not completed" and returns to /app after 2 s', async () => {
    vi.useFakeTimers();
    const harness = renderInApp(<SubscriptionCancelPage />, {
      identity: new FakeIdentity(),
      path: '/subscription/cancel',
      routePath: '/subscription/cancel',
    });
    await flush();
    expect(screen.getByText("You've cancelled the subscription process.")).toBeTruthy();
    expect(screen.getByText('You can still use the app with limited uploads.')).toBeTruthy();
    expect(getToastState().toasts[0]?.title).toBe('Subscription not completed');
    expect(String(getToastState().toasts[0]?.description)).toMatch(/subscribe anytime to unlock unlimited uploads/);
    await act(async () => vi.advanceTimersByTime(1999));
    expect(harness.location()).toBe('/subscription/cancel');
    await act(async () => vi.advanceTimersByTime(1));
    expect(harness.location()).toBe('/app');
  });
});
