import { brandById } from '@app/brands';
import { lexMarkdown } from '@app/contract/markdown';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from '../../lib/brand';
import { FaqPage } from './faq-page';

const source = `---
title: Frequently asked questions
description: Answers to common questions.
---

## What is a sign reference?

The code on the **sticker**.

## Do I have to pay?

- No, looking up is free.
- Registering comes with the sticker.
`;

function renderFaq() {
  const router = createMemoryRouter([{ path: '/faqs', element: <FaqPage page={lexMarkdown(source)} /> }], {
    initialEntries: ['/faqs'],
  });
  render(
    <BrandProvider brand={brandById('signs')}>
      <RouterProvider router={router} />
    </BrandProvider>,
  );
  return userEvent.setup();
}

const answerOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '');

describe('FaqPage', () => {
  it('shows each question as a heading with a button, answers closed', () => {
    renderFaq();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['What is a sign reference?', 'Do I have to pay?']);
    for (const heading of headings) {
      const button = heading.querySelector('button');
      expect(button?.getAttribute('aria-expanded')).toBe('false');
      expect(answerOf(button as HTMLElement)?.hidden).toBe(true);
    }
  });

  it('opens and closes an answer with Enter and Space, the answer named by its question', async () => {
    const user = renderFaq();
    await user.tab(); // "Open all answers"
    await user.tab();
    const first = screen.getByRole('button', { name: 'What is a sign reference?' });
    expect(document.activeElement).toBe(first);

    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const answer = screen.getByRole('region', { name: 'What is a sign reference?' });
    expect(answer).toBe(answerOf(first));
    expect(answer.hidden).toBe(false);
    expect(answer.querySelector('strong')?.textContent).toBe('sticker');

    await user.keyboard(' ');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(answer.hidden).toBe(true);

    await user.tab();
    await user.keyboard(' ');
    const second = screen.getByRole('button', { name: 'Do I have to pay?' });
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Do I have to pay?' }).querySelectorAll('li')).toHaveLength(2);
  });

  it('opens and closes all answers at once', async () => {
    const user = renderFaq();
    await user.click(screen.getByRole('button', { name: 'Open all answers' }));
    expect(screen.getAllByRole('region')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Close all answers' }));
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });
});
