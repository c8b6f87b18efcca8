import { describe, expect, it } from 'vitest';
import { addressIdParams, signUpBody, stickerCheckBody } from './accounts';
import { contactDataSchema, partnershipDataSchema } from './contact';
import { requestIntakeBody } from './requests';
import { isSingleLine } from './single-line';
import { accountDetailsBody, companyBody, publicationSettings, siteBody } from './workspace';

const forged = 'Northern Watch\r\nBcc: everyone@example.net';

/** The messages of a failed parse, by field. */
function problems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);
}

describe('single-line fields', () => {
  it('knows a line break, a tab, an escape, a C1 code and the Unicode separators', () => {
    expect(isSingleLine('Flat 2, 40 Quayside Walk — Newcastle')).toBe(true);
    for (const bad of ['a\nb', 'a\rb', 'a\tb', 'a\u001bb', 'a\u0085b', 'a\u007fb', 'a\u2028b', 'a\u2029b']) {
      expect(isSingleLine(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('sign-up refuses a line break in a name or an address line, and keeps them in key information', () => {
    const valid = {
      companyName: 'Northern Watch Ltd',
      title: 'Ms',
      firstname: 'Ada',
      surname: 'Lovelace',
      address1: '1 Lantern Row',
      town: 'Leeds',
      postcode: 'LS1 9ZQ',
      county: 'West Yorkshire',
      email: 'ada@example.com',
      tel: '0113 496 0001',
      userName: 'adalove',
      password: 'correct horse battery',
      siteName: 'Yard gate',
      keyInfo: 'Recordings are kept 30 days.\nAsk at reception.',
      signRef: 'K7QM-3XWD-P9TE',
      prefixNo: 'KQT40817',
      masterUser: 1 as const,
    };
    expect(signUpBody.safeParse(valid).success).toBe(true);
    const result = signUpBody.safeParse({
      ...valid,
      companyName: forged,
      siteName: 'Gate\nTwo',
      address2: 'Unit 4\r\n',
      town: 'Le\teds',
    });
    expect(problems(result)).toEqual({
      companyName: 'Company Name must be on one line, without line breaks or control characters.',
      siteName: 'Site Name must be on one line, without line breaks or control characters.',
      town: 'Town must be on one line, without line breaks or control characters.',
    });
    // A break at either end is trimmed away, as spaces are.
    expect(signUpBody.safeParse({ ...valid, address2: 'Unit 4\r\n' }).success).toBe(true);
    expect(stickerCheckBody.safeParse({ signRef: 'K7QM\n3XWD', prefixNo: 'KQT40817' }).success).toBe(false);
  });

  it('the workspace forms: site, company, account and published contact', () => {
    const site = { name: forged, keyInfo: 'Line one\nLine two', retentionDays: 30 };
    expect(problems(siteBody.safeParse(site))).toEqual({
      name: 'Site Name must be on one line, without line breaks or control characters.',
    });
    expect(problems(companyBody.safeParse({ name: forged }))).toMatchObject({
      name: 'Company Name must be on one line, without line breaks or control characters.',
    });
    expect(
      problems(accountDetailsBody.safeParse({ firstname: 'Ada\nBcc', surname: 'L', email: 'a@example.com' })),
    ).toEqual({ firstname: 'First Name must be on one line, without line breaks or control characters.' });
    const contact = {
      showPhone: true,
      showEmail: false,
      showAddress: true,
      showRelay: true,
      phone: '0113 496 0000',
      address: '1 Lantern Row\nLeeds',
      contactText: 'Call us.\nOr write.',
    };
    expect(publicationSettings.safeParse(contact).success).toBe(true);
    expect(problems(publicationSettings.safeParse({ ...contact, phone: '0113\n496' }))).toEqual({
      phone: 'Phone must be on one line, without line breaks or control characters.',
    });
  });

  it('a visitor’s name in the relay and the contact forms is one line; their message may have many', () => {
    const question = {
      name: forged,
      email: 'jo@example.net',
      kind: 'question',
      message: 'Hello,\nare you there?',
    };
    expect(problems(requestIntakeBody.safeParse(question))).toEqual({
      name: 'Your name must be on one line, without line breaks or control characters.',
    });
    expect(requestIntakeBody.safeParse({ ...question, name: 'Jo' }).success).toBe(true);

    const contact = contactDataSchema({ firstName: 'required', company: 'optional', message: 'required' });
    expect(problems(contact.safeParse({ firstName: 'Jo', company: forged, message: 'Two\nlines' }))).toEqual({
      company: expect.stringMatching(/must be on one line/),
    });
    const partnership = partnershipDataSchema.safeParse({
      companyName: 'Acme',
      name: 'Jo\r\nBcc: x@example.net',
      email: 'jo@example.net',
      confirmEmail: 'jo@example.net',
      partnerType: 'Other',
      message: 'We print signs.\nMany of them.',
    });
    expect(problems(partnership)).toEqual({
      name: 'Contact Name must be on one line, without line breaks or control characters.',
    });
  });

  it('an address id is a provider id: no dots, so never a path segment like ..', () => {
    for (const id of [
      'demo-01',
      'abc-1',
      'OWUxOTEwNjg1ZDhjYzVjIDI2MTA5NjIyIDMzZjhmN2Y5MjQzZTQwMw==',
      'a+b/c',
    ]) {
      expect(addressIdParams.safeParse({ id }).success, id).toBe(true);
    }
    for (const id of ['..', '.', '../get', 'a.b', '', 'a b', 'a?x=1', 'a%2e', 'x'.repeat(201)]) {
      expect(addressIdParams.safeParse({ id }).success, id).toBe(false);
    }
  });
});
