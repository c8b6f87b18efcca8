import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
// By path, not as @app/contract/markdown: Vite and Vitest bundle their config files with relative
// imports only, and Node cannot load the package's TypeScript by itself.
import { lexMarkdown } from '../../packages/contract/src/markdown';

const QUERY = '?lexed';

/**
 * `import page from './file.md?lexed'` gives the file lexed at build time (`LexedMarkdown`: its
 * front matter and its body's tokens), so the browser renders content without a Markdown parser.
 * Vite watches the file like any import, so an edit reloads the page in development.
 */
export function lexedMarkdown(): Plugin {
  return {
    name: 'lexed-markdown',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      const document = lexMarkdown(await readFile(file, 'utf8'));
      return { code: `export default ${JSON.stringify(document)};`, map: null };
    },
  };
}
