import { emailSchema, userNameSchema } from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import type { SignUpCheckField } from '@app/contract/sign-up-check';
import { Description } from '@radix-ui/react-dialog';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FormStatus } from '../../components/form-status';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { checkSignUp } from './api/check-sign-up';
import { checkSticker } from './api/check-sticker';
import { signUp } from './api/sign-up';
import { type AccountMode, type SignUpEntry, signUpEntryOf } from './auth-dialog-state';
import styles from './auth-dialogs.module.css';
import formStyles from './form.module.css';
import { SignUpAccountStep } from './sign-up-account-step';
import { SignUpDetailsStep } from './sign-up-details-step';
import { SignUpDoneStep } from './sign-up-done-step';
import { clearSignUpDraft, hasTypedDetails, readSignUpDraft, saveSignUpDraft } from './sign-up-draft';
import { signUpFailureText } from './sign-up-errors';
import {
  checkAccountStep,
  checkStickerStep,
  checkSubmit,
  type SignUpProblem,
  STEP_OF,
  toSignUpBody,
} from './sign-up-form';
import { SignUpStickerStep } from './sign-up-sticker-step';
import { emptySignUp, type SignUpField, type SignUpValues } from './sign-up-values';
import { ACCOUNT_MESSAGE_MS, fieldError, useTimedMessage } from './use-timed-message';

export interface SignUpPanelProps {
  onSwitch: (mode: AccountMode) => void;
  onDone: () => void;
  /** Told whether the form holds anything typed, so closing the dialog can ask first. */
  onTypedChange?: (typed: boolean) => void;
}

type Step = 1 | 2 | 3 | 4;

const STEP_NAMES: Record<Step, string> = {
  1: 'Your sticker',
  2: 'Your login',
  3: 'Your details and site',
  4: 'Thank you',
};

/** Said at step 2 after a refresh brought the form back: the passwords are never kept. */
export const PASSWORDS_NOT_KEPT =
  'We kept what you had typed, except your password: please type it again to carry on.';

