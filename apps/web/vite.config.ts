import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { customMedia } from './custom-media';
import { lexedMarkdown } from './lexed-markdown';
import { precompress } from './precompress';

// The benchmark weighs each brand's first paint against this chunk, so it must hold exactly the
// framework runtime and nothing of ours.
const runtimePackages = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// What every page of every brand runs besides the runtime: TanStack Query, the app's helpers, the
// page frame and the Markdown renderer, the content query and the date and link helpers, and the
// few lines of the /our-brands route that four brands' route lists name (its page stays lazy). One
// chunk of them costs less than the dozen small ones they would otherwise be (docs/decisions/0030).
// Mutations (`useMutation` and its observer) are left to the forms that send something: no public
// page runs one when it opens.
const shellModule = new RegExp(
  [
    '[\\\\/]node_modules[\\\\/]@tanstack[\\\\/](?!.*[\\\\/](useMutation|mutationObserver)\\.js$)',
    '[\\\\/]src[\\\\/]lib[\\\\/]',
    '[\\\\/]src[\\\\/]components[\\\\/](page-shell|markdown|lazy-page)\\.',
    '[\\\\/]packages[\\\\/]brands[\\\\/]src[\\\\/](theme|pages)\\.',
    '[\\\\/]src[\\\\/]features[\\\\/](catalogue[\\\\/]api[\\\\/]content-query|contact[\\\\/]contact-route|brands-page[\\\\/](brand-site-url|our-brands-route))\\.',
    '[\\\\/]packages[\\\\/]contract[\\\\/]src[\\\\/]dates\\.',
  ].join('|'),
);
// The sister sites' catalogue parts that at least three of their pages share. The sections a page
// lists below its text (products in full, files) are a chunk of their own, which a home page that
// lists none never loads; the pages that always draw them (content-page, product-page) stay out of
// the shared chunk, which would otherwise import the sections for every page.
const catalogueModule =
  /[\\/]src[\\/]features[\\/]catalogue[\\/](?!components[\\/](content-page|product-page)\.)/;
// The file facts (size, version, date, SHA-256) go with them: every page that shows a file draws
// the sections too, so a chunk of their own would only be one more request.
const sectionsModule =
  /[\\/]src[\\/](features[\\/]catalogue[\\/]components[\\/](page-sections|product-detail|image-gallery|spec-table|download-area|download-list|resource-groups)|components[\\/]file-facts)\./;

// `vite build --ssr src/entry-server.tsx` (npm run build) makes the server's renderer from the same
// sources and options, so its CSS-module class names are the browser's. It goes to dist/.ssr,
// which the API never serves as a file (names starting with a dot are skipped).
const serverBuild = {
  copyPublicDir: false,
  outDir: 'dist/.ssr',
  rolldownOptions: { output: { entryFileNames: '[name].js' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  // The browser's files get Brotli and gzip copies; the server's renderer needs none.
  plugins: [react(), lexedMarkdown(), ...(isSsrBuild ? [] : [precompress()])],
  // The breakpoints of src/lib/breakpoints.ts, named in stylesheets as custom media.
  css: { postcss: { plugins: [customMedia()] } },
  build: isSsrBuild
    ? serverBuild
    : {
        manifest: true,
        // Every browser the sites support preloads modules itself: no polyfill in the entry.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // V8's explicit compile hint (docs/decisions/0036): the framework runtime is compiled
            // whole off the main thread while it downloads, instead of function by function on
            // the main thread while the page is taken over. After minification, which drops comments.
            postBanner: (chunk) => (chunk.name === 'runtime' ? '//# allFunctionsCalledOnLoad\n' : ''),
            // Route groups are all called routes.tsx; name their chunks after the brand instead.
            chunkFileNames: (chunk) => {
              const brand = /[\\/]brands[\\/]([a-z]+)[\\/]routes\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
              return brand ? `assets/brand-${brand}-[hash].js` : 'assets/[name]-[hash].js';
            },
            codeSplitting: {
              groups: [
                { name: 'runtime', test: runtimePackages, priority: 10 },
                { name: 'shell', test: shellModule, priority: 5, includeDependenciesRecursively: false },
                {
                  name: 'sections',
                  test: sectionsModule,
                  minShareCount: 3,
                  includeDependenciesRecursively: false,
                  priority: 4.5,
                },
                {
                  name: 'catalogue',
                  test: catalogueModule,
                  minShareCount: 3,
                  includeDependenciesRecursively: false,
                  priority: 4,
                },
              ],
            },
          },
        },
      },
  server: {
    // In development the API runs separately (npm run dev:api) on its default port.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
