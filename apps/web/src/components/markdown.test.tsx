import { lexMarkdown } from '@app/contract/markdown';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const source = `---
title: "Help: registering"
description: One line
---
## Register a sign

Go to [the lookup](/search-scheme) or the [ICO](https://ico.org.uk/).

- first
- **second**

<script>alert(1)</script>

| a | b |
|---|---|
| 1 | 2 |
`;

describe('Markdown', () => {
  it('renders headings, lists, tables and links, and shows raw HTML as text', () => {
    // As the API and the build send it: lexed, through JSON.
    const { tokens } = JSON.parse(JSON.stringify(lexMarkdown(source))) as ReturnType<typeof lexMarkdown>;
    const { container } = render(
      <MemoryRouter>
        <Markdown tokens={tokens} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Register a sign' })).toHaveProperty(
      'id',
      'register-a-sign',
    );
    expect(screen.getByRole('link', { name: 'the lookup' }).getAttribute('href')).toBe('/search-scheme');
    const external = screen.getByRole('link', { name: /ICO/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'a' })).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).not.toContain('title:');
  });
});
