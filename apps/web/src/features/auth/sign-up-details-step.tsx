import { KEY_INFO_MAX, SIGN_UP_LIMITS, SITE_NAME_MAX } from '@app/contract/accounts';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, retentionMessages } from '@app/contract/retention';
import { useEffect, useState } from 'react';
import {
  type AddressField,
  AddressFields,
  type AddressValues,
} from '../../components/address/address-fields';
import { TextAreaField, TextField, type TextFieldProps } from '../../components/form-fields';
import formStyles from './form.module.css';
import { KEY_INFO_EXAMPLE, type SignUpStepProps } from './sign-up-form';

/** SPEC.md section 4: how long the Copy button's 'Copied!' shows. */
export const COPIED_MS = 2000;

function useCopied(): [boolean, () => void] {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);
  return [copiedAt !== null, () => setCopiedAt(Date.now())];
}

/** Step 3: the company and its contact, the address, and the first site. */
export function SignUpDetailsStep({ values, set, idOf, errorOf, leave }: SignUpStepProps) {
  const [copied, markCopied] = useCopied();

  const setAddress = (patch: Partial<AddressValues>) => {
    for (const field of Object.keys(patch) as AddressField[]) {
      const value = patch[field];
      if (value !== undefined) set(field, value);
    }
  };

  const copyExample = () => {
    set('keyInfo', KEY_INFO_EXAMPLE);
    markCopied();
    // The form is filled either way; the clipboard is a convenience the browser may refuse.
    navigator.clipboard?.writeText(KEY_INFO_EXAMPLE).catch(() => undefined);
  };

  const text = (
    field: 'companyName' | 'title' | 'firstname' | 'surname' | 'email' | 'confirmEmail' | 'tel',
    label: string,
    input: Pick<TextFieldProps, 'type' | 'autoComplete'> = {},
  ) => (
    <TextField
      announce
      {...input}
      id={idOf(field)}
      label={label}
      value={values[field]}
      onChange={(value) => set(field, value)}
      onBlur={() => leave?.(field)}
      required
      error={errorOf(field)}
      limit={field in SIGN_UP_LIMITS ? SIGN_UP_LIMITS[field as keyof typeof SIGN_UP_LIMITS] : undefined}
    />
  );

  return (
    <>
      <fieldset className={formStyles.section}>
        <legend className={formStyles.sectionTitle}>Your details</legend>
        {text('companyName', 'Company Name', { autoComplete: 'organization' })}
        <div className={formStyles.pair}>
          {text('title', 'Title', { autoComplete: 'honorific-prefix' })}
          {text('firstname', 'First Name', { autoComplete: 'given-name' })}
        </div>
        {text('surname', 'Surname', { autoComplete: 'family-name' })}
        <div className={formStyles.pair}>
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {text('confirmEmail', 'Confirm Email', { type: 'email', autoComplete: 'email' })}
        </div>
        {text('tel', 'Telephone', { type: 'tel', autoComplete: 'tel' })}
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.sectionTitle}>Address</legend>
        <AddressFields values={values} onChange={setAddress} idOf={idOf} errorOf={errorOf} required />
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.sectionTitle}>Your first site</legend>
        <p className={formStyles.readout}>
          Sign reference: <strong>{values.signRef.trim()}</strong>
        </p>
        <TextField
          announce
          id={idOf('siteName')}
          label="Site Name"
          hint="The name of the place the cameras watch, e.g. the shop, office or car park."
          value={values.siteName}
          onChange={(value) => set('siteName', value)}
          limit={SITE_NAME_MAX}
          required
          error={errorOf('siteName')}
        />
        <p className={formStyles.readout}>
          People who look up your sign read the key information about your scheme: why the cameras are there,
          how often recordings are reviewed, how long they are kept and who may see them. For example:
        </p>
        <p className={formStyles.example}>{KEY_INFO_EXAMPLE}</p>
        <div className={formStyles.exampleRow}>
          <button type="button" className={formStyles.secondary} onClick={copyExample}>
            Copy
          </button>
          <span className={formStyles.copied} role="status">
            {copied ? 'Copied!' : ''}
          </span>
        </div>
        <TextAreaField
          announce
          id={idOf('keyInfo')}
          label="Key Information"
          value={values.keyInfo}
          onChange={(value) => set('keyInfo', value)}
          limit={KEY_INFO_MAX}
          required
          error={errorOf('keyInfo')}
        />
        <TextField
          announce
          id={idOf('retentionDays')}
          label={retentionMessages.question}
          hint={`${retentionMessages.hint} If you leave it empty, we will ask you for it when you sign in.`}
          type="number"
          inputMode="numeric"
          min={RETENTION_DAYS_MIN}
          max={RETENTION_DAYS_MAX}
          value={values.retentionDays}
          onChange={(value) => set('retentionDays', value)}
          error={errorOf('retentionDays')}
        />
      </fieldset>
    </>
  );
}
