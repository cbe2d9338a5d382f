import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster.js';
import type { Analytics } from '../lib/analytics.js';
import type { IdentityClient } from '../lib/identity.js';
import { createQueryClient } from '../lib/query-client.js';
import { RuntimeProvider } from '../lib/runtime.js';
import type { PublicConfig } from '../lib/runtime-config.js';
import { createAppRouter } from './router.js';

export interface AppProps {
  config: PublicConfig;
  identity: IdentityClient;
  analytics: Analytics;
}

/** Providers (runtime config, query cache, toasts) around the router. */
export function App({ config, identity, analytics }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(identity));
  const [runtime] = useState(() => ({ config, analytics }));
  return (
    <RuntimeProvider value={runtime}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </RuntimeProvider>
  );
}
