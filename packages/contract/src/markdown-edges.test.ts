import { describe, expect, it } from 'vitest';
import { lexMarkdown, splitFrontMatter } from './markdown';

/** Every token of a token tree, depth first. */
function allTokens(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) {
    for (const item of value) allTokens(item, found);
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string') found.push(record);
    for (const field of Object.values(record)) allTokens(field, found);
  }
  return found;
}

describe('front matter as content editors write it', () => {
  it('reads a value written straight after the colon, and trims the spaces around one', () => {
    expect(splitFrontMatter('---\ntitle:Help\ndescription:   One line   \n---\nBody').meta).toEqual({
      title: 'Help',
      description: 'One line',
    });
  });

  it('unquotes a value only when the quotes wrap all of it, keeping escaped quotes inside', () => {
    const { meta } = splitFrontMatter(
      '---\na: Say "hi"\nb: "Yes" and no\nc: "Say \\"hi\\""\nd: \'single\'\n---\n',
    );
    expect(meta).toEqual({ a: 'Say "hi"', b: '"Yes" and no', c: 'Say "hi"', d: 'single' });
  });

  it('skips a line that does not start with a key', () => {
    expect(splitFrontMatter('---\n# note: not a key\ntitle: Help\n---\nBody').meta).toEqual({
      title: 'Help',
    });
  });

  it('reads a file that is front matter only, without a last line break', () => {
    expect(splitFrontMatter('---\ntitle: Help\n---')).toEqual({ meta: { title: 'Help' }, body: '' });
  });

  it('is not found after the start of the file: a rule later in the text is Markdown', () => {
    const source = 'Intro\n---\ntitle: Help\n---\nMore';
    expect(splitFrontMatter(source)).toEqual({ meta: {}, body: source });
  });
});

describe('the tokens a page receives', () => {
  it('carry no source text for quotes, line breaks, code, struck and stressed text, escapes, rules and pictures', () => {
    const tokens = allTokens(
      lexMarkdown(
        [
          '> A quote',
          '',
          'Line one  ',
          'line two with `code`, ~~struck~~, *stressed* and \\* an escape.',
          '',
          '---',
          '',
          '![A camera](/camera.jpg)',
          '',
          '    indented code',
        ].join('\n'),
      ).tokens,
    );
    const types = ['blockquote', 'br', 'codespan', 'del', 'em', 'escape', 'hr', 'image', 'code'];
    for (const type of types) {
      const token = tokens.find((t) => t.type === type);
      expect(token, type).toBeDefined();
      expect(token, type).not.toHaveProperty('raw');
    }
  });
});
