import { messages } from '@app/contract/messages';
import { Description } from '@radix-ui/react-dialog';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { checkSticker } from './api/check-sticker';
import { signUp } from './api/sign-up';
import type { AccountMode } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';
import formStyles from './form.module.css';
import { FormStatus } from './form-fields';
import { SignUpAccountStep } from './sign-up-account-step';
import { SignUpDetailsStep } from './sign-up-details-step';
import { SignUpDoneStep } from './sign-up-done-step';
import { signUpFailureText } from './sign-up-errors';
import {
  checkAccountStep,
  checkStickerStep,
  checkSubmit,
  emptySignUp,
  type SignUpField,
  type SignUpProblem,
  type SignUpValues,
  STEP_OF,
  toSignUpBody,
} from './sign-up-form';
import { SignUpStickerStep } from './sign-up-sticker-step';
import { ACCOUNT_MESSAGE_MS, fieldError, useTimedMessage } from './use-timed-message';

export interface SignUpPanelProps {
  onSwitch: (mode: AccountMode) => void;
  onDone: () => void;
}

type Step = 1 | 2 | 3 | 4;

const STEP_NAMES: Record<Step, string> = {
  1: 'Your sticker',
  2: 'Your login',
  3: 'Your details and site',
  4: 'Thank you',
};

/** Registration in four steps: sticker, login, details and first site, thank-you (SPEC.md section 2). */
export function SignUpPanel({ onSwitch, onDone }: SignUpPanelProps) {
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<SignUpValues>(emptySignUp);
  const [busy, setBusy] = useState(false);
  // The success toast sits outside the dialog, which hides the page from screen readers: the
  // dialog's own live region says it too.
  const [announcement, setAnnouncement] = useState('');
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const ids = useId();
  const movedStep = useRef(false);

  const idOf = useCallback((field: SignUpField) => `${ids}-${field}`, [ids]);
  const set = useCallback(<K extends SignUpField>(field: K, value: SignUpValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const errorOf = (field: SignUpField) => fieldError(message, field);
  // Stable, so it runs only when the keyed step name below is replaced, not on every render.
  const focusStep = useCallback((node: HTMLParagraphElement | null) => {
    if (node && movedStep.current) node.focus();
  }, []);

  const goTo = (next: Step) => {
    movedStep.current = true;
    showMessage(null);
    setStep(next);
  };

  /** Shows a problem beside its field when that field is on this step, else above the buttons. */
  const report = (problem: SignUpProblem) => {
    if (STEP_OF[problem.field] === step) {
      showMessage({ kind: 'error', text: problem.message, field: problem.field });
      document.getElementById(idOf(problem.field))?.focus();
    } else {
      showMessage({ kind: 'error', text: problem.message });
    }
  };

  async function confirmSticker(): Promise<void> {
    const problem = checkStickerStep(values);
    if (problem) return report(problem);
    try {
      const reply = await checkSticker({ signRef: values.signRef, prefixNo: values.prefixNo });
      const sticker = reply.result[0];
      if (reply.success && sticker && sticker.siteId === null) return goTo(2);
      // A sticker already on a site is not free, whatever else the answer says.
      const text = reply.success ? messages.signUp.stickerIssue : reply.message;
      // The problem is the sticker: its error sits on the sign reference, which takes focus.
      report({ field: 'signRef', message: text || messages.signUp.stickerIssue });
    } catch (error) {
      const text = error instanceof ApiError ? error.serverMessage : undefined;
      const aboutSticker =
        error instanceof ApiError && error.status !== null && error.status < 500 && error.status !== 429;
      if (aboutSticker) report({ field: 'signRef', message: text || messages.signUp.stickerIssue });
      else showMessage({ kind: 'error', text: text || messages.signUp.stickerIssue });
    }
  }

  async function register(): Promise<void> {
    const problem = checkSubmit(values);
    if (problem) return report(problem);
    try {
      const reply = await signUp(toSignUpBody(values));
      if (!reply.success) {
        showMessage({ kind: 'error', text: reply.message || messages.signUp.failed });
        return;
      }
      notify.success(messages.signUp.success);
      setAnnouncement(messages.signUp.success);
      // The spec links the sticker next with PUT /api/stickers/{id}. That call needs a session,
      // and the new account cannot sign in before it is confirmed; the server has already linked
      // the sticker in the registration's own transaction (docs/decisions/0002), so it is skipped.
      goTo(4);
    } catch (error) {
      showMessage({ kind: 'error', text: signUpFailureText(error) });
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (step === 2) {
      const problem = checkAccountStep(values);
      return problem ? report(problem) : goTo(3);
    }
    if (step !== 1 && step !== 3) return;
    setBusy(true);
    try {
      await (step === 1 ? confirmSticker() : register());
    } finally {
      setBusy(false);
    }
  }

  const stepProps = { values, set, idOf, errorOf };

  return (
    <>
      <Description className={styles.description}>
        Register with the sign reference and prefix number on your sticker to create an account.
      </Description>
      <p role="status" className={formStyles.visuallyHidden}>
        {announcement}
      </p>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-busy={busy}>
        {/* A new step's fields replace the old ones: focus goes to the step's name, which is read out. */}
        <p key={step} className={formStyles.stepCount} tabIndex={-1} ref={focusStep}>
          Step {step} of 4: {STEP_NAMES[step]}
        </p>
        {step === 1 && <SignUpStickerStep {...stepProps} />}
        {step === 2 && <SignUpAccountStep {...stepProps} />}
        {step === 3 && <SignUpDetailsStep {...stepProps} />}
        {step === 4 && <SignUpDoneStep />}
        <FormStatus message={message} />
        <div className={formStyles.actions}>
          {step > 1 && step < 4 && (
            <button
              type="button"
              className={formStyles.secondary}
              onClick={() => goTo(Math.max(1, step - 1) as Step)}
              disabled={busy}
            >
              Back
            </button>
          )}
          {step < 4 ? (
            <button type="submit" className={formStyles.primary} disabled={busy}>
              {step === 3 ? 'Submit' : 'Next'}
            </button>
          ) : (
            <button type="button" className={formStyles.primary} onClick={onDone}>
              Finish
            </button>
          )}
        </div>
      </form>
      <p className={styles.aside}>
        Already have an account?{' '}
        <button type="button" className={styles.linkButton} onClick={() => onSwitch('signIn')}>
          Sign In
        </button>
      </p>
    </>
  );
}
