import './no-eval.js'; // first: every later module's zod schemas parse without eval
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { createAnalytics } from './lib/analytics.js';
import { setIdTokenProvider } from './lib/api-client.js';
import { createIdentityClient } from './features/auth/lazy-identity.js';
import { logger } from './lib/logger.js';
import { loadRuntimeConfig } from './lib/runtime-config.js';
import './index.css';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  let identity;
  try {
    identity = createIdentityClient(config.firebase);
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Firebase could not start');
    identity = createIdentityClient(null);
  }
  setIdTokenProvider(() => identity.getIdToken());
  const analytics = createAnalytics(config.gaMeasurementId);

  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <App config={config} identity={identity} analytics={analytics} />
    </StrictMode>,
  );
}

void start();
