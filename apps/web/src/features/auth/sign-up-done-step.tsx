import formStyles from './form.module.css';

/** Step 4: what happens next. */
export function SignUpDoneStep() {
  return (
    <div className={formStyles.prose}>
      <p>
        <strong>Thank you for registering.</strong>
      </p>
      <p>
        A confirmation e-mail has been sent to you. Please click the link in it to complete your registration.
      </p>
      <p>
        You can then log on with your username and add more stickers or sites. You only need to register once.
      </p>
    </div>
  );
}
