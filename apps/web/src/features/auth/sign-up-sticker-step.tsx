import { CheckboxField, TextField } from '../../components/form-fields';
import type { SignUpStepProps } from './sign-up-form';

/** Step 1: the sticker (sign reference and prefix number) and the terms. */
export function SignUpStickerStep({ values, set, idOf, errorOf }: SignUpStepProps) {
  return (
    <>
      <TextField
        announce
        id={idOf('signRef')}
        label="Sign Reference"
        hint="As printed on your sign, e.g. K7QM-3XWD-P9TE. Remember the hyphens."
        value={values.signRef}
        onChange={(value) => set('signRef', value)}
        autoComplete="off"
        autoCapitalize="characters"
        required
        error={errorOf('signRef')}
      />
      <TextField
        announce
        id={idOf('prefixNo')}
        label="Prefix Number"
        hint="The prefix number from your sticker pack."
        placeholder="AAA12345"
        value={values.prefixNo}
        onChange={(value) => set('prefixNo', value.toUpperCase())}
        autoComplete="off"
        autoCapitalize="characters"
        required
        error={errorOf('prefixNo')}
      />
      <CheckboxField
        announce
        id={idOf('termsChecked')}
        checked={values.termsChecked}
        onChange={(checked) => set('termsChecked', checked)}
        error={errorOf('termsChecked')}
        label={
          <>
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noopener noreferrer">
              terms and conditions (opens in a new tab)
            </a>
          </>
        }
      />
    </>
  );
}
