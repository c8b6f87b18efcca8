import { lexMarkdown } from '@app/contract/markdown';
import { describe, expect, it } from 'vitest';
import home from '../../../../../content/signs/home.md?lexed';
import homeSource from '../../../../../content/signs/home.md?raw';
import { loadSignsPage } from './content-sources';

describe('signs pages lexed at build time', () => {
  it('a `?lexed` import is the file as the contract lexes it: front matter and tokens', () => {
    const expected = lexMarkdown(homeSource);
    expect(home).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(home.meta.title).toBeTruthy();
    expect(home.tokens.some((token) => token.type === 'heading')).toBe(true);
  });

  it('the page loaders give the same documents', async () => {
    expect(await loadSignsPage('home')).toEqual(home);
    await expect(loadSignsPage('no-such-page')).rejects.toThrow(/no-such-page\.md does not exist/);
  });
});
