import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';

/**
 * The web app's layers (bulletproof-react): app/ composes features; a feature imports shared code (components/,
 * lib/) and never another feature or app/; shared code imports no feature and not app/. Test helpers (src/test) may
 * reach into features, to build the providers a test renders in.
 */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayerZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in web/src/app, or move shared code to lib/.',
  })),
  { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app layer.' },
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared code does not import features or the app layer.',
  },
];

/**
 * The Node side's floors: contracts and technology packages (packages/) sit below the services (services/), and the
 * apps (apps/embedded: the composition root) and bench/ sit above them: they alone import services. A package never imports
 * a service; a service never imports another (they meet only through the queue's contracts). Tests follow the same
 * floors, so a test cannot keep a cross-service path alive that production never runs.
 */
const services = readdirSync(new URL('./services', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serviceImport = (name) => ({
  name: `@snapnotes/${name}`,
  message: 'Services are imported only by the composition root (apps/embedded) and bench/.',
});
const nodeFloors = [
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: services.map(serviceImport) }] },
  },
  ...services.map((service) => ({
    files: [`services/${service}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { paths: services.filter((other) => other !== service).map(serviceImport) }],
    },
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/.turbo/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Configuration is parsed once in packages/config; nothing else reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through @snapnotes/config.' },
      ],
    },
  },
  {
    // deploy/**: the images' own small servers (deploy/images/s3), configured by their container's environment.
    files: [
      'packages/config/**',
      'packages/testing/**',
      '**/test/**',
      'bench/**',
      '**/*.config.ts',
      'web/e2e/**',
      'deploy/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  ...nodeFloors,
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones }],
    },
  },
  prettier,
);