/** A name found in use, with the value it was found for: it stands until that value changes. */
type Taken = Partial<Record<SignUpCheckField, { value: string; message: string }>>;
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Registration in four steps: sticker, login, details and first site, thank-you (SPEC.md section 2). */
export function SignUpPanel({ onSwitch, onDone, onTypedChange }: SignUpPanelProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // A refresh brings back what was typed (never the passwords, so not beyond step 2).
  const [restored] = useState(readSignUpDraft);
  const [values, setValues] = useState<SignUpValues>(() =>
    restored ? { ...restored.values, password: '', cpassword: '' } : emptySignUp,
  );
  const [reached, setReached] = useState<1 | 2 | 3>(() =>
    restored ? (Math.min(restored.reached, 2) as 1 | 2) : 1,
  );
  const [registeredAt, setRegisteredAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState<Taken>({});
  // Every name in use found on Submit, listed together (issue: one at a time was too late).
  const [problems, setProblems] = useState<{ field: SignUpCheckField; message: string }[]>([]);
  // The success toast sits outside the dialog, which hides the page from screen readers: the
  // dialog's own live region says it too.
  const [announcement, setAnnouncement] = useState('');
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const ids = useId();
  const mounted = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  // A field to focus on the next step instead of its name (the summary's "Change your username").
  const focusNext = useRef<SignUpField | null>(null);

  // The step follows the history entry (Back and Forward move between steps), never past the
  // furthest step whose checks passed; after registering, always the thank-you.
  const entry = signUpEntryOf(location.state);
  const registered = registeredAt !== null;
  const step: Step = registered ? 4 : (Math.min(entry.signUpStep, reached) as 1 | 2 | 3);

  const idOf = useCallback((field: SignUpField) => `${ids}-${field}`, [ids]);
  const set = useCallback(<K extends SignUpField>(field: K, value: SignUpValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);
  const takenError = (field: SignUpField) => {
    const found = field === 'userName' || field === 'email' ? taken[field] : undefined;
    return found && sameName(found.value, values[field as SignUpCheckField]) ? found.message : undefined;
  };
  const errorOf = (field: SignUpField) => fieldError(message, field) ?? takenError(field);

  // A new step's name takes focus (it is read out), but not the first one the dialog opens on.
  const focusStep = useCallback(
    (node: HTMLParagraphElement | null) => {
      if (!node || !mounted.current) return;
      const field = focusNext.current;
      focusNext.current = null;
      // What the step says first, when it has something to say (the passwords not kept).
      const marked = node.parentElement?.querySelector<HTMLElement>('[data-autofocus]');
      (field ? document.getElementById(idOf(field)) : (marked ?? node))?.focus();
    },
    [idOf],
  );
  useEffect(() => {
    mounted.current = true;
  }, []);

  useEffect(() => {
    if (!registered) saveSignUpDraft(values, reached, true);
  }, [values, reached, registered]);

  const typed = !registered && hasTypedDetails(values);
  useEffect(() => onTypedChange?.(typed), [typed, onTypedChange]);

  // Back from the thank-you: the registration is done, so the dialog closes.
  useEffect(() => {
    if (registeredAt !== null && registeredAt !== 'pending' && location.key !== registeredAt) onDone();
  }, [location.key, registeredAt, onDone]);

  // Read first: the list of every problem, on screen and focused.
  useEffect(() => {
    if (problems.length === 0) return;
    summaryRef.current?.scrollIntoView?.({ block: 'nearest' });
    summaryRef.current?.focus();
  }, [problems]);

  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  const moveTo = (state: SignUpEntry, replace: boolean) =>
    navigate(here, { state, replace, preventScrollReset: true });

  // A refresh: the history entry still says the step the person was on, but the passwords are
  // gone, so back to step 2 (the browser's own entry for it), or on to it when the entry was lost.
  const aligned = useRef(false);
  useEffect(() => {
    if (aligned.current || !restored?.open) return;
    aligned.current = true;
    const start = Math.min(restored.reached, 2) as 1 | 2;
    const back = entry.signUpStep - start;
    if (back > 0 && entry.signUpDepth >= back) navigate(-back);
    else if (back < 0) moveTo({ signUpStep: start, signUpDepth: entry.signUpDepth + 1 }, false);
  });

  const goForward = (next: 2 | 3) => {
    showMessage(null);
    setProblems([]);
    setReached((current) => (next > current ? next : current));
    if (entry.signUpStep < next) moveTo({ signUpStep: next, signUpDepth: entry.signUpDepth + 1 }, false);
    else if (entry.signUpStep > next) moveTo({ signUpStep: next, signUpDepth: entry.signUpDepth }, true);
  };

  const goBack = (focusField?: SignUpField) => {
    showMessage(null);
    setProblems([]);
    const previous = Math.max(1, step - 1) as 1 | 2 | 3;
    // The entry sign-up added for this step: Back in the dialog is the browser's Back.
    if (entry.signUpStep === step && entry.signUpDepth > 0) navigate(-1);
    else moveTo({ signUpStep: previous, signUpDepth: entry.signUpDepth }, true);
    focusNext.current = focusField ?? null;
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

  /**
   * Asks whether the names are in use, with the sticker of step 1 (docs/decisions/0045). A
   * failed or refused check finds nothing: the sign-up checks again when it registers.
   */
  async function findTaken(fields: SignUpCheckField[]) {
    const asked = Object.fromEntries(fields.map((field) => [field, values[field].trim()]));
    try {
      const reply = await checkSignUp({ signRef: values.signRef, prefixNo: values.prefixNo, ...asked });
      setTaken((current) => {
        const next = { ...current };
        for (const field of fields) {
          const found = reply.problems.find((problem) => problem.field === field);
          next[field] = found ? { value: asked[field] ?? '', message: found.message } : undefined;
        }
        return next;
      });
      return reply.problems;
    } catch {
      return [];
    }
  }

  /** As the person leaves the user name (step 2) or the e-mail address (step 3). */
  const leave = (field: SignUpField) => {
    if (field === 'userName' && userNameSchema.safeParse(values.userName).success)
      void findTaken(['userName']);
    if (field === 'email' && emailSchema.safeParse(values.email).success) void findTaken(['email']);
  };

  async function confirmSticker(): Promise<void> {
    const problem = checkStickerStep(values);
    if (problem) return report(problem);
    try {
      const reply = await checkSticker({ signRef: values.signRef, prefixNo: values.prefixNo });
      const sticker = reply.result[0];
      if (reply.success && sticker && sticker.siteId === null) return goForward(2);
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
    const problem = checkSubmit(values) ?? checkAccountStep(values);
    if (problem) return report(problem);
    const found = await findTaken(['userName', 'email']);
    if (found.length > 0) {
      setProblems(found);
      return;
    }
    try {
      const reply = await signUp(toSignUpBody(values));
      if (!reply.success) {
        showMessage({ kind: 'error', text: reply.message || messages.signUp.failed });
        return;
      }
      notify.success(messages.signUp.success);
      setAnnouncement(messages.signUp.success);
      clearSignUpDraft();
      // The spec links the sticker next with PUT /api/stickers/{id}. That call needs a session,
      // and the new account cannot sign in before it is confirmed; the server has already linked
      // the sticker in the registration's own transaction (docs/decisions/0002), so it is skipped.
      // The thank-you replaces step 3's entry: Back from it closes the dialog.
      moveTo({ signUpStep: 4, signUpDepth: entry.signUpDepth }, true);
      setRegisteredAt('pending');
    } catch (error) {
      const text = signUpFailureText(error);
      if (text === messages.server.passwordTooCommon) {
        // A common password, refused by the server (decision 0046): back to step 2, on its field.
        goBack('password');
        showMessage({ kind: 'error', text, field: 'password' });
        return;
      }
      showMessage({ kind: 'error', text });
    }
  }

  // The thank-you's own entry, once the router has made it: leaving it closes the dialog.
  useEffect(() => {
    if (registeredAt === 'pending' && entry.signUpStep === 4) setRegisteredAt(location.key);
  }, [registeredAt, entry.signUpStep, location.key]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (step === 2) {
      const problem = checkAccountStep(values);
      if (problem) return report(problem);
      const name = takenError('userName');
      return name ? report({ field: 'userName', message: name }) : goForward(3);
    }
    if (step !== 1 && step !== 3) return;
    setBusy(true);
    try {
      await (step === 1 ? confirmSticker() : register());
    } finally {
      setBusy(false);
    }
  }

  const stepProps = { values, set, idOf, errorOf, leave };

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
        {step === 2 && restored && restored.reached >= 2 && !values.password && (
          // Read first after the refresh: the dialog focuses it as it opens (data-autofocus).
          <p className={formStyles.readout} tabIndex={-1} data-autofocus>
            {PASSWORDS_NOT_KEPT}
          </p>
        )}
        {step === 1 && <SignUpStickerStep {...stepProps} />}
        {step === 2 && <SignUpAccountStep {...stepProps} />}
        {step === 3 && <SignUpDetailsStep {...stepProps} />}
        {step === 4 && <SignUpDoneStep email={values.email.trim()} />}
        {step === 3 && problems.length > 0 && (
          <div ref={summaryRef} className={formStyles.alert} role="alert" tabIndex={-1}>
            <p className={formStyles.readout}>
              <strong>Please change {problems.length === 1 ? 'this' : 'these'} before you submit:</strong>
            </p>
            <ul>
              {problems.map((problem) => (
                <li key={problem.field}>
                  {problem.message}{' '}
                  {problem.field === 'userName' ? (
                    <button type="button" className={styles.linkButton} onClick={() => goBack('userName')}>
                      Change your username
                    </button>
                  ) : (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => document.getElementById(idOf('email'))?.focus()}
                    >
                      Change your email
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <FormStatus message={message} />
        <div className={formStyles.actions}>
          {step > 1 && step < 4 && (
            <button type="button" className={formStyles.secondary} onClick={() => goBack()} disabled={busy}>
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
