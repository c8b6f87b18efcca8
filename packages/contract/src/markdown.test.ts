import type { Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { lexMarkdown, lexMarkdownBody, splitFrontMatter } from './markdown';
import { markdownTokens } from './markdown-tokens';

const source = `---
title: "Help: registering"
description: One line
---
## Register a sign

Go to [the lookup](/search-scheme) or **read** on.

<script>alert(1)</script>

Inline <b>bold</b> here.

- [x] done

[ref]: https://example.com

| a | b |
|---|---|
| 1 | 2 |
`;

/** Every token of a list, nested ones included. */
function allTokens(tokens: readonly unknown[]): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (typeof value === 'object' && value !== null) {
      const record = { ...value } as Record<string, unknown>;
      if (typeof record.type === 'string') found.push(record);
      for (const field of Object.values(record)) visit(field);
    }
  };
  visit(tokens);
  return found;
}

describe('lexMarkdown', () => {
  it('reads flat front matter, quoted or not, and lexes only the body', () => {
    const { meta, tokens } = lexMarkdown(source);
    expect(meta).toEqual({ title: 'Help: registering', description: 'One line' });
    expect(tokens[0]).toMatchObject({ type: 'heading', depth: 2, text: 'Register a sign' });
    expect(JSON.stringify(tokens)).not.toContain('title:');
  });

  it('reads a text without front matter as all body', () => {
    expect(splitFrontMatter('Just text.')).toEqual({ meta: {}, body: 'Just text.' });
    expect(lexMarkdown('Just text.').tokens).toMatchObject([{ type: 'paragraph', text: 'Just text.' }]);
  });

  it('keeps the source of raw HTML, link definitions and checkboxes, which are shown as text', () => {
    const tokens = allTokens(lexMarkdown(source).tokens);
    const html = tokens.filter((t) => t.type === 'html').map((t) => t.raw);
    expect(html).toEqual(expect.arrayContaining(['<script>alert(1)</script>', '<b>', '</b>']));
    expect(tokens.find((t) => t.type === 'def')?.raw).toContain('[ref]: https://example.com');
    expect(tokens.find((t) => t.type === 'checkbox')?.raw).toBe('[x] ');
  });

  it('drops the source of every other token', () => {
    const tokens = allTokens(lexMarkdown(source).tokens);
    const types = new Set(tokens.map((t) => t.type));
    for (const type of [
      'heading',
      'paragraph',
      'link',
      'strong',
      'text',
      'list',
      'list_item',
      'table',
      'space',
    ]) {
      expect(types, type).toContain(type);
    }
    const withRaw = tokens.filter((t) => 'raw' in t).map((t) => t.type);
    expect(new Set(withRaw)).toEqual(new Set(['html', 'def', 'checkbox']));
  });

  it('gives what the reply schema passes through unchanged', () => {
    const tokens = lexMarkdownBody('A [link](/x) and a table:\n\n| a |\n|---|\n| 1 |\n');
    const json: unknown = JSON.parse(JSON.stringify(tokens));
    const parsed: Token[] = markdownTokens.parse(json);
    expect(parsed).toEqual(json);
  });

  it('refuses a reply that is not a token list', () => {
    expect(() => markdownTokens.parse('## Markdown')).toThrow();
    expect(() => markdownTokens.parse([{ text: 'no type' }])).toThrow();
  });
});
