import formStyles from './form.module.css';

/** Step 4: what happens next, and the address the link went to, so a mistyped one is seen. */
export function SignUpDoneStep({ email }: { email: string }) {
  return (
    <div className={formStyles.prose}>
      <p>
        <strong>Thank you for registering.</strong>
      </p>
      <p>
        A confirmation e-mail has been sent to you at <strong>{email}</strong>. Please click the link in it to
        complete your registration.
      </p>
      <p>
        You can then log on with your username and add more stickers or sites. You only need to register once.
      </p>
    </div>
  );
}
