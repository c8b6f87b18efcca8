import { USERNAME_MAX } from '@app/contract/accounts';
import { PasswordField, TextField } from '../../components/form-fields';
import type { SignUpStepProps } from './sign-up-form';

/** Step 2: the user name and password of the new master user. */
export function SignUpAccountStep({ values, set, idOf, errorOf, leave }: SignUpStepProps) {
  return (
    <>
      <TextField
        announce
        id={idOf('userName')}
        label="Username"
        hint="4-20 characters."
        value={values.userName}
        onChange={(value) => set('userName', value)}
        onBlur={() => leave?.('userName')}
        autoComplete="username"
        autoCapitalize="none"
        maxLength={USERNAME_MAX}
        required
        error={errorOf('userName')}
      />
      <PasswordField
        announce
        id={idOf('password')}
        label="Password"
        hint="8-20 characters."
        value={values.password}
        onChange={(value) => set('password', value)}
        autoComplete="new-password"
        required
        error={errorOf('password')}
      />
      <PasswordField
        announce
        id={idOf('cpassword')}
        label="Confirm Password"
        value={values.cpassword}
        onChange={(value) => set('cpassword', value)}
        autoComplete="new-password"
        required
        error={errorOf('cpassword')}
      />
    </>
  );
}
