import { defineConfig } from 'vitest/config';

/**
 * unit: *.test.ts beside each package (no outside services).
 * integration: *.int.test.ts, against real PostgreSQL, Redis, S3 (s3rver) and the Firebase Auth emulator; and the
 *   benchmarks' smoke runs (bench/test).
 * browser: web/e2e/*.e2e.ts, Playwright driving Debian's Chromium against the embedded start.
 * chaos: apps/embedded/test/chaos/*.chaos.ts, the distributed stack as processes under faults (pnpm test:chaos).
 * `pnpm test` runs them through tools/test-lanes.mjs: unit (a file per core), then integration beside browser (two
 * Vitest processes), then chaos. A plain `vitest run` runs them one after another.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages,services}/*/test/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          // Set-ups that load a model or render with Chromium take seconds, more with two files at once.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{apps,packages,services}/*/test/**/*.int.test.ts', 'bench/test/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two cores: OCR and the image classifier are CPU-bound, so files run one after another.
          fileParallelism: false,
          globalSetup: ['packages/testing/src/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One Chromium and one product at a time; `pnpm test` runs this project beside the integration project.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['packages/testing/src/global-setup.ts'],
        },
      },
      {
        test: {
          // pnpm test:chaos: the distributed stack as processes under faults (apps/embedded/test/chaos).
          name: 'chaos',
          include: ['apps/embedded/test/chaos/**/*.chaos.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 15 * 60_000,
          hookTimeout: 5 * 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          globalSetup: ['packages/testing/src/global-setup.ts'],
        },
      },
    ],
  },
});
