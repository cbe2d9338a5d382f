import { createContext, useContext, type ReactNode } from 'react';
import { noopAnalytics, type Analytics } from './analytics.js';
import { FALLBACK_CONFIG, type PublicConfig } from './runtime-config.js';

export interface Runtime {
  config: PublicConfig;
  analytics: Analytics;
}

const RuntimeContext = createContext<Runtime>({ config: FALLBACK_CONFIG, analytics: noopAnalytics });

export function RuntimeProvider({ value, children }: { value: Runtime; children: ReactNode }) {
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

export function useRuntimeConfig(): PublicConfig {
  return useContext(RuntimeContext).config;
}

export function useAnalytics(): Analytics {
  return useContext(RuntimeContext).analytics;
}
