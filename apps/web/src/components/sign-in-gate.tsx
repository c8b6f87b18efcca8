import { useLocation } from 'react-router';
import { useSignInPrompt } from '../lib/sign-in-prompt';
import styles from './sign-in-gate.module.css';

/** What a signed-in page shows when signed out: why, and the way on (Sign In, then back here). */
export function SignInGate({ message }: { message: string }) {
  const openSignIn = useSignInPrompt();
  const location = useLocation();
  return (
    <div className={styles.gate}>
      <p role="status">{message}</p>
      {openSignIn && (
        <button
          type="button"
          className={styles.button}
          onClick={() => openSignIn(`${location.pathname}${location.search}`)}
        >
          Sign In
        </button>
      )}
    </div>
  );
}
