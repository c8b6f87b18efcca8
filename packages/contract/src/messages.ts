/**
 * Messages the user sees, word for word from SPEC.md (sections 5 and 8) or, for our own
 * additions, written once here so the API and the web app say the same thing.
 */
/** "40 seconds", "a minute", "15 minutes", "an hour": a wait rounded up to what a person reads. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? 'a second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}

export const messages = {
  signUp: {
    signRefRequired: 'Please Enter Sign Reference',
    prefixNoRequired: 'Please Enter Prefix No',
    termsRequired: 'You cannot use this site if you do not accept terms',
    stickerIssue: 'Sticker issue detected.',
    userNameTooShort: 'Username must be at least 4 characters long.',
    passwordRequired: 'Please Enter Password',
    passwordsDoNotMatch: 'Passwords do not match!',
    requiredField: (label: string) => `Please fill out the required field: ${label}`,
    emailsDoNotMatch: 'Email addresses do not match!',
    failed: 'Sign-up failed. Please try again.',
    success: 'Sign-up successful!',
    copied: 'Copied!',
  },
  signIn: {
    userNotFound: 'User not found',
    notConfirmed: 'Your Account is not confirmed',
    failed: 'Login failed, please try again.',
    userNameRequired: 'Username is required',
    passwordRequired: 'Password is required',
    fetchUserFailed: 'Error fetching user data',
    success: 'Login successful!',
    confirmed: 'User confirmed successfully!',
  },
  forgotPassword: {
    sent: 'Password reset email sent successfully',
    userNotFoundServer: 'User not found',
    userNotFound: 'User does not exist. Please check the email address.',
    unexpected: 'An unexpected error occurred.',
    failed: 'Error occurred while sending reset email!',
  },
  reset: {
    invalidOrExpired: 'Invalid or expired reset link.',
    invalid: 'Invalid reset link.',
    userNotFound: 'User not found.',
    fetchUserFailed: 'Failed to fetch user data.',
    updateFailed: 'Failed to update password. Please try again.',
    success: 'Password reset successfully',
    passwordTooShort: 'Password must be at least 8 characters long.',
    passwordsDoNotMatch: 'Passwords do not match.',
  },
  // Ours: not in the spec, written for the same users.
  server: {
    stickerNotFound: 'We could not find a sticker with that sign reference and prefix number.',
    stickerTaken: 'This sticker has already been registered.',
    stickerTakenDuringSignUp:
      'Someone registered this sticker a moment ago. If it is yours, please contact us.',
    userNameTaken: 'That username is already taken. Please choose another.',
    emailTaken: 'An account with that email address already exists. Please sign in instead.',
    invalidCredentials: 'Incorrect username or password.',
    loginOk: 'Login successful!',
    loggedOut: 'You have been signed out.',
    userFound: 'User found',
    confirmLinkInvalid: 'This confirmation link is invalid or has expired. You can ask for a new one.',
    confirmationNeeded: 'A valid confirmation link is needed to confirm this account.',
    confirmationSent: 'If that account is waiting for confirmation, a new link is on its way.',
    registered: 'Sign-up successful! We have sent you an email: click its link to confirm your account.',
    resetLinkInvalid: 'Invalid or expired reset link.',
    unauthorised: 'Please sign in again.',
    forbidden: 'You do not have permission to do that.',
    notFound: 'Not found',
    rateLimited: 'Too many attempts. Please wait a minute and try again.',
    /** The 429 message with the real wait, as Retry-After gives it in seconds. */
    rateLimitedFor: (seconds: number) => `Too many attempts. Please wait ${waitText(seconds)} and try again.`,
    /** Sign-in from a browser that has not signed in to this account, while it is being guessed at. */
    signInWait: (seconds: number) =>
      `There have been too many wrong passwords for this account. Please wait ${waitText(seconds)} and try again, or sign in from a browser you have signed in from before.`,
    /** A new password that is among the most common or breached ones (docs/decisions/0046). */
    passwordTooCommon:
      'This password is too common and easy to guess. Please choose another: three or four unrelated words make a strong one.',
    generic: 'Something went wrong on our side. Please try again.',
    stickerFound: 'Sticker found',
    stickerNotLinked: 'This sticker is not registered to one of your sites yet.',
    stickerOtherSite: 'This sticker is registered to another of your sites.',
    stickerMismatch: 'The sign reference or prefix number does not match this sticker.',
    alreadyConfirmed: 'This account is already confirmed. Please sign in.',
    userUpdated: 'Your details have been saved.',
    resetUserMismatch: 'That username does not belong to this reset link.',
    addressTermTooShort: 'Type at least 3 characters to look up an address.',
    addressNotFound: 'We could not find that address. Please enter it by hand.',
    addressUnavailable: 'The address look-up is not available just now. Please enter the address by hand.',
    adminLoopbackOnly: 'This call is only answered on the server itself.',
    adminTokenInvalid: 'The admin token is missing or wrong.',
  },
} as const;
