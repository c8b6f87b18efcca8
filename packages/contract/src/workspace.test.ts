import { describe, expect, it } from 'vitest';
import {
  acceptInvitationBody,
  accountDetails,
  accountDetailsBody,
  addSiteStickerBody,
  changePasswordBody,
  changeSiteStickerBody,
  changeSiteStickerReply,
  companyBody,
  companyRecord,
  companyUsersReply,
  companyUserUpdateBody,
  confirmEmailBody,
  DETAILS_STALE_MONTHS,
  deleteAccountBody,
  invitationReply,
  inviteBody,
  pendingInvitationsChange,
  publicationBody,
  publicationReply,
  publicationSettings,
  publicSignParams,
  publicSignReply,
  siteBody,
  siteListReply,
  siteOfStickerOnYourSite,
  siteStickersReply,
  tokenParams,
  workspaceLimits,
  workspaceMessages,
} from './workspace';

// The signed-in workspace's bodies as the API reads them and its replies as the web reads them:
// what is accepted, and what is refused with the words the form shows. Limits are literal numbers.

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

describe('the limits the forms show', () => {
  it('are the numbers the API enforces', () => {
    expect(workspaceLimits).toEqual({
      siteName: 100,
      keyInfo: 2000,
      addressLine: 120,
      town: 80,
      postcode: 16,
      county: 80,
      retentionDaysMin: 1,
      retentionDaysMax: 3650,
      whoSees: 300,
      phone: 30,
      publishedAddress: 400,
      contactText: 500,
      companyName: 120,
      personName: 60,
      title: 20,
    });
    expect(DETAILS_STALE_MONTHS).toBe(13);
  });

  it('the site a sticker is already on is read back from the message that names it', () => {
    expect(siteOfStickerOnYourSite(workspaceMessages.stickerOnYourSite('Car park'))).toBe('Car park');
    expect(siteOfStickerOnYourSite('This sticker is already on your site “Gate\n2”.')).toBe('Gate\n2');
    expect(siteOfStickerOnYourSite('Note: This sticker is already on your site “X”.')).toBeUndefined();
    expect(siteOfStickerOnYourSite('This sticker is already on your site “X”. Really')).toBeUndefined();
    expect(workspaceMessages.stickerMovedHere('Gate', 'Car park')).toBe(
      'Sign moved from “Gate” to “Car park”.',
    );
    expect(workspaceMessages.invitationResent('a@b.co')).toBe(
      'Invitation sent again to a@b.co. The link in the earlier mail no longer works.',
    );
    expect(workspaceMessages.invitationCancelled('a@b.co')).toBe(
      'Invitation to a@b.co cancelled: its link no longer works.',
    );
  });
});

describe('a site', () => {
  const site = { name: ' Car park ', keyInfo: 'Two cameras\nat the gate', retentionDays: 30 };
  it('is accepted with its name, key information and how long footage is kept; the rest left empty', () => {
    expect(siteBody.parse(site)).toEqual({
      name: 'Car park',
      address1: '',
      address2: '',
      address3: '',
      town: '',
      postcode: '',
      county: '',
      keyInfo: 'Two cameras\nat the gate',
      retentionDays: 30,
      whoSees: '',
    });
    expect(
      siteBody.parse({ ...site, postcode: 'ls1 1aa', county: 'West Yorkshire (England)' }),
    ).toMatchObject({
      postcode: 'LS1 1AA',
      county: 'West Yorkshire',
    });
  });

  it('names what is missing and what is too long, with the limit', () => {
    expect(problems(siteBody, { name: ' ', keyInfo: '' })).toEqual([
      'name: Please fill out the required field: Site Name',
      'keyInfo: Please fill out the required field: Key Information',
      'retentionDays: Enter how many days your recorder keeps footage.',
    ]);
    const limits = {
      name: ['Site Name', 100],
      address1: ['Address 1', 120],
      address2: ['Address 2', 120],
      address3: ['Address 3', 120],
      town: ['Town', 80],
      postcode: ['Postcode', 16],
      county: ['County', 80],
      keyInfo: ['Key Information', 2000],
      whoSees: ['Who sees the recordings', 300],
    } as const;
    for (const [key, [label, max]] of Object.entries(limits)) {
      expect(problems(siteBody, { ...site, [key]: a(max) }), key).toEqual([]);
      expect(problems(siteBody, { ...site, [key]: a(max + 1) })).toEqual([
        `${key}: ${label} must be at most ${max} characters.`,
      ]);
    }
    expect(problems(siteBody, { ...site, name: 'Car\npark', town: 'Le\teds' })).toEqual([
      'name: Site Name must be on one line, without line breaks or control characters.',
      'town: Town must be on one line, without line breaks or control characters.',
    ]);
    expect(refused(siteBody, { ...site, extra: 1 })).toBe(true);
  });
});

