import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { useAuthDialog } from '../../features/auth/auth-dialog-context';
import { FOCUS_HEADING } from '../../lib/page-focus';
import { clearSession, readSession, useSession } from '../../lib/session';
import styles from './top-bar.module.css';

function UserMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const logOut = () => {
    setOpen(false);
    const { token } = readSession();
    // The browser forgets the session at once, whether or not the server can be told (offline).
    clearSession();
    // Cached answers belong to the user who just left.
    queryClient.clear();
    navigate('/', { state: FOCUS_HEADING });
    // The server ends the session too, so a copy of the token (another tab, a stolen copy) dies.
    if (token) logout(token).catch(() => undefined);
  };

  return (
    <div className={styles.userMenu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.quickButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 21c0-4 4-6 8-6s8 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        My account
      </button>
      <ul id={panelId} className={styles.userPanel} hidden={!open}>
        <li>
          <Link
            className={styles.userItem}
            to="/update-details"
            state={FOCUS_HEADING}
            onClick={() => setOpen(false)}
          >
            View my profile
          </Link>
        </li>
        <li>
          <button type="button" className={styles.userItem} onClick={logOut}>
            Log Out
          </button>
        </li>
      </ul>
    </div>
  );
}

/** 'Sign In' when signed out; the user menu when signed in. */
export function QuickMenu() {
  const session = useSession();
  const { openSignIn } = useAuthDialog();
  if (session.signedIn) return <UserMenu />;
  return (
    <button type="button" className={styles.quickButton} onClick={openSignIn}>
      Sign In
    </button>
  );
}
