import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage-keys';

export interface Session {
  signedIn: boolean;
  master: boolean;
  token: string | null;
  userId: string | null;
}

export interface TokenPayload {
  id?: number | string;
  userName?: string;
  /** Expiry, in seconds since the epoch. */
  exp?: number;
}

// `storage` events only reach other tabs, so changes made in this tab are announced with our own event.
const SESSION_CHANGE_EVENT = 'app:session-change';

function announceSessionChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/** The payload of a JSON web token, or null when it cannot be read. The signature is the server's concern. */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, userName, exp } = parsed as Record<string, unknown>;
    return {
      id: typeof id === 'number' || typeof id === 'string' ? id : undefined,
      userName: typeof userName === 'string' ? userName : undefined,
      exp: typeof exp === 'number' ? exp : undefined,
    };
  } catch {
    return null;
  }
}

/** Removes the session keys when the stored token has expired (or cannot be read). Returns whether it did. */
export function clearExpiredSession(nowMs: number = Date.now()): boolean {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token === null) return false;
  const exp = decodeTokenPayload(token)?.exp;
  if (typeof exp === 'number' && exp > Math.floor(nowMs / 1000)) return false;
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.masterUser);
  localStorage.removeItem(STORAGE_KEYS.userId);
  announceSessionChange();
  return true;
}

/** Stores a signed-in session: the token, the user id decoded from it and the master-user flag. */
export function storeSession(token: string, masterUser: boolean): void {
  const id = decodeTokenPayload(token)?.id;
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.masterUser, JSON.stringify(masterUser));
  if (id !== undefined) localStorage.setItem(STORAGE_KEYS.userId, String(id));
  announceSessionChange();
}

/** Signs out: the spec clears all of local storage, not only the session keys. */
export function clearSession(): void {
  localStorage.clear();
  announceSessionChange();
}

const signedOut: Session = { signedIn: false, master: false, token: null, userId: null };

export function readSession(): Session {
  // The server renders public pages for everyone: nobody is signed in there.
  if (typeof localStorage === 'undefined') return signedOut;
  const token = localStorage.getItem(STORAGE_KEYS.token);
  let master = false;
  try {
    master = JSON.parse(localStorage.getItem(STORAGE_KEYS.masterUser) ?? 'false') === true;
  } catch {
    master = false;
  }
  return {
    signedIn: token !== null,
    master: token !== null && master,
    token,
    userId: localStorage.getItem(STORAGE_KEYS.userId),
  };
}

let cachedKey = '';
let cachedSession: Session = signedOut;

function sessionSnapshot(): Session {
  const next = readSession();
  const key = `${next.token}|${next.master}|${next.userId}`;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = next;
  }
  return cachedSession;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_CHANGE_EVENT, onChange);
  };
}

/** The current session; re-renders when it changes in this tab or another. */
export function useSession(): Session {
  // A server-rendered page is drawn signed out; the browser's session follows right after hydration.
  return useSyncExternalStore(subscribe, sessionSnapshot, () => signedOut);
}
