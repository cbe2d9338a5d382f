import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { IdentityClient } from '../lib/identity.js';
import { RedirectIfAuthenticated, RequireAuth } from './guards.js';
import { RootLayout } from './root-layout.js';
import { NotFoundPage } from './routes/not-found.js';

// Each page is its own chunk, loaded when its route is first shown (the root layout's Suspense shows a spinner):
// the landing page does not download the notes screen, the settings or the legal texts.
const LandingPage = lazy(() => import('../features/landing/landing-page.js').then((m) => ({ default: m.LandingPage })));
const AppPage = lazy(() => import('./routes/app-page.js').then((m) => ({ default: m.AppPage })));
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page.js').then((m) => ({ default: m.SettingsPage })),
);
const AboutPage = lazy(() => import('../features/about/about-page.js').then((m) => ({ default: m.AboutPage })));
const FeedbackPage = lazy(() =>
  import('../features/feedback/feedback-page.js').then((m) => ({ default: m.FeedbackPage })),
);
const TermsPage = lazy(() => import('../features/legal/terms-page.js').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.js').then((m) => ({ default: m.PrivacyPage })));
const AuthHandlerPage = lazy(() =>
  import('../features/auth/auth-handler-page.js').then((m) => ({ default: m.AuthHandlerPage })),
);
const SubscriptionSuccessPage = lazy(() =>
  import('../features/subscription/success-page.js').then((m) => ({ default: m.SubscriptionSuccessPage })),
);
const SubscriptionCancelPage = lazy(() =>
  import('../features/subscription/cancel-page.js').then((m) => ({ default: m.SubscriptionCancelPage })),
);

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
