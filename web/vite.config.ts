/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import { parseBusinessConfig, type BusinessConfig } from './src/config/business-config.ts';

/** The gateway (DESIGN §1) during `npm run dev` / `npm run preview`. */
const GATEWAY = 'http://127.0.0.1:8080';

// Paths the gateway owns. '/auth' alone is the SPA's staff sign-in page, so only
// '/auth/...' (Google sign-in and its callback) goes to the gateway. The Host
// header is kept (no changeOrigin) so the gateway's same-origin check on
// state-changing requests sees the dev server's origin on both sides.
const gatewayProxy: ProxyOptions = { target: GATEWAY, xfwd: true };
const proxy: Record<string, ProxyOptions> = {
  '/api/': gatewayProxy,
  '^/auth/': gatewayProxy,
  '/media/': gatewayProxy,
  '/healthz': gatewayProxy,
  '/readyz': gatewayProxy,
};

/** Fills %COMPANY_NAME% in index.html from the validated business config. */
function businessHtml(business: BusinessConfig): Plugin {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return {
    name: 'business-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replaceAll('%COMPANY_NAME%', escape(business.companyName)),
    },
  };
}

export default defineConfig(({ mode }) => {
  // Same validation as the app's start-up, so a bad VITE_* value fails the build.
  const business = parseBusinessConfig(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'));

  return {
    plugins: [
      react(),
      // Static strings (ADR 0017): Lingui's macros compile to message ids
      // (Babel, only in files that import a macro), and the .po catalogs
      // compile on import; a message without its Spanish fails the build.
      lingui({ failOnMissing: true, failOnCompileError: true }),
      babel({
        presets: [
          defineRolldownBabelPreset({
            preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
            rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
          }),
        ],
      }),
      businessHtml(business),
    ],
    resolve: {
      // Preact's compatibility layer in place of React (ADR 0004): the same
      // components, hooks and libraries at a sixth of the framework's bytes.
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        { find: /^react$/, replacement: 'preact/compat' },
      ],
    },
    server: { proxy },
    preview: { proxy },
    // The prerender bundles its libraries too, so they render with Preact
    // through the aliases above instead of importing React from node_modules.
    // ESM builds first: a library's CommonJS build would require() React itself.
    ssr: { noExternal: true, resolve: { conditions: ['module', 'import', 'node'] } },
    build: {
      outDir: 'dist',
      target: 'es2022',
      sourcemap: false,
      // scripts/prerender.mjs reads the manifest to preload each page's
      // chunk, then deletes it. One stylesheet for the whole site: the
      // prerendered HTML links it, so no page waits for JS to be styled.
      manifest: true,
      // Every browser the es2022 target runs in supports modulepreload.
      modulePreload: { polyfill: false },
      cssCodeSplit: false,
      // Fewer, larger first-load chunks: left alone, the bundler splits the
      // shared code into a dozen sub-kilobyte chunks, and on HTTP/1.1 (six
      // connections) each costs a round trip. React, the router and the
      // query cache are needed by every page; the small app modules shared
      // by the entry and the pages are too. Form, dialog and toast libraries
      // are not matched, so they stay in their on-demand chunks (ADR 0001).
      rolldownOptions: {
        // The prerendered pages' first script (src/boot.ts), an entry of
        // its own: it fetches index.html's entry after the page has painted.
        input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), boot: fileURLToPath(new URL('./src/boot.ts', import.meta.url)) },
        output: {
          codeSplitting: {
            groups: [
              {
                // The boot script's one import, shared with the app: a chunk
                // of its own, so the boot script never pulls in the app chunk.
                name: 'early-submits',
                test: /[\\/]src[\\/]lib[\\/]early-submits\.ts/,
                priority: 30,
              },
              {
                name: 'framework',
                // Not the infinite-list hooks: only the admin pages them.
                test: /node_modules[\\/]((react|react-dom|scheduler|react-router)[\\/]|@tanstack[\\/](?!.*(useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)))/,
                priority: 20,
              },
              {
                name: 'app',
                // Never what only pages with forms or the staff area share (the
                // staff pieces, the tooltip the home page and the editor use,
                // the form-error helpers): grouped here they would ride along
                // on every public page. The Editable element and the edit-mode
                // flag are on every page; the editing code (edit-mode/) is not.
                test: /[\\/]src[\\/]((components[\\/](?!staff[\\/]|ui[\\/]tooltip)|lib[\\/](?!api-errors|form-errors|passkey-ceremony|page-headers|site-path)|config[\\/]|app[\\/]|features[\\/]editable-content[\\/](?!edit-mode[\\/]))|content[\\/](cities|risk)\.ts)/,
                minShareCount: 2,
                priority: 10,
              },
              {
                name: 'neighborhoods',
                // The neighbourhoods the home table and the risk map define and
                // the city pages place among their own. One chunk, not two: the
                // home page carries the map's seven extra entries (under 1 KB
                // gzip) so that city pages load one file fewer.
                test: /[\\/]src[\\/]content[\\/](home|risk-map)-neighborhoods\.ts/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'node',
      // The first test of a file that prerenders a page transforms the whole
      // app and its libraries (inlined, above): seconds on a busy 2-core
      // machine. A guard against hangs, not a measure of speed.
      testTimeout: 30_000,
      // Libraries run through the aliases in tests as well (see ssr above).
      server: { deps: { inline: true } },
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup-messages.ts'],
    },
  };
});
