import { render } from '@testing-library/react';
import { setIdTokenProvider } from '../lib/api-client.js';
import { useAuth, type AuthContextValue } from '../lib/session.js';
import { AuthProvider } from '../features/auth/auth-provider.js';
import type { IdentityClient } from '../features/auth/identity.js';

export interface AuthProbeOptions {
  navigate: (to: string) => void;
  onSessionEnd: () => void;
  /** Called with the provider's value at every render: a test keeps the latest to assert on. */
  onAuth: (auth: AuthContextValue) => void;
}

/**
 * Renders AuthProvider alone with `identity`, the request layer taking its tokens from it (as main.tsx wires them),
 * and hands each render's auth value to `onAuth`.
 */
export function renderAuthProbe(identity: IdentityClient, { navigate, onSessionEnd, onAuth }: AuthProbeOptions): void {
  function Probe() {
    onAuth(useAuth());
    return null;
  }
  setIdTokenProvider(() => identity.getIdToken());
  render(
    <AuthProvider identity={identity} navigate={navigate} onSessionEnd={onSessionEnd}>
      <Probe />
    </AuthProvider>,
  );
}
