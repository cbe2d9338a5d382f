/**
 * Production build of one service (`services/<name>/tsup.config.ts` calls this): its entry points bundled into
 * `dist/*.js` with every workspace package (`@snapnotes/*`) inlined and every npm package left as an import.
 *
 * Why: `pnpm deploy --filter <service> --prod` then yields exactly the npm packages the bundle imports (each one
 * is a direct dependency of the service: test `apps/embedded/test/deploy.test.ts` checks it), and files that
 * npm packages find relative to themselves (tesseract.js worker script and wasm core, tfjs wasm binaries, the
 * nsfwjs model, language data, wink model) stay where their packages expect them.
 *
 * Externals are marked side-effect free, so an unused import of a heavy package drops out of a bundle (a service
 * may bundle a workspace package of which it uses one function). No workspace module imports a package for
 * its side effects alone; the deploy test fails if a bundle's imports and the service's dependencies differ.
 */
import { isBuiltin } from 'node:module';
import type { Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

const workspace = /^@snapnotes\//;

export const externalNpmPackages: Plugin = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (workspace.test(args.path)) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      return { path: args.path, external: true, sideEffects: false };
    });
  },
};

export function serviceBuild(entry: Record<string, string> = { main: 'src/main.ts' }): Options {
  return {
    entry,
    outDir: 'dist',
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    bundle: true,
    splitting: false,
    sourcemap: true,
    clean: true,
    dts: false,
    minify: false,
    removeNodeProtocol: false,
    noExternal: [workspace],
    esbuildPlugins: [externalNpmPackages],
    // dist/metafile-esm.json lists what each bundle imports (the deploy test compares it with the dependencies).
    metafile: true,
  };
}
