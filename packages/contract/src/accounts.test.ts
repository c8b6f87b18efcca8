import { describe, expect, it } from 'vitest';
import {
  addressAutocompleteReply,
  addressDetail,
  addressIdParams,
  addressTermParams,
  confirmQuery,
  emailSchema,
  forgotPasswordBody,
  idParams,
  issueStickersBody,
  issueStickersReply,
  linkedSticker,
  loginBody,
  loginReply,
  messageReply,
  newPasswordSchema,
  prefixNoSchema,
  resendConfirmationBody,
  resetPasswordBody,
  retentionDaysSchema,
  signRefKey,
  signRefSchema,
  signUpBody,
  signUpReply,
  stickerCheckBody,
  stickerCheckReply,
  stickerLinkBody,
  userLookupBody,
  userLookupReply,
  userNameSchema,
  userReply,
  userUpdateBody,
  userUpdateReply,
} from './accounts';

// The account, sign-up, sticker and address bodies as the API reads them, and the replies as the
// web reads them: what is accepted (trimmed, upper- or lower-cased) and what is refused, with the
// words the form shows. Limits are written out here as numbers, not read from the constants.

type Schema = {
  safeParse: (input: unknown) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
};
const problems = (schema: Schema, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
const refused = (schema: Schema, input: unknown) => !schema.safeParse(input).success;
const a = (n: number) => 'a'.repeat(n);

describe('the sign reference and prefix number printed on a sticker', () => {
  it('are read trimmed and in capitals', () => {
    expect(signRefSchema.parse('  ab-12 ')).toBe('AB-12');
    expect(prefixNoSchema.parse(' aaa12345 ')).toBe('AAA12345');
    expect(stickerCheckBody.parse({ signRef: 'ab-1', prefixNo: 'x1' })).toEqual({
      signRef: 'AB-1',
      prefixNo: 'X1',
    });
  });

  it('are refused empty, too long (40 and 20 characters) or over two lines, with the words the form shows', () => {
    expect(problems(signRefSchema, '  ')).toEqual([': Please Enter Sign Reference']);
    expect(problems(prefixNoSchema, '')).toEqual([': Please Enter Prefix No']);
    expect(signRefSchema.parse(a(40))).toHaveLength(40);
    expect(problems(signRefSchema, a(41))).toEqual([': A sign reference is at most 40 characters.']);
    expect(prefixNoSchema.parse(a(20))).toHaveLength(20);
    expect(problems(prefixNoSchema, a(21))).toEqual([': A prefix number is at most 20 characters.']);
    expect(problems(signRefSchema, 'AB\n12')).toEqual([
      ': A sign reference must be on one line, without line breaks or control characters.',
    ]);
    expect(problems(prefixNoSchema, 'AA\t1')).toEqual([
      ': A prefix number must be on one line, without line breaks or control characters.',
    ]);
    expect(refused(stickerCheckBody, { signRef: 'AB', prefixNo: 'X', extra: 1 })).toBe(true);
  });

  it('a sign reference is looked up forgiving hyphens, spaces and case', () => {
    expect(signRefKey('ab-12 cd')).toBe('AB12CD');
    expect(signRefKey('AB_12.é')).toBe('AB12');
  });
});

describe('user names, passwords and e-mail addresses', () => {
  it('a username is 4 to 20 letters, digits and . _ @ -', () => {
    expect(userNameSchema.parse(' ann.b_c@d-e ')).toBe('ann.b_c@d-e');
    expect(userNameSchema.parse(a(4))).toBe('aaaa');
    expect(userNameSchema.parse(a(20))).toHaveLength(20);
    expect(problems(userNameSchema, 'abc')).toEqual([': Username must be at least 4 characters long.']);
    expect(problems(userNameSchema, a(21))).toEqual([': Username must be at most 20 characters long.']);
    for (const bad of ['ann smith', 'ann!', 'ann#x']) {
      expect(problems(userNameSchema, bad)).toEqual([': Username may use letters, digits and . _ @ - only.']);
    }
  });

  it('a new password is 8 to 128 characters, spaces kept', () => {
    expect(newPasswordSchema.parse(' 1234567')).toBe(' 1234567');
    expect(problems(newPasswordSchema, '1234567')).toEqual([
      ': Password must be at least 8 characters long.',
    ]);
    expect(newPasswordSchema.parse(a(128))).toHaveLength(128);
    expect(problems(newPasswordSchema, a(129))).toEqual([': Password must be at most 128 characters long.']);
  });

  it('an e-mail address is trimmed, lower-cased and at most 254 characters', () => {
    expect(emailSchema.parse(' Ann@Example.COM ')).toBe('ann@example.com');
    expect(problems(emailSchema, 'ann')).toEqual([': Please enter a valid email address.']);
    const email = (n: number) => `${a(n - 12)}@example.com`;
    expect(refused(emailSchema, email(254))).toBe(false);
    expect(problems(emailSchema, email(255))).toEqual([': An email address is at most 254 characters.']);
    expect(forgotPasswordBody.parse({ email: 'A@B.CO' })).toEqual({ email: 'a@b.co' });
  });
});

describe('how long the recorder keeps footage', () => {
  it('is a whole number of days from 1 to 3,650, each refusal in its own words', () => {
    expect(retentionDaysSchema.parse(1)).toBe(1);
    expect(retentionDaysSchema.parse(3650)).toBe(3650);
    expect(problems(retentionDaysSchema, 0)).toEqual([': Recordings are kept for at least 1 day.']);
    expect(problems(retentionDaysSchema, 3651)).toEqual([': Recordings are kept for at most 3650 days.']);
    expect(problems(retentionDaysSchema, 1.5)).toEqual([': Recordings kept: whole days only.']);
    expect(problems(retentionDaysSchema, '14')).toEqual([': Recordings kept: whole days only.']);
    expect(problems(retentionDaysSchema, undefined)).toEqual([
      ': Enter how many days your recorder keeps footage.',
    ]);
    expect(problems(retentionDaysSchema, null)).toEqual([
      ': Enter how many days your recorder keeps footage.',
    ]);
  });
});

describe('sign-up', () => {
  const body = {
    companyName: ' Acme Ltd ',
    title: 'Mr',
    firstname: 'Bob',
    surname: 'Jones',
    address1: '1 High Street',
    town: 'Leeds',
    postcode: 'ls1 1aa',
    county: 'West Yorkshire (England)',
    email: 'Bob@Acme.co.uk',
    tel: '0113 000 0000',
    userName: 'bobjones',
    password: 'correct horse',
    siteName: 'Car park',
    keyInfo: 'Cameras at the gate\nand the door',
    signRef: 'ab-1',
    prefixNo: 'aaa1',
    masterUser: 1,
  };

  it('is accepted trimmed, the county without its bracket, the postcode written the UK way', () => {
    expect(signUpBody.parse({ ...body, retentionDays: 30 })).toEqual({
      ...body,
      companyName: 'Acme Ltd',
      address2: '',
      address3: '',
      postcode: 'LS1 1AA',
      county: 'West Yorkshire',
      email: 'bob@acme.co.uk',
      signRef: 'AB-1',
      prefixNo: 'AAA1',
      retentionDays: 30,
    });
  });

  it('a county typed with a bracket and no spaces around it loses the bracket and keeps the words either side apart', () => {
    expect(signUpBody.parse({ ...body, county: 'West Yorkshire(England)' }).county).toBe('West Yorkshire');
    expect(signUpBody.parse({ ...body, county: 'Bristol(City of)Avon' }).county).toBe('Bristol Avon');
  });

  it('names each missing field as the form labels it', () => {
    const empty = Object.fromEntries(
      [
        'companyName',
        'title',
        'firstname',
        'surname',
        'address1',
        'town',
        'postcode',
        'county',
        'tel',
        'siteName',
        'keyInfo',
      ].map((key) => [key, ' ']),
    );
    expect(problems(signUpBody, { ...body, ...empty })).toEqual([
      'companyName: Please fill out the required field: Company Name',
      'title: Please fill out the required field: Title',
      'firstname: Please fill out the required field: First Name',
      'surname: Please fill out the required field: Surname',
      'address1: Please fill out the required field: Address 1',
      'town: Please fill out the required field: Town',
      'postcode: Please fill out the required field: Postcode',
      'county: Please fill out the required field: county',
      'tel: Please fill out the required field: Telephone',
      'siteName: Please fill out the required field: Site Name',
      'keyInfo: Please fill out the required field: Key Information',
    ]);
  });

  it('keeps each field within its length, saying the limit', () => {
    const limits = {
      companyName: ['Company Name', 120],
      title: ['Title', 20],
      firstname: ['First Name', 60],
      surname: ['Surname', 60],
      address1: ['Address 1', 120],
      address2: ['Address 2', 120],
      address3: ['Address 3', 120],
      town: ['Town', 80],
      postcode: ['Postcode', 16],
      county: ['county', 80],
      tel: ['Telephone', 30],
      siteName: ['Site Name', 100],
      keyInfo: ['Key Information', 2000],
    } as const;
    for (const [key, [label, max]] of Object.entries(limits)) {
      expect(problems(signUpBody, { ...body, [key]: a(max) }), key).toEqual([]);
      expect(problems(signUpBody, { ...body, [key]: a(max + 1) })).toEqual([
        `${key}: ${label} must be at most ${max} characters.`,
      ]);
    }
  });

  it('one-line fields refuse a line break, naming the field; the key information may have several lines', () => {
    expect(problems(signUpBody, { ...body, companyName: 'Acme\nLtd', address2: 'Flat\n2' })).toEqual([
      'companyName: Company Name must be on one line, without line breaks or control characters.',
      'address2: Address 2 must be on one line, without line breaks or control characters.',
    ]);
  });

  it('is refused without the master-user flag or with a field it does not know', () => {
    expect(problems(signUpBody, { ...body, masterUser: 0 }).map((p) => p.split(':')[0])).toEqual([
      'masterUser',
    ]);
    expect(refused(signUpBody, { ...body, admin: true })).toBe(true);
  });

  it('its reply keeps what the server sends', () => {
    const reply = { success: true, message: 'Account created', siteId: 1, companyId: 2, userId: 3 };
    expect(signUpReply.parse(reply)).toEqual(reply);
    expect(refused(signUpReply, { success: true })).toBe(true);
  });
});

describe('linking a sticker to a site', () => {
  const link = {
    siteId: 1,
    companyId: 2,
    userId: 3,
    signRef: 'ab-1',
    siteName: ' Car park ',
    startDate: '2026-11-28T10:00:00Z',
    prefixNo: 'aaa1',
  };
  it('is accepted with positive whole ids, a site name of 1 to 100 characters on one line and an instant', () => {
    expect(stickerLinkBody.parse(link)).toEqual({
      ...link,
      signRef: 'AB-1',
      siteName: 'Car park',
      prefixNo: 'AAA1',
    });
    expect(refused(stickerLinkBody, { ...link, siteName: a(100) })).toBe(false);
    for (const bad of [
      { siteId: 0 },
      { companyId: -1 },
      { userId: 1.5 },
      { siteName: ' ' },
      { siteName: a(101) },
      { startDate: '2026-11-28' },
      { extra: 1 },
    ]) {
      expect(refused(stickerLinkBody, { ...link, ...bad }), JSON.stringify(bad)).toBe(true);
    }
    expect(problems(stickerLinkBody, { ...link, siteName: 'Car\npark' })).toEqual([
      'siteName: Site Name must be on one line, without line breaks or control characters.',
    ]);
  });
});

describe('signing in, confirming and resetting', () => {
  it('a sign-in needs a username and a password, each named when missing', () => {
    expect(loginBody.parse({ userName: ' bob ', password: ' pw ' })).toEqual({
      userName: 'bob',
      password: ' pw ',
    });
    expect(problems(loginBody, { userName: ' ', password: '' })).toEqual([
      'userName: Username is required',
      'password: Password is required',
    ]);
    expect(refused(loginBody, { userName: a(254), password: a(128) })).toBe(false);
    expect(refused(loginBody, { userName: a(255), password: 'x' })).toBe(true);
    expect(refused(loginBody, { userName: 'bob', password: a(129) })).toBe(true);
  });

  it('a username looked up, sent a new confirmation or reset is 1 to 254 characters', () => {
    for (const schema of [userLookupBody, resendConfirmationBody]) {
      expect(schema.parse({ userName: ' bob ' })).toEqual({ userName: 'bob' });
      expect(refused(schema, { userName: ' ' })).toBe(true);
      expect(refused(schema, { userName: a(254) })).toBe(false);
      expect(refused(schema, { userName: a(255) })).toBe(true);
    }
    expect(resetPasswordBody.parse({ userName: ' bob ', password: 'new pass' })).toEqual({
      userName: 'bob',
      password: 'new pass',
    });
    expect(refused(resetPasswordBody, { userName: '', password: 'new pass' })).toBe(true);
    expect(refused(resetPasswordBody, { userName: a(255), password: 'new pass' })).toBe(true);
  });

  it('a confirmation token is 16 to 200 characters', () => {
    expect(confirmQuery.parse({ token: a(16) })).toEqual({ token: a(16) });
    expect(refused(confirmQuery, { token: a(15) })).toBe(true);
    expect(refused(confirmQuery, { token: a(200) })).toBe(false);
    expect(refused(confirmQuery, { token: a(201) })).toBe(true);
    const update = { confirmedAt: '2026-11-28T10:00:00Z', confirmToken: a(16), password: a(128) };
    expect(userUpdateBody.parse(update)).toEqual(update);
    expect(refused(userUpdateBody, { confirmToken: a(15) })).toBe(true);
    expect(refused(userUpdateBody, { confirmToken: a(201) })).toBe(true);
    expect(refused(userUpdateBody, { password: a(129) })).toBe(true);
    expect(refused(userUpdateBody, { confirmedAt: 'yesterday' })).toBe(true);
  });

  it('an id in a path is digits from 1 to 2147483647, written one way only', () => {
    expect(idParams.parse({ id: '1' })).toEqual({ id: 1 });
    expect(idParams.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    for (const bad of ['0', '01', ' 1', '0x10', '1e1', '1.0', '2147483648', '12345678901']) {
      expect(problems(idParams, { id: bad }), bad).toEqual([
        'id: id must be a whole number from 1 to 2147483647, in digits',
      ]);
    }
  });
});

describe('address look-up and stickers issued', () => {
  it('a search term is 3 to 100 characters, trimmed', () => {
    expect(addressTermParams.parse({ term: ' ls1 ' })).toEqual({ term: 'ls1' });
    expect(problems(addressTermParams, { term: ' ab ' })).toEqual([
      'term: Type at least 3 characters to look up an address.',
    ]);
    expect(refused(addressTermParams, { term: a(100) })).toBe(false);
    expect(refused(addressTermParams, { term: a(101) })).toBe(true);
  });

  it("a provider's address id is 1 to 200 of letters, digits and + / = _ -, never a dot", () => {
    expect(addressIdParams.parse({ id: 'aB9+/=_-' })).toEqual({ id: 'aB9+/=_-' });
    expect(refused(addressIdParams, { id: a(200) })).toBe(false);
    for (const bad of ['', '..', 'a.b', a(201), 'a b', '%2e']) {
      expect(problems(addressIdParams, { id: bad }), bad).toEqual([
        'id: We could not find that address. Please enter it by hand.',
      ]);
    }
  });

  it('from 1 to 10,000 stickers are issued at a time', () => {
    expect(issueStickersBody.parse({ count: 1 })).toEqual({ count: 1 });
    expect(issueStickersBody.parse({ count: 10000 })).toEqual({ count: 10000 });
    for (const bad of [0, 10001, 2.5]) expect(refused(issueStickersBody, { count: bad })).toBe(true);
    expect(refused(issueStickersBody, { count: 1, extra: 1 })).toBe(true);
  });
});

describe('the replies the web reads keep every field', () => {
  it.each([
    [
      'sticker check',
      stickerCheckReply,
      { success: true, message: 'ok', result: [{ id: 1, siteId: null, prefixNo: 'A1' }] },
    ],
    [
      'linked sticker',
      linkedSticker,
      {
        id: 1,
        siteId: 2,
        companyId: 3,
        userId: null,
        signRef: 'AB-1',
        siteName: null,
        startDate: '2026-11-28',
        prefixNo: 'A1',
      },
    ],
    ['sign-in', loginReply, { status: 'success', token: 't', message: 'Signed in' }],
    ['user look-up', userLookupReply, { message: 'found', confirmedAt: null }],
    ['user update', userUpdateReply, { message: 'confirmed', confirmedAt: '2026-11-28T10:00:00Z' }],
    ['message', messageReply, { message: 'sent' }],
    [
      'users',
      userReply,
      [
        {
          id: 1,
          userName: 'bob',
          confirmedAt: null,
          masterUser: 1,
          email: 'b@a.co',
          title: 'Mr',
          firstname: 'Bob',
          surname: 'Jones',
          tel: '1',
          companyId: 2,
        },
      ],
    ],
    ['address suggestions', addressAutocompleteReply, { suggestions: [{ address: '1 High St', id: 'x1' }] }],
    [
      'address',
      addressDetail,
      {
        line_1: '1 High St',
        line_2: '',
        line_3: '',
        town_or_city: 'Leeds',
        postcode: 'LS1 1AA',
        county: 'West Yorkshire',
      },
    ],
    ['stickers issued', issueStickersReply, { stickers: [{ signRef: 'AB-1', prefixNo: 'A1' }] }],
  ] as const)('%s', (_name, schema, reply) => {
    expect(schema.parse(reply)).toEqual(reply);
  });

  it('a refused sign-in reply is read with its message and no token', () => {
    const reply = { status: 'error', message: 'Your Account is not confirmed' };
    expect(loginReply.parse(reply)).toEqual(reply);
  });

  it('a sign-in reply of another status, or a user not a master user 0 or 1, is refused', () => {
    expect(refused(loginReply, { status: 'maybe', message: '' })).toBe(true);
    expect(refused(userReply, [{ id: 1, userName: 'bob', confirmedAt: null, masterUser: 2 }])).toBe(true);
  });
});
