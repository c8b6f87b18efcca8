import type { LexedMarkdown } from '@app/contract/markdown-tokens';

// Each page's words are a Markdown file in content/signs, lexed at build time (the `?lexed`
// import, see apps/web/lexed-markdown.ts) and loaded when its page is opened: this map holds only
// the loaders, so the text stays out of the first paint.
const sources = import.meta.glob<LexedMarkdown>('../../../../../content/signs/*.md', {
  query: '?lexed',
  import: 'default',
});

const PREFIX = '../../../../../content/signs/';

/** The slugs that have a file (`home` is the page `/`). */
export const signsPageSlugs: readonly string[] = Object.keys(sources)
  .map((key) => key.slice(PREFIX.length, -'.md'.length))
  .filter((slug) => slug !== 'README');

/** content/signs/<slug>.md lexed: its front matter and its body's tokens. */
export function loadSignsPage(slug: string): Promise<LexedMarkdown> {
  const load = sources[`${PREFIX}${slug}.md`];
  if (!load) return Promise.reject(new Error(`content/signs/${slug}.md does not exist`));
  return load();
}
