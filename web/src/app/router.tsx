import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../features/about/about-page.js';
import { AuthHandlerPage } from '../features/auth/auth-handler-page.js';
import { FeedbackPage } from '../features/feedback/feedback-page.js';
import { LandingPage } from '../features/landing/landing-page.js';
import { PrivacyPage } from '../features/legal/privacy-page.js';
import { TermsPage } from '../features/legal/terms-page.js';
import { SettingsPage } from '../features/settings/settings-page.js';
import { SubscriptionCancelPage } from '../features/subscription/cancel-page.js';
import { SubscriptionSuccessPage } from '../features/subscription/success-page.js';
import type { IdentityClient } from '../lib/identity.js';
import { RedirectIfAuthenticated, RequireAuth } from './guards.js';
import { RootLayout } from './root-layout.js';
import { AppPage } from './routes/app-page.js';
import { NotFoundPage } from './routes/not-found.js';

/** Every route of SPEC §2 with its access rule. */
export function appRoutes(identity: IdentityClient): RouteObject[] {
  return [
    {
      element: <RootLayout identity={identity} />,
      children: [
        {
          path: '/',
          element: (
            <RedirectIfAuthenticated to="/app">
              <LandingPage />
            </RedirectIfAuthenticated>
          ),
        },
        {
          path: '/app',
          element: (
            <RequireAuth redirectTo="/?tab=signup">
              <AppPage />
            </RequireAuth>
          ),
        },
        {
          path: '/settings',
          element: (
            <RequireAuth redirectTo="/">
              <SettingsPage />
            </RequireAuth>
          ),
        },
        { path: '/about', element: <AboutPage /> },
        {
          path: '/feedback',
          element: (
            <RequireAuth redirectTo="/?tab=signup">
              <FeedbackPage />
            </RequireAuth>
          ),
        },
        { path: '/terms-of-service', element: <TermsPage /> },
        { path: '/privacy-policy', element: <PrivacyPage /> },
        { path: '/__/auth/handler', element: <AuthHandlerPage /> },
        { path: '/subscription/success', element: <SubscriptionSuccessPage /> },
        { path: '/subscription/cancel', element: <SubscriptionCancelPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter(identity: IdentityClient) {
  return createBrowserRouter(appRoutes(identity));
}
