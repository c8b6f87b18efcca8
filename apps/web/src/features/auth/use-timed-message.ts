import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormMessage } from '../../components/form-status';

/** SPEC.md sections 4 and 9: messages clear after 2 seconds, 3 in the sign-in and sign-up dialogs. */
export const MESSAGE_MS = 2000;
export const ACCOUNT_MESSAGE_MS = 3000;

/** The form's current message, cleared `clearAfterMs` after it was last set. */
export function useTimedMessage(clearAfterMs: number) {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: FormMessage | null) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(null), clearAfterMs);
    },
    [clearAfterMs],
  );

  return [message, show] as const;
}

/** The error message of one field, if the current message is about it. */
export function fieldError(message: FormMessage | null, field: string): string | undefined {
  return message?.kind === 'error' && message.field === field ? message.text : undefined;
}
