import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { pwaOptions } from './pwa.config.js';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA(pwaOptions),
    // Every text file also written as .br and .gz beside it, at the highest levels (done once, at build time): the
    // gateway sends the one the browser accepts (@fastify/static's preCompressed). A file that would not shrink is
    // left alone, and the original stays for clients that accept neither.
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // No source maps: nothing reports browser errors, so nothing would read them, and served they hand out the
    // source. For a local look at a minified stack: `vite build --sourcemap hidden` (the gateway 404s *.map anyway).
    sourcemap: false,
    // web/dist/.vite/manifest.json: each entry's and lazy page's chunks, for the JavaScript size budget test.
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the cached Firebase or React code. Other
        // packages are not forced into one chunk: they go with the lazy pages that use them (route splitting).
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
