/** A Markdown file lexed at build time by the `lexed-markdown` plugin (apps/web/lexed-markdown.ts). */
declare module '*.md?lexed' {
  const document: import('@app/contract/markdown-tokens').LexedMarkdown;
  export default document;
}
