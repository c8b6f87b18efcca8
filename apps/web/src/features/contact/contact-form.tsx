import type { BrandConfig } from '@app/brands';
import {
  type ContactFieldName,
  contactDataSchema,
  contactFieldLabels,
  contactFieldsShown,
  enduserTradeOptions,
  forAttentionOfOptions,
} from '@app/contract/contact';
import { useMemo } from 'react';
import type { FieldSpec } from '../../components/form-fields';
import { contactUsPath } from './api/send-form';
import { MultipartForm } from './multipart-form';

type DataField = Exclude<ContactFieldName, 'file'>;

const looks: Record<
  DataField,
  Pick<FieldSpec, 'kind' | 'autoComplete' | 'wide' | 'maxLength' | 'options'>
> = {
  firstName: { kind: 'text', autoComplete: 'given-name', maxLength: 100 },
  lastName: { kind: 'text', autoComplete: 'family-name', maxLength: 100 },
  enduserTrade: {
    kind: 'radio',
    options: enduserTradeOptions.map((value) => ({ value, label: value === 'Enduser' ? 'End user' : value })),
  },
  company: { kind: 'text', autoComplete: 'organization', maxLength: 200 },
  forAttentionOf: {
    kind: 'select',
    options: forAttentionOfOptions.map((value) => ({ value, label: value })),
  },
  landlinePhone: { kind: 'tel', autoComplete: 'tel', maxLength: 40 },
  mobilePhone: { kind: 'tel', autoComplete: 'tel', maxLength: 40 },
  email: { kind: 'email', autoComplete: 'email', maxLength: 254 },
  confirmEmail: { kind: 'email', autoComplete: 'email', maxLength: 254 },
  address1: { kind: 'text', autoComplete: 'address-line1', maxLength: 200 },
  address2: { kind: 'text', autoComplete: 'address-line2', maxLength: 200 },
  address3: { kind: 'text', autoComplete: 'address-line3', maxLength: 200 },
  town: { kind: 'text', autoComplete: 'address-level2', maxLength: 100 },
  postCode: { kind: 'text', autoComplete: 'postal-code', maxLength: 20 },
  country: { kind: 'text', autoComplete: 'country-name', maxLength: 100 },
  message: { kind: 'textarea', maxLength: 5000 },
  serial_no: { kind: 'text', maxLength: 100 },
  companyName: { kind: 'text', autoComplete: 'organization', maxLength: 200 },
  name: { kind: 'text', autoComplete: 'name', maxLength: 200 },
  subject: { kind: 'text', wide: true, maxLength: 200 },
};

const hints: Partial<Record<DataField, string>> = {
  confirmEmail: 'Type your email address again, so we can be sure to reach you.',
  serial_no: 'On the label under the unit, if your message is about one.',
};

/** The order fields are shown in: who is writing, how to reach them, then what it is about. */
const displayOrder: readonly DataField[] = [
  'firstName',
  'lastName',
  'name',
  'companyName',
  'company',
  'enduserTrade',
  'email',
  'confirmEmail',
  'landlinePhone',
  'mobilePhone',
  'address1',
  'address2',
  'address3',
  'town',
  'postCode',
  'country',
  'forAttentionOf',
  'serial_no',
  'subject',
  'message',
];

/** The fields of a brand's form, each shown and required as `contactUsDetails.fields` says. */
export function contactFieldSpecs(rules: BrandConfig['contactUsDetails']['fields']): FieldSpec[] {
  const shown = new Set(contactFieldsShown(rules));
  return displayOrder
    .filter((name) => shown.has(name))
    .map((name) => ({
      name,
      label: contactFieldLabels[name],
      required: rules[name] === 'required',
      ...looks[name],
    }));
}

/**
 * The contact-us form of any brand: one component, driven by the brand's field rules. `subject`
 * fills in the Subject field, when the brand's form has one.
 */
export function ContactForm({ brand, subject }: { brand: BrandConfig; subject?: string }) {
  const rules = brand.contactUsDetails.fields;
  const fields = useMemo(() => contactFieldSpecs(rules), [rules]);
  const schema = useMemo(() => contactDataSchema(rules), [rules]);
  return (
    <MultipartForm
      id="contact"
      label={brand.contactUsDetails.title}
      fields={fields}
      schema={schema}
      file={rules.file ? { label: contactFieldLabels.file, required: rules.file === 'required' } : null}
      endpoint={contactUsPath}
      submitLabel="Send message"
      sentTitle="Message sent"
      hints={hints}
      {...(subject && rules.subject
        ? { initial: { subject: subject.slice(0, looks.subject.maxLength) } }
        : {})}
    />
  );
}
