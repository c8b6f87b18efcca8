// By path, not by alias: Vite bundles its config file with relative imports only.
import { CUSTOM_MEDIA } from './src/lib/breakpoints';

interface MediaRule {
  params: string;
  error: (message: string) => Error;
}

/**
 * A PostCSS plugin: `@media (--wide-screen)` in a stylesheet becomes the query of that name in
 * src/lib/breakpoints.ts, so every breakpoint is written once. An unknown name fails the build.
 */
export function customMedia() {
  return {
    postcssPlugin: 'app-custom-media',
    AtRule: {
      media(rule: MediaRule) {
        rule.params = rule.params.replace(/\((--[\w-]+)\)/g, (_whole, name: string) => {
          const query = CUSTOM_MEDIA[name as keyof typeof CUSTOM_MEDIA];
          if (!query) throw rule.error(`Unknown custom media ${name}: see apps/web/src/lib/breakpoints.ts`);
          return query;
        });
      },
    },
  };
}
