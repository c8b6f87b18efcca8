// Each page's words are a Markdown file in content/signs, loaded when its page is opened: this
// map holds only the loaders, so the text stays out of the first paint.
const sources = import.meta.glob<string>('../../../../../content/signs/*.md', {
  query: '?raw',
  import: 'default',
});

const PREFIX = '../../../../../content/signs/';

/** The slugs that have a file (`home` is the page `/`). */
export const signsPageSlugs: readonly string[] = Object.keys(sources)
  .map((key) => key.slice(PREFIX.length, -'.md'.length))
  .filter((slug) => slug !== 'README');

/** The raw Markdown (front matter included) of content/signs/<slug>.md. */
export function loadSignsPage(slug: string): Promise<string> {
  const load = sources[`${PREFIX}${slug}.md`];
  if (!load) return Promise.reject(new Error(`content/signs/${slug}.md does not exist`));
  return load();
}
