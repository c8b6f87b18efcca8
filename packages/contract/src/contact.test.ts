import { describe, expect, it } from 'vitest';
import {
  contactDataSchema,
  contactFieldsShown,
  contactMessages,
  detectUploadKind,
  partnershipDataSchema,
} from './contact';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('detectUploadKind', () => {
  it('knows PDF and JPEG by their first bytes only', () => {
    expect(detectUploadKind(new TextEncoder().encode('%PDF-1.4\n'))).toBe('pdf');
    expect(detectUploadKind(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('jpeg');
    expect(detectUploadKind(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]))).toBeUndefined(); // a Windows program
    expect(detectUploadKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined(); // PNG
    expect(detectUploadKind(new TextEncoder().encode('%PDF'))).toBeUndefined();
    expect(detectUploadKind(new Uint8Array(0))).toBeUndefined();
  });
});

describe('contactDataSchema', () => {
  const rules = {
    firstName: 'required',
    email: 'required',
    confirmEmail: 'required',
    enduserTrade: 'required',
    forAttentionOf: 'optional',
    message: 'required',
    file: 'optional',
  } as const;

  it('lists every problem against its field, in form order', () => {
    expect(messagesOf(contactDataSchema(rules).safeParse({ forAttentionOf: 'Boss', email: 'x' }))).toEqual([
      ['firstName', contactMessages.requiredField('First Name')],
      ['enduserTrade', contactMessages.requiredField('End user or trade')],
      [
        'forAttentionOf',
        contactMessages.chooseOne('For the attention of', [
          'Sales',
          'Support',
          'Accounts',
          'Director',
          'Buyer',
        ]),
      ],
      ['email', contactMessages.invalidEmail],
      ['confirmEmail', contactMessages.requiredField('Confirm Email')],
      ['message', contactMessages.requiredField('Message')],
    ]);
  });

  it('fills optional fields with empty text and compares e-mails without case', () => {
    const parsed = contactDataSchema(rules).parse({
      firstName: ' Ada ',
      email: 'ada@example.com',
      confirmEmail: 'ADA@example.com',
      enduserTrade: 'Enduser',
      message: 'Hello',
    });
    expect(parsed).toEqual({
      firstName: 'Ada',
      enduserTrade: 'Enduser',
      forAttentionOf: '',
      email: 'ada@example.com',
      confirmEmail: 'ADA@example.com',
      message: 'Hello',
    });
  });

  it('refuses fields the brand does not have, and `file` as a data field', () => {
    const result = contactDataSchema({ name: 'required' }).safeParse({
      name: 'A',
      subject: 'x',
      file: 'a.pdf',
    });
    expect(messagesOf(result)).toEqual([['', contactMessages.unknownFields(['subject', 'file'])]]);
  });

  it('says when the two e-mails differ', () => {
    const result = contactDataSchema(rules).safeParse({
      firstName: 'A',
      email: 'a@example.com',
      confirmEmail: 'b@example.com',
      enduserTrade: 'Trade',
      message: 'x',
    });
    expect(messagesOf(result)).toEqual([['confirmEmail', 'Email addresses do not match!']]);
  });

  it('shows fields in the spec order, whatever order the brand lists them', () => {
    expect(
      contactFieldsShown({ message: 'required', file: 'optional', email: 'required', name: 'optional' }),
    ).toEqual(['email', 'message', 'file', 'name']);
  });
});

describe('partnershipDataSchema', () => {
  it('needs the company, the contact, the kind of partner and a message', () => {
    expect(messagesOf(partnershipDataSchema.safeParse({})).map(([field]) => field)).toEqual([
      'companyName',
      'name',
      'email',
      'confirmEmail',
      'partnerType',
      'message',
    ]);
  });
});
