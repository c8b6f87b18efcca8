/** Every field a contact-us form can carry (SPEC.md section 3, "Contact form fields"). */
export const contactFieldNames = [
  'firstName',
  'lastName',
  'enduserTrade',
  'company',
  'forAttentionOf',
  'landlinePhone',
  'mobilePhone',
  'email',
  'confirmEmail',
  'address1',
  'address2',
  'address3',
  'town',
  'postCode',
  'country',
  'message',
  'serial_no',
  'file',
  'companyName',
  'name',
  'subject',
] as const;

export type ContactFieldName = (typeof contactFieldNames)[number];

export const forAttentionOfOptions = ['Sales', 'Support', 'Accounts', 'Director', 'Buyer'] as const;
export const enduserTradeOptions = ['Enduser', 'Trade'] as const;
