import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoaderTimer } from './page-loader';

function Overlay({ drawn }: { drawn?: boolean }) {
  return <p>{useLoaderTimer('signs.localhost', drawn) ? 'loading' : 'ready'}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the start-up overlay timer', () => {
  it('runs 1000 ms from when the app starts drawing the page itself', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(2500);
    render(<Overlay />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('loading')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('on a page the server drew, counts from when the page arrived', () => {
    vi.useFakeTimers();
    // The app takes the page over 600 ms after it arrived: 400 ms of the second are left.
    vi.spyOn(performance, 'now').mockReturnValue(600);
    render(<Overlay drawn />);
    act(() => vi.advanceTimersByTime(399));
    expect(screen.getByText('loading')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('on a page the server drew, taken over after the second, the overlay goes at once', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(3200);
    render(<Overlay drawn />);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('ready')).toBeTruthy();
  });
});
