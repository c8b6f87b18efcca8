import {
  type PartnershipFieldName,
  partnershipDataSchema,
  partnershipFieldLabels,
  partnerTypeOptions,
} from '@app/contract/contact';
import type { FieldSpec } from '../../components/form-fields';
import { partnershipPath } from './api/send-form';
import { MultipartForm } from './multipart-form';

const spec = (
  name: PartnershipFieldName,
  required: boolean,
  look: Omit<FieldSpec, 'name' | 'label' | 'required'>,
): FieldSpec => ({ name, label: partnershipFieldLabels[name], required, ...look });

const fields: FieldSpec[] = [
  spec('companyName', true, { kind: 'text', autoComplete: 'organization', maxLength: 200 }),
  spec('name', true, { kind: 'text', autoComplete: 'name', maxLength: 200 }),
  spec('email', true, { kind: 'email', autoComplete: 'email', maxLength: 254 }),
  spec('confirmEmail', true, { kind: 'email', autoComplete: 'email', maxLength: 254 }),
  spec('phone', false, { kind: 'tel', autoComplete: 'tel', maxLength: 40 }),
  spec('website', false, { kind: 'url', autoComplete: 'url', maxLength: 200 }),
  spec('partnerType', true, {
    kind: 'select',
    options: partnerTypeOptions.map((value) => ({ value, label: value })),
  }),
  spec('message', true, { kind: 'textarea', maxLength: 5000 }),
];

const hints = {
  confirmEmail: 'Type your email address again, so we can be sure to reach you.',
  message:
    'What your business does, roughly how many signs or sites you handle a year, and the areas you cover.',
};

/**
 * The partnership programme's application: company, contact, kind of partner, message, optional
 * attachment. It follows the page's own "Apply" section, so it has no heading of its own.
 */
export function PartnershipForm() {
  return (
    <MultipartForm
      id="partnership"
      label="Partnership application"
      fields={fields}
      schema={partnershipDataSchema}
      file={{ label: 'Attachment, such as a brochure or price list', required: false }}
      endpoint={partnershipPath}
      submitLabel="Send application"
      sentTitle="Application sent"
      hints={hints}
    />
  );
}
