import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../lib/notify';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  it('shows a toast raised before the container had loaded', async () => {
    render(<ToastHost />);
    notify.success('User confirmed successfully!');
    expect(await screen.findByText('User confirmed successfully!')).toBeTruthy();
  });
});
