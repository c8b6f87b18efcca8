// What the sign-up dialog holds, without its checks: the dialog's frame (always loaded) keeps a
// draft of it, and must not bring zod to every page (docs/decisions/0030).

/** Everything the four steps ask for; prefixNo, termsChecked, confirmEmail and cpassword stay in the form. */
export interface SignUpValues {
  signRef: string;
  prefixNo: string;
  termsChecked: boolean;
  userName: string;
  password: string;
  cpassword: string;
  companyName: string;
  title: string;
  firstname: string;
  surname: string;
  email: string;
  confirmEmail: string;
  tel: string;
  address1: string;
  address2: string;
  address3: string;
  town: string;
  postcode: string;
  /** 'UK including Northern Ireland': County pick-list when on, Country when off. */
  inUk: boolean;
  county: string;
  siteName: string;
  keyInfo: string;
  /** How many days the recorder keeps footage, as typed; empty sends nothing (not stated). */
  retentionDays: string;
}

export type SignUpField = keyof SignUpValues;

export const emptySignUp: SignUpValues = {
  signRef: '',
  prefixNo: '',
  termsChecked: false,
  userName: '',
  password: '',
  cpassword: '',
  companyName: '',
  title: '',
  firstname: '',
  surname: '',
  email: '',
  confirmEmail: '',
  tel: '',
  address1: '',
  address2: '',
  address3: '',
  town: '',
  postcode: '',
  inUk: true,
  county: '',
  siteName: '',
  keyInfo: '',
  retentionDays: '',
};