describe('signs of a site', () => {
  it('a sign is added by its reference and prefix number to a site', () => {
    expect(addSiteStickerBody.parse({ siteId: 1, signRef: 'ab-1', prefixNo: 'x1' })).toEqual({
      siteId: 1,
      signRef: 'AB-1',
      prefixNo: 'X1',
    });
    for (const siteId of [0, -1, 1.5])
      expect(refused(addSiteStickerBody, { siteId, signRef: 'A', prefixNo: 'X' })).toBe(true);
  });

  it('a sign is moved to another site or retired, nothing else', () => {
    expect(changeSiteStickerBody.parse({ action: 'move', siteId: 2 })).toEqual({ action: 'move', siteId: 2 });
    expect(changeSiteStickerBody.parse({ action: 'retire' })).toEqual({ action: 'retire' });
    expect(refused(changeSiteStickerBody, { action: 'move', siteId: 0 })).toBe(true);
    expect(refused(changeSiteStickerBody, { action: 'move' })).toBe(true);
    expect(refused(changeSiteStickerBody, { action: 'retire', siteId: 2 })).toBe(true);
    expect(refused(changeSiteStickerBody, { action: 'burn' })).toBe(true);
  });
});

describe('published contact details', () => {
  const settings = { showPhone: false, showEmail: false, showAddress: false, showRelay: true };
  it('default to nothing published but the relay, each value trimmed', () => {
    expect(publicationSettings.parse(settings)).toEqual({
      ...settings,
      phone: '',
      email: '',
      address: '',
      isHomeAddress: false,
      homeAddressConsent: false,
      contactText: '',
    });
    expect(publicationSettings.parse({ ...settings, showEmail: true, email: ' A@B.co ' })).toMatchObject({
      email: 'a@b.co',
    });
  });

  it('an e-mail address not published may be left empty, as the form sends it', () => {
    expect(publicationSettings.parse({ ...settings, email: '' })).toMatchObject({ email: '' });
    expect(publicationBody.parse({ ...settings, email: '', siteId: null })).toMatchObject({ email: '' });
  });

  it('a ticked channel needs its value, each saying which box to untick', () => {
    expect(
      problems(publicationSettings, { ...settings, showPhone: true, showEmail: true, showAddress: true }),
    ).toEqual([
      'phone: Enter the phone number to publish, or untick "Phone number".',
      'email: Enter the e-mail address to publish, or untick "E-mail address".',
      'address: Enter the postal address to publish, or untick "Postal address".',
    ]);
    expect(
      problems(publicationBody, {
        ...settings,
        showPhone: true,
        phone: '0113',
        showAddress: true,
        siteId: null,
      }),
    ).toEqual(['address: Enter the postal address to publish, or untick "Postal address".']);
  });

  it('keeps each value within its length: phone 30, address 400 on several lines, text 500', () => {
    expect(
      problems(publicationSettings, {
        ...settings,
        phone: a(30),
        address: `${a(199)}\n${a(200)}`,
        contactText: a(500),
      }),
    ).toEqual([]);
    expect(
      problems(publicationSettings, { ...settings, phone: a(31), address: a(401), contactText: a(501) }),
    ).toEqual([
      'phone: Phone must be at most 30 characters.',
      'address: Postal address must be at most 400 characters.',
      'contactText: Contact text must be at most 500 characters.',
    ]);
    expect(problems(publicationSettings, { ...settings, phone: '01\n13' })).toEqual([
      'phone: Phone must be on one line, without line breaks or control characters.',
    ]);
    expect(refused(publicationSettings, { ...settings, email: 'nope' })).toBe(true);
  });

  it('are saved for the company or one of its sites', () => {
    expect(publicationBody.parse({ ...settings, siteId: 4 })).toMatchObject({ siteId: 4 });
    expect(publicationBody.parse({ ...settings, siteId: null })).toMatchObject({ siteId: null });
    expect(refused(publicationBody, { ...settings, siteId: 0 })).toBe(true);
    expect(refused(publicationBody, settings)).toBe(true);
  });
});

