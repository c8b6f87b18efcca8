import {
  emailSchema,
  newPasswordSchema,
  type SignUpBody,
  signUpBody,
  stickerCheckBody,
  stripParenthesised,
  userNameSchema,
} from '@app/contract/accounts';
import { messages } from '@app/contract/messages';
import { emptySignUp, type SignUpField, type SignUpValues } from './sign-up-values';

export interface SignUpProblem {
  field: SignUpField;
  message: string;
}

const problem = (field: SignUpField, message: string): SignUpProblem => ({ field, message });

const FIELDS = new Set<string>(Object.keys(emptySignUp));

/** The first issue of a contract schema, on the form field it names (or the given one). */
function firstIssue(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fallback: SignUpField,
): SignUpProblem | null {
  const issue = issues[0];
  if (!issue) return null;
  const named = String(issue.path[0] ?? '');
  return problem(FIELDS.has(named) ? (named as SignUpField) : fallback, issue.message);
}

/** Step 1 (SPEC.md section 5): sign reference, prefix number, terms; then the contract's own limits. */
export function checkStickerStep(v: SignUpValues): SignUpProblem | null {
  if (!v.signRef.trim()) return problem('signRef', messages.signUp.signRefRequired);
  if (!v.prefixNo.trim()) return problem('prefixNo', messages.signUp.prefixNoRequired);
  if (!v.termsChecked) return problem('termsChecked', messages.signUp.termsRequired);
  const parsed = stickerCheckBody.safeParse({ signRef: v.signRef, prefixNo: v.prefixNo });
  return parsed.success ? null : firstIssue(parsed.error.issues, 'signRef');
}

/**
 * Step 2: username of at least 4 characters, a password, matching confirmation. The server holds
 * passwords to the contract's 8-character minimum, so that is checked here too, in its words,
 * rather than after the user has filled in step 3.
 */
export function checkAccountStep(v: SignUpValues): SignUpProblem | null {
  const userName = userNameSchema.safeParse(v.userName);
  if (!userName.success) return firstIssue(userName.error.issues, 'userName');
  if (!v.password) return problem('password', messages.signUp.passwordRequired);
  const password = newPasswordSchema.safeParse(v.password);
  if (!password.success) return firstIssue(password.error.issues, 'password');
  if (v.password !== v.cpassword) return problem('cpassword', messages.signUp.passwordsDoNotMatch);
  return null;
}

/** Step 3's required fields, in the order SPEC.md section 5 checks them, with the labels it names. */
const DETAILS_REQUIRED: readonly [SignUpField, string][] = [
  ['companyName', 'Company Name'],
  ['title', 'Title'],
  ['firstname', 'First Name'],
  ['surname', 'Surname'],
  ['email', 'Email'],
  ['confirmEmail', 'Confirm Email'],
  ['tel', 'Telephone'],
  ['address1', 'Address 1'],
  ['town', 'Town'],
  ['postcode', 'Postcode'],
];

/** Also required on the final submit (SPEC.md section 5), then the key information. */
const SUBMIT_REQUIRED: readonly [SignUpField, string][] = [
  ['userName', 'User Name'],
  ['county', 'county'],
  ['password', 'password'],
  ['siteName', 'Site Name'],
  ['signRef', 'signRef'],
  ['keyInfo', 'Key Information'],
];

function firstMissing(v: SignUpValues, fields: readonly [SignUpField, string][]): SignUpProblem | null {
  for (const [field, label] of fields) {
    const value = v[field];
    if (typeof value === 'string' && !value.trim())
      return problem(field, messages.signUp.requiredField(label));
  }
  return null;
}

export function checkDetailsStep(v: SignUpValues): SignUpProblem | null {
  const missing = firstMissing(v, DETAILS_REQUIRED);
  if (missing) return missing;
  if (v.email.trim().toLowerCase() !== v.confirmEmail.trim().toLowerCase()) {
    return problem('confirmEmail', messages.signUp.emailsDoNotMatch);
  }
  const email = emailSchema.safeParse(v.email);
  return email.success ? null : firstIssue(email.error.issues, 'email');
}

/**
 * The registration payload: the spec's fields, plus prefixNo (docs/decisions/0002) and, when the
 * operator gave it, how many days the recorder keeps footage (left out, the spec's payload exactly).
 */
export function toSignUpBody(v: SignUpValues): SignUpBody {
  const retentionDays = v.retentionDays.trim();
  return {
    companyName: v.companyName.trim(),
    title: v.title.trim(),
    firstname: v.firstname.trim(),
    surname: v.surname.trim(),
    address1: v.address1.trim(),
    address2: v.address2.trim(),
    address3: v.address3.trim(),
    town: v.town.trim(),
    postcode: v.postcode.trim(),
    // 'Kent (England)' is sent as 'Kent' (SPEC.md section 5).
    county: stripParenthesised(v.county),
    email: v.email.trim(),
    tel: v.tel.trim(),
    userName: v.userName.trim(),
    password: v.password,
    siteName: v.siteName.trim(),
    keyInfo: v.keyInfo.trim(),
    signRef: v.signRef.trim(),
    prefixNo: v.prefixNo.trim(),
    masterUser: 1,
    ...(retentionDays ? { retentionDays: Number(retentionDays) } : {}),
  };
}

/** Submit on step 3: step 3's checks, the final required fields, then the contract's limits. */
export function checkSubmit(v: SignUpValues): SignUpProblem | null {
  const found = checkDetailsStep(v) ?? firstMissing(v, SUBMIT_REQUIRED);
  if (found) return found;
  const parsed = signUpBody.safeParse(toSignUpBody(v));
  return parsed.success ? null : firstIssue(parsed.error.issues, 'keyInfo');
}

/** The step on which each field is asked for, so a problem can be shown beside its field. */
export const STEP_OF: Record<SignUpField, 1 | 2 | 3> = {
  signRef: 1,
  prefixNo: 1,
  termsChecked: 1,
  userName: 2,
  password: 2,
  cpassword: 2,
  companyName: 3,
  title: 3,
  firstname: 3,
  surname: 3,
  email: 3,
  confirmEmail: 3,
  tel: 3,
  address1: 3,
  address2: 3,
  address3: 3,
  town: 3,
  postcode: 3,
  inUk: 3,
  county: 3,
  siteName: 3,
  keyInfo: 3,
  retentionDays: 3,
};

/** SPEC.md section 2: the example of key information the Copy button puts in the form. */
export const KEY_INFO_EXAMPLE =
  'This CCTV scheme is operated for the prevention and detection of crime and for the safety of ' +
  'staff and visitors. Recordings are reviewed weekly and are overwritten every 30 days. Where an ' +
  'incident is recorded, images may be handed to the Police as evidence.';

/** What each step's fields need from the panel. */
export interface SignUpStepProps {
  values: SignUpValues;
  set: <K extends SignUpField>(field: K, value: SignUpValues[K]) => void;
  /** The id of a field's input, for its label and for moving focus to it. */
  idOf: (field: SignUpField) => string;
  /** The error shown at a field, if the current message is about it. */
  errorOf: (field: SignUpField) => string | undefined;
  /** The person left a field (the user name and e-mail address are then checked for use). */
  leave?: (field: SignUpField) => void;
}
