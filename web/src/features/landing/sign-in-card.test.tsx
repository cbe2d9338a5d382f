// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeIdentity, unconfiguredIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { getToastState } from '../../lib/toast.js';
import { resetAfterEachTest } from '../../test/component-test.js';
import { tabFromQuery } from './landing-page.js';
import { SignInCard } from './sign-in-card.js';

resetAfterEachTest();

describe('SignInCard', () => {
  it('shows the heading, both promises and links to the legal pages', () => {
    renderInApp(<SignInCard />, { identity: new FakeIdentity() });
    expect(screen.getByRole('heading', { name: 'Sign in to access all features:' })).toBeTruthy();
    expect(screen.getByText(/saved and available from any device/)).toBeTruthy();
    expect(screen.getByText(/private and secure/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
  });

  it('reads "Signing in..." and is disabled while working; a closed popup gives "Sign-in not completed"', async () => {
    const identity = new FakeIdentity();
    let closePopup: () => void = () => {};
    identity.signInWithPopup = () =>
      new Promise((_, reject) => {
        closePopup = () => reject(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }));
      });
    renderInApp(<SignInCard />, { identity });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    const busy = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await waitFor(() => expect(identity.calls).toContain('getRedirectResult'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await act(async () => closePopup());
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        title: 'Sign-in not completed',
        description: 'Please try again or choose a different account.',
      }),
    );
    expect((screen.getByRole('button', { name: 'Sign in with Google' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says "Sign-in failed" when sign-in cannot start at all', async () => {
    renderInApp(<SignInCard />, { identity: unconfiguredIdentity });
    expect(screen.getByRole('note').textContent).toContain('not configured');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    });
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        variant: 'destructive',
        title: 'Sign-in failed',
        description: 'There was a problem signing in. Please try again.',
      }),
    );
  });
});

describe('tabFromQuery', () => {
  it('selects signup only for tab=signup', () => {
    expect(tabFromQuery('signup')).toBe('signup');
    expect(tabFromQuery('login')).toBe('login');
    expect(tabFromQuery('anything')).toBe('login');
    expect(tabFromQuery(null)).toBe('login');
  });
});
