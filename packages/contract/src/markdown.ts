/**
 * The Markdown lexer of the content: the API lexes the sister sites' content with it and the web
 * build lexes the signs pages, so browsers receive tokens (see ./markdown-tokens) and never load
 * `marked`. Not for browser code.
 */
import { Lexer, type Token } from 'marked';
import type { FrontMatter, LexedMarkdown, MarkdownTokens } from './markdown-tokens';

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Splits a content file into its front matter and Markdown body. Only flat `key: value` pairs
 * are read (quoted or not): pages carry a title and a description, nothing nested.
 */
export function splitFrontMatter(source: string): { meta: FrontMatter; body: string } {
  const match = FENCE.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: FrontMatter = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const pair = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!pair?.[1]) continue;
    const raw = (pair[2] ?? '').trim();
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    meta[pair[1]] = quoted ? (quoted[2] ?? '').replace(/\\"/g, '"') : raw;
  }
  return { meta, body: source.slice(match[0].length) };
}

/**
 * The token types the web renderer draws from their other fields. Every other type (raw HTML,
 * link definitions, task checkboxes, anything new) is shown as its source text, so keeps `raw`.
 */
const RENDERED_FROM_FIELDS = new Set([
  'blockquote',
  'br',
  'code',
  'codespan',
  'del',
  'em',
  'escape',
  'heading',
  'hr',
  'image',
  'link',
  'list',
  'list_item',
  'paragraph',
  'space',
  'strong',
  'table',
  'text',
]);

/** Removes, in place, the `raw` of every token the renderer draws from its other fields. */
function dropRaw(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropRaw(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if ('type' in value && typeof value.type === 'string' && RENDERED_FROM_FIELDS.has(value.type)) {
    Reflect.deleteProperty(value, 'raw');
  }
  for (const field of Object.values(value)) dropRaw(field);
}

/** The block tokens of a Markdown text (GFM), without the `raw` the renderer does not need. */
export function lexMarkdownBody(body: string): MarkdownTokens {
  const tokens: Token[] = [...new Lexer({ gfm: true }).lex(body)];
  dropRaw(tokens);
  return tokens;
}

/** A content file (front matter optional) as its front matter and its body's tokens. */
export function lexMarkdown(source: string): LexedMarkdown {
  const { meta, body } = splitFrontMatter(source);
  return { meta, tokens: lexMarkdownBody(body) };
}
