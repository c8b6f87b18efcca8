import { describe, expect, it } from 'vitest';
import {
  type ContactFieldName,
  contactDataSchema,
  contactReply,
  partnershipDataSchema,
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  uploadContentType,
} from './contact';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

// Every field a brand's contact form can show, each required: submitted empty, each is named in
// its own message, in the words its label shows on screen.
describe('a contact form submitted empty', () => {
  it('names every required field by its label', () => {
    const all: ContactFieldName[] = [
      'firstName',
      'lastName',
      'company',
      'landlinePhone',
      'mobilePhone',
      'email',
      'address1',
      'address2',
      'address3',
      'town',
      'postCode',
      'country',
      'serial_no',
      'companyName',
      'name',
      'subject',
    ];
    const rules = Object.fromEntries(all.map((name) => [name, 'required'])) as Record<
      ContactFieldName,
      'required'
    >;
    expect(messagesOf(contactDataSchema(rules).safeParse({})).map(([, message]) => message)).toEqual(
      [
        'First Name',
        'Last Name',
        'Company',
        'Landline',
        'Mobile',
        'Email',
        'Address 1',
        'Address 2',
        'Address 3',
        'Town/City',
        'Post Code',
        'Country',
        'Serial number',
        'Company Name',
        'Name',
        'Subject',
      ].map((label) => `Please fill out the required field: ${label}`),
    );
  });

  it('says a field sent as a number must be text, and an empty optional e-mail is accepted', () => {
    const rules = { firstName: 'required', email: 'optional', message: 'required' } as const;
    expect(messagesOf(contactDataSchema(rules).safeParse({ firstName: 42, message: 'Hi' }))).toEqual([
      ['firstName', 'First Name must be text.'],
    ]);
    expect(contactDataSchema(rules).parse({ firstName: 'Ada', email: '', message: 'Hi' }).email).toBe('');
    expect(
      messagesOf(contactDataSchema(rules).safeParse({ firstName: 'Ada', email: 'ada@', message: 'Hi' })),
    ).toEqual([['email', 'Please enter a valid email address.']]);
  });
});

describe('the partnership form submitted empty', () => {
  it('names each of its fields by its own label', () => {
    expect(messagesOf(partnershipDataSchema.safeParse({})).map(([, message]) => message)).toEqual(
      [
        'Company Name',
        'Contact Name',
        'Email',
        'Confirm Email',
        'Type of partner',
        'About your business',
      ].map((label) => `Please fill out the required field: ${label}`),
    );
    expect(
      messagesOf(partnershipDataSchema.safeParse({ phone: 7, website: 8 })).filter(([field]) =>
        ['phone', 'website'].includes(field ?? ''),
      ),
    ).toEqual([
      ['phone', 'Telephone must be text.'],
      ['website', 'Website must be text.'],
    ]);
  });
});

describe('attachments', () => {
  it('take up to 10 MB each, as PDF or JPEG, stored under their own content type', () => {
    expect(UPLOAD_MAX_BYTES).toBe(10_485_760);
    expect(UPLOAD_ACCEPT).toBe('.pdf,.jpg,.jpeg,application/pdf,image/jpeg');
    expect(uploadContentType).toEqual({ pdf: 'application/pdf', jpeg: 'image/jpeg' });
  });
});

describe('what a form answers when it is sent', () => {
  it('is a message and a reference, and nothing without both', () => {
    expect(contactReply.parse({ message: 'Sent', reference: 'C-1' })).toEqual({
      message: 'Sent',
      reference: 'C-1',
    });
    expect(contactReply.safeParse({ message: 'Sent' }).success).toBe(false);
  });
});
