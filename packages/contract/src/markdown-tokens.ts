/**
 * Markdown as it travels to the browser: already lexed (by the API for the sister sites' content,
 * at build time for the signs pages), so the browser only renders tokens and never loads a
 * Markdown parser. The lexer itself is in ./markdown, which browser code must not import.
 */
import type { Token } from 'marked';
import * as z from 'zod/mini';

/** Front matter of a content file: the `key: value` lines between the leading `---` fences. */
export interface FrontMatter {
  [key: string]: string;
}

/**
 * A lexed Markdown text: marked's block tokens (with GFM). Each token keeps `raw` only when the
 * renderer shows it as text (raw HTML, link definitions, anything it does not know); on every
 * other token `raw` is left out to keep replies small, although marked's type still lists it.
 */
export type MarkdownTokens = Token[];

/** A content file lexed: its front matter and its body's tokens. */
export interface LexedMarkdown {
  meta: FrontMatter;
  tokens: MarkdownTokens;
}

/**
 * Lexed Markdown in a reply: an array of marked tokens. Only each token's `type` is checked and
 * every other field is passed through, so the schema serializes the tokens as the lexer made them
 * and documents them in OpenAPI as objects with a `type`. The cast gives the array marked's own
 * token type, which zod cannot express (a recursive union of interfaces).
 */
export const markdownTokens = z
  .array(z.looseObject({ type: z.string() }))
  .check(
    z.describe('Lexed Markdown: the block tokens of marked (GFM), `raw` kept only where it is shown as text'),
  ) as unknown as z.ZodMiniType<MarkdownTokens>;
