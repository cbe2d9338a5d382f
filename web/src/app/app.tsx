import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LazyToaster } from '../components/ui/lazy-toaster.js';
import type { Analytics } from '../lib/analytics.js';
import type { IdentityClient } from '../features/auth/identity.js';
import { RuntimeProvider } from '../lib/runtime.js';
import type { PublicConfig } from '../lib/runtime-config.js';
import { AppRoutes } from './router.js';

export interface AppProps {
  config: PublicConfig;
  identity: IdentityClient;
  analytics: Analytics;
}

/** Providers (runtime config, toasts) around the router; the query cache comes with the pages that read data. */
export function App({ config, identity, analytics }: AppProps) {
  const [runtime] = useState(() => ({ config, analytics }));
  return (
    <RuntimeProvider value={runtime}>
      <BrowserRouter>
        <AppRoutes identity={identity} />
      </BrowserRouter>
      <LazyToaster />
    </RuntimeProvider>
  );
}