describe('the company, its users and invitations', () => {
  it('a company is saved with its name and address, the rest left empty', () => {
    expect(companyBody.parse({ name: ' Acme ' })).toEqual({
      name: 'Acme',
      address1: '',
      address2: '',
      address3: '',
      town: '',
      postcode: '',
      county: '',
      tel: '',
    });
    expect(problems(companyBody, { name: '' })).toEqual([
      'name: Please fill out the required field: Company Name',
    ]);
    expect(problems(companyBody, { name: a(121), tel: a(31) })).toEqual([
      'name: Company Name must be at most 120 characters.',
      'tel: Telephone must be at most 30 characters.',
    ]);
    expect(problems(companyBody, { name: a(120), tel: a(30) })).toEqual([]);
  });

  it('the address and telephone are saved trimmed, each too long one named with its limit', () => {
    expect(
      companyBody.parse({ name: 'Acme', address1: ' 1 High St ', town: '  Leeds ', tel: ' 0113 000 0000 ' }),
    ).toMatchObject({ address1: '1 High St', town: 'Leeds', tel: '0113 000 0000' });
    expect(companyBody.parse({ name: 'Acme', town: ` ${a(80)} ` }).town).toHaveLength(80);
    expect(
      problems(companyBody, {
        name: 'Acme',
        address1: a(121),
        address2: a(121),
        address3: a(121),
        town: a(81),
        postcode: a(17),
        county: a(81),
      }),
    ).toEqual([
      'address1: Address 1 must be at most 120 characters.',
      'address2: Address 2 must be at most 120 characters.',
      'address3: Address 3 must be at most 120 characters.',
      'town: Town must be at most 80 characters.',
      'postcode: Postcode must be at most 16 characters.',
      'county: County must be at most 80 characters.',
    ]);
  });

  it("the company's record keeps its name, address and telephone as the API sends them", () => {
    const record = {
      id: 3,
      name: 'Acme',
      address1: '1 High St',
      address2: '',
      address3: '',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      county: 'West Yorkshire',
      tel: '0113 000 0000',
    };
    expect(companyRecord.parse(record)).toEqual(record);
  });

  it('an invitation accepted with a surname too long names the field', () => {
    const accept = { token: a(16), userName: 'newbie', password: 'long enough' };
    expect(problems(acceptInvitationBody, { ...accept, surname: a(61) })).toEqual([
      'surname: Surname must be at most 60 characters.',
    ]);
  });

  it('a user is invited by e-mail and made a master user or not', () => {
    expect(inviteBody.parse({ email: 'New@Acme.co' })).toEqual({ email: 'new@acme.co' });
    expect(companyUserUpdateBody.parse({ masterUser: 0 })).toEqual({ masterUser: 0 });
    expect(refused(companyUserUpdateBody, { masterUser: 2 })).toBe(true);
  });

  it('an invitation is accepted with its token, a username, a password and optional names', () => {
    const accept = { token: a(16), userName: 'newbie', password: 'long enough' };
    expect(acceptInvitationBody.parse(accept)).toEqual({ ...accept, firstname: '', surname: '' });
    expect(refused(acceptInvitationBody, { ...accept, token: a(15) })).toBe(true);
    expect(refused(acceptInvitationBody, { ...accept, token: a(200) })).toBe(false);
    expect(refused(acceptInvitationBody, { ...accept, token: a(201) })).toBe(true);
    expect(problems(acceptInvitationBody, { ...accept, firstname: a(61), surname: a(60) })).toEqual([
      'firstname: First Name must be at most 60 characters.',
    ]);
    for (const schema of [tokenParams, confirmEmailBody]) {
      expect(refused(schema, { token: a(16) })).toBe(false);
      expect(refused(schema, { token: a(15) })).toBe(true);
      expect(refused(schema, { token: a(200) })).toBe(false);
      expect(refused(schema, { token: a(201) })).toBe(true);
    }
  });
});

