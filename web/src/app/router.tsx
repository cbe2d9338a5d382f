import { lazy, useState, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import type { IdentityClient } from '../features/auth/identity.js';
import { RedirectIfAuthenticated, RequireAuth } from './guards.js';
import { RootLayout } from './root-layout.js';
import { NotFoundPage } from './routes/not-found.js';

/**
 * A page as its own chunk, loaded when its route is first shown (the root layout's Suspense shows a spinner): the
 * landing page does not download the notes screen, the settings or the legal texts. Pages that read server data
 * come with the query cache (query-layer.tsx), which the others never load.
 */
function lazyPage(load: () => Promise<ComponentType>, { queries = false } = {}) {
  return lazy(async () => {
    if (!queries) return { default: await load() };
    const [Page, { QueryLayer }] = await Promise.all([load(), import('./query-layer.js')]);
    return {
      default: function PageWithQueries() {
        return (
          <QueryLayer>
            <Page />
          </QueryLayer>
        );
      },
    };
  });
}

const withQueries = { queries: true };
const LandingPage = lazyPage(() => import('../features/landing/landing-page.js').then((m) => m.LandingPage));
const AppPage = lazyPage(() => import('./routes/app-page.js').then((m) => m.AppPage), withQueries);
const SettingsPage = lazyPage(() => import('./routes/settings-page.js').then((m) => m.SettingsPage), withQueries);
const AboutPage = lazyPage(() => import('../features/about/about-page.js').then((m) => m.AboutPage), withQueries);
const FeedbackPage = lazyPage(() => import('../features/feedback/feedback-page.js').then((m) => m.FeedbackPage));
const TermsPage = lazyPage(() => import('../features/legal/terms-page.js').then((m) => m.TermsPage));
const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page.js').then((m) => m.PrivacyPage));
const AuthHandlerPage = lazyPage(() => import('../features/auth/auth-handler-page.js').then((m) => m.AuthHandlerPage));
const SubscriptionSuccessPage = lazyPage(
  () => import('../features/subscription/success-page.js').then((m) => m.SubscriptionSuccessPage),
  withQueries,
);
const SubscriptionCancelPage = lazyPage(
  () => import('../features/subscription/cancel-page.js').then((m) => m.SubscriptionCancelPage),
  withQueries,
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

/**
 * The app's routes, rendered inside a <BrowserRouter> (or a <MemoryRouter> in tests). The declarative router: the
 * app has no loaders or actions, and the data router's code would be a third of react-router on every first load.
 */
export function AppRoutes({ identity }: { identity: IdentityClient }) {
  const [routes] = useState(() => appRoutes(identity));
  return useRoutes(routes);
}
