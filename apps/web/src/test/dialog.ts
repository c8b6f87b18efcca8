import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The open modal dialog (named `name`, if given) once it takes pointer input, as a person finds it.
 * A Radix modal makes the page behind it ignore pointers (`pointer-events: none` on the body) in
 * an effect and gives itself `pointer-events: auto` a render later. A person's tap comes long
 * after; a test's clicks (user-event without delays) could come in between and be refused.
 * The dialogs' code loads lazily, as in the browser: the first one of a test file can take more
 * than Testing Library's default second to be transformed and arrive on a busy machine.
 */
export async function findDialog(name?: string | RegExp): Promise<HTMLElement> {
  const wait = { timeout: 5000 };
  const dialog = await screen.findByRole('dialog', name === undefined ? {} : { name }, wait);
  await waitFor(() => expect(dialog.style.pointerEvents).toBe('auto'), wait);
  return dialog;
}