describe("the user's own account", () => {
  const details = { firstname: 'Bob', surname: 'Jones', email: 'Bob@Acme.co' };
  it('details need a first name, a surname and an e-mail address', () => {
    expect(accountDetailsBody.parse(details)).toEqual({
      ...details,
      title: '',
      tel: '',
      email: 'bob@acme.co',
    });
    expect(problems(accountDetailsBody, { ...details, firstname: ' ', surname: '' })).toEqual([
      'firstname: Please fill out the required field: First Name',
      'surname: Please fill out the required field: Surname',
    ]);
    expect(problems(accountDetailsBody, { ...details, title: a(21), firstname: a(61), tel: a(31) })).toEqual([
      'title: Title must be at most 20 characters.',
      'firstname: First Name must be at most 60 characters.',
      'tel: Telephone must be at most 30 characters.',
    ]);
    expect(refused(accountDetailsBody, { ...details, currentPassword: a(128) })).toBe(false);
    expect(refused(accountDetailsBody, { ...details, currentPassword: a(129) })).toBe(true);
  });

  it('a password change needs the current password', () => {
    expect(problems(changePasswordBody, { currentPassword: '', newPassword: 'long enough' })).toEqual([
      'currentPassword: Please enter your current password.',
    ]);
    expect(refused(changePasswordBody, { currentPassword: a(129), newPassword: 'long enough' })).toBe(true);
  });

  it('deleting the account needs the password and DELETE typed', () => {
    expect(deleteAccountBody.parse({ password: 'pw', confirm: 'DELETE' })).toEqual({
      password: 'pw',
      confirm: 'DELETE',
    });
    expect(problems(deleteAccountBody, { password: '', confirm: 'delete' })).toEqual([
      'password: Please enter your password.',
      'confirm: Type DELETE to confirm.',
    ]);
    expect(refused(deleteAccountBody, { password: a(129), confirm: 'DELETE' })).toBe(true);
  });

  it("a sign's public page is asked for by a reference of 1 to 40 characters", () => {
    expect(publicSignParams.parse({ signRef: ' AB-1 ' })).toEqual({ signRef: 'AB-1' });
    expect(refused(publicSignParams, { signRef: ' ' })).toBe(true);
    expect(refused(publicSignParams, { signRef: a(40) })).toBe(false);
    expect(refused(publicSignParams, { signRef: a(41) })).toBe(true);
  });
});

describe('the replies the web reads keep every field', () => {
  const address = {
    address1: '1 High St',
    address2: '',
    address3: '',
    town: 'Leeds',
    postcode: 'LS1 1AA',
    county: '',
  };
  const contact = { phone: '0113', email: null, address: null, relay: true, contactText: null };
  const stored = {
    showPhone: true,
    showEmail: false,
    showAddress: false,
    showRelay: true,
    phone: '0113',
    email: '',
    address: '',
    isHomeAddress: false,
    homeAddressConsent: false,
    contactText: '',
  };
  const sticker = {
    id: 1,
    siteId: 2,
    companyId: 3,
    signRef: 'AB-1',
    prefixNo: 'A1',
    siteName: 'Car park',
    startDate: '2026-11-28',
  };
  it.each([
    [
      'sites',
      siteListReply,
      [
        {
          id: 2,
          companyId: 3,
          name: 'Car park',
          ...address,
          keyInfo: 'Gate',
          retentionDays: null,
          whoSees: '',
          detailsConfirmedAt: null,
          detailsOutOfDate: true,
          signCount: 1,
          lookups30Days: 5,
        },
      ],
    ],
    ['signs', siteStickersReply, [sticker]],
    ['a sign changed', changeSiteStickerReply, { message: 'Sign moved.', sticker }],
    [
      'publication',
      publicationReply,
      {
        company: { name: 'Acme', settings: stored },
        sites: [
          { siteId: 2, siteName: 'Car park', settings: null, preview: contact, detailsOutOfDate: false },
        ],
      },
    ],
    [
      'users',
      companyUsersReply,
      [
        {
          id: 1,
          userName: 'bob',
          email: 'b@a.co',
          firstname: 'Bob',
          surname: 'Jones',
          masterUser: 1,
          confirmedAt: null,
        },
      ],
    ],
    ['invitation', invitationReply, { companyName: 'Acme', email: 'n@a.co' }],
    [
      'invitations',
      pendingInvitationsChange,
      {
        message: 'Invitation sent.',
        invitations: [{ id: 1, email: 'n@a.co', sentAt: 'x', expiresAt: 'y', expired: true }],
      },
    ],
    [
      'account',
      accountDetails,
      {
        id: 1,
        userName: 'bob',
        title: '',
        firstname: 'Bob',
        surname: 'Jones',
        tel: '',
        email: 'b@a.co',
        pendingEmail: null,
        masterUser: 0,
        companyId: 3,
        companyName: 'Acme',
      },
    ],
    [
      'public sign',
      publicSignReply,
      { signRef: 'AB-1', operator: 'Acme', site: 'Car park', detailsOutOfDate: false, contact },
    ],
  ] as const)('%s', (_name, schema, reply) => {
    expect(schema.parse(reply)).toEqual(reply);
  });
});
