import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '../test/render-shell';
import { clearExpiredSession, clearSession, decodeTokenPayload, storeSession, useSession } from './session';

describe('session', () => {
  it('clears token, masterUser and userId when the stored token has expired', () => {
    localStorage.setItem('token', fakeToken(-60));
    localStorage.setItem('masterUser', 'true');
    localStorage.setItem('userId', '42');
    localStorage.setItem('unrelated', 'kept');

    expect(clearExpiredSession()).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('masterUser')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });

  it('keeps a token that has not expired', () => {
    const token = fakeToken(600);
    localStorage.setItem('token', token);
    expect(clearExpiredSession()).toBe(false);
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('compares the expiry in seconds', () => {
    const token = fakeToken(0);
    const exp = decodeTokenPayload(token)?.exp ?? 0;
    localStorage.setItem('token', token);
    expect(clearExpiredSession(exp * 1000 - 1)).toBe(false);
    expect(clearExpiredSession(exp * 1000)).toBe(true);
  });

  it('clears a token it cannot read', () => {
    localStorage.setItem('token', 'not-a-token');
    expect(clearExpiredSession()).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores the token, the user id from it and the master flag as JSON', () => {
    const token = fakeToken(600, 7);
    storeSession(token, true);
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('masterUser')).toBe('true');
  });

  it('useSession follows sign-in, sign-out and changes made in another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toMatchObject({ signedIn: false, master: false });

    act(() => storeSession(fakeToken(600), true));
    expect(result.current).toMatchObject({ signedIn: true, master: true, userId: '42' });

    act(() => clearSession());
    expect(result.current).toMatchObject({ signedIn: false, master: false, userId: null });

    act(() => {
      localStorage.setItem('token', fakeToken(600));
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(result.current).toMatchObject({ signedIn: true, master: false });
  });

  it('useSession sees an expired session cleared at start as signed out', () => {
    localStorage.setItem('token', fakeToken(-1));
    const { result } = renderHook(() => useSession());
    expect(result.current.signedIn).toBe(true);
    act(() => {
      clearExpiredSession();
    });
    expect(result.current.signedIn).toBe(false);
  });
});
