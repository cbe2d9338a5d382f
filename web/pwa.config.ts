/**
 * The installable app (docs/PWA.md): vite-plugin-pwa writes manifest.webmanifest (linked from index.html) and
 * builds src/sw.ts with its precache list injected (`injectManifest`: the share target needs a POST handler, which
 * the generated worker cannot have). The page registers the worker itself (features/pwa/update-prompt.tsx).
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { SHARE_TARGET_PATH } from './src/lib/share-target.js';

/**
 * The light page background of src/index.css (--background). A manifest has one theme colour; index.html gives the
 * browser both, light and dark, with `media` on its theme-color metas.
 */
const THEME_LIGHT = '#ffffff';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // The update toast (features/pwa) asks before the new worker takes over: no registration script, no auto update.
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The icons are listed in the manifest and precached through the glob below.
  includeManifestIcons: false,
  injectManifest: {
    // The app shell: every built script, style and page, the icons and the favicon. Not Vite's own manifest.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    globIgnores: ['.vite/**'],
    // The Firebase chunk is the largest file; a little headroom above it.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  manifest: {
    id: '/app',
    name: 'SnapNotes',
    short_name: 'SnapNotes',
    description: 'Turn screenshots and photos of text into organised, searchable notes with AI summaries.',
    start_url: '/app',
    scope: '/',
    display: 'standalone',
    lang: 'en',
    dir: 'ltr',
    theme_color: THEME_LIGHT,
    background_color: THEME_LIGHT,
    categories: ['productivity', 'education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        title: 'title',
        text: 'text',
        files: [{ name: 'images', accept: ['image/png', 'image/jpeg', '.png', '.jpg', '.jpeg'] }],
      },
    },
  },
};
