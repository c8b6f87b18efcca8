import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  account,
  fakeApi,
  problemsListed,
  renderPage,
  signIn,
  site,
  unpublishedSettings,
} from '../../components/signed-in/test-harness';
import { SignInPromptContext } from '../../lib/sign-in-prompt';
import { ManageContactPage } from './manage-contact-page';
import { SitePage } from './site-page';
import { confirmationDue, YourSitesPage } from './your-sites-page';

describe('/your-sites', () => {
  it('lists each site with its signs, confirmation date and look-ups; names are shown as text', async () => {
    signIn(true);
    const evil = '<img src=x onerror=alert(1)>';
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [
        site(1, evil),
        site(2, 'Depot', { detailsOutOfDate: true, signCount: 0, lookups30Days: 0 }),
      ],
    });
    renderPage(<YourSitesPage />, '/your-sites');
    const list = await screen.findByRole('list', { name: 'Your sites' });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[0] as HTMLElement).getByRole('heading').textContent).toBe(evil);
    expect(document.querySelector('img')).toBeNull();
    expect(cards[0]?.textContent).toContain('Signs2');
    expect(cards[0]?.textContent).toContain('10 January 2026');
    expect(cards[0]?.textContent).toContain('Look-ups (30 days)4');
    expect(within(cards[1] as HTMLElement).getByText(/Details may be out of date/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Depot' }).getAttribute('href')).toBe('/site?id=2');
  });

  it('re-confirms a site with one button, says so with the date and moves focus there', async () => {
    signIn(false);
    const confirmedAt = new Date().toISOString();
    const calls = fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/company/5': [site(2, 'Depot', { detailsOutOfDate: true })],
      'POST /api/sites/2/confirm': site(2, 'Depot', { detailsConfirmedAt: confirmedAt }),
    });
    renderPage(<YourSitesPage />, '/your-sites');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm details of Depot' }));
    const status = await screen.findByRole('status');
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(confirmedAt),
    );
    expect(status.textContent).toBe(`Details of Depot confirmed on ${today}.`);
    expect(today).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/sites/2/confirm']);
  });

  it('says what "Confirm details" is for and when the next confirmation is due', async () => {
    signIn(false);
    fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/company/5': [
        site(1, 'Yard'),
        site(2, 'Depot', { detailsOutOfDate: true, detailsConfirmedAt: '2024-11-30T10:00:00.000Z' }),
      ],
    });
    renderPage(<YourSitesPage />, '/your-sites');
    const yard = await screen.findByRole('button', { name: 'Confirm details of Yard' });
    const help = document.getElementById(yard.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(
      "Confirm when you have checked that this site's details are still correct: whenever they change, and at least every 13 months. A site not confirmed for 13 months shows “details may be out of date” to the public.",
    );
    const cards = within(screen.getByRole('list', { name: 'Your sites' })).getAllByRole('listitem');
    // Confirmed 10 January 2026: due 13 months on.
    expect(cards[0]?.textContent).toContain('Next confirmation due10 February 2027');
    expect(cards[1]?.textContent).toContain('Next confirmation dueNow');
  });

  it('counts the 13 months as the database does: a day the month lacks is its last day', () => {
    expect(confirmationDue('2026-01-10T10:00:00.000Z').toISOString()).toBe('2027-02-10T10:00:00.000Z');
    expect(confirmationDue('2026-01-31T10:00:00.000Z').toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(confirmationDue('2026-11-30T23:30:00.000Z').toISOString()).toBe('2027-12-30T23:30:00.000Z');
  });

  it('with no sites, leads to adding the first one', async () => {
    signIn(false);
    fakeApi({ 'GET /api/account': account(0), 'GET /api/sites/company/5': [] });
    renderPage(<YourSitesPage />, '/your-sites');
    const link = await screen.findByRole('link', { name: 'Add your first site' });
    expect(link.getAttribute('href')).toBe('/site');
  });

  it('signed out, asks the visitor to sign in, offers Sign In for this page and calls nothing', async () => {
    const calls = fakeApi({});
    const asked: string[] = [];
    renderPage(
      <SignInPromptContext value={(returnTo) => asked.push(returnTo)}>
        <YourSitesPage />
      </SignInPromptContext>,
      '/your-sites?from=mail',
    );
    expect(screen.getByRole('status').textContent).toBe('Please sign in to see this page.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(asked).toEqual(['/your-sites?from=mail']);
    expect(calls).toEqual([]);
  });
});
describe('/site', () => {
  it('checks the form with the shared limits before calling, then adds the site', async () => {
    signIn(false);
    const calls = fakeApi({ 'GET /api/account': account(0), 'POST /api/sites/add': site(9, 'Gate') });
    renderPage(<SitePage />, '/site');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Site name' });
    expect(name.getAttribute('maxlength')).toBe('100');
    // Nothing assumed: the operator says how long the recorder keeps footage.
    const days = screen.getByRole('spinbutton', { name: 'How many days does your recorder keep footage?' });
    expect(days).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(await problemsListed()).toEqual([
      'Please fill out the required field: Site Name',
      'Please fill out the required field: Key Information',
      'Enter how many days your recorder keeps footage.',
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(name, 'Gate');
    await user.type(screen.getByRole('textbox', { name: /Key information/ }), 'Crime prevention.');
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    await screen.findByRole('button', { name: 'Add site' });
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.body)
      .toMatchObject({
        name: 'Gate',
        keyInfo: 'Crime prevention.',
        retentionDays: 30,
      });
  });
});
describe('/site: the address', () => {
  it('is the sign-up address: UK checkbox, County list with nations, Country list, and the label not sent', async () => {
    signIn(false);
    const calls = fakeApi({ 'GET /api/account': account(0), 'POST /api/sites/add': site(9, 'Gate') });
    renderPage(<SitePage />, '/site');
    const user = userEvent.setup();
    const uk = await screen.findByRole('checkbox', { name: 'UK including Northern Ireland' });
    expect(uk).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox', { name: 'County' })).toBeNull();
    const county = screen.getByRole('combobox', { name: 'County' });
    for (const name of [
      'Kent (England)',
      'Dyfed (Wales)',
      'Midlothian (Scotland)',
      'County Down (Northern Ireland)',
    ]) {
      expect(within(county).getByRole('option', { name })).toBeTruthy();
    }

    await user.click(uk);
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(await within(country).findByRole('option', { name: 'France' })).toBeTruthy();
    await user.click(uk);
    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'Kent (England)');

    await user.type(screen.getByRole('textbox', { name: 'Site name' }), 'Gate');
    await user.type(screen.getByRole('textbox', { name: /Key information/ }), 'Crime prevention.');
    await user.type(screen.getByRole('spinbutton', { name: /keep footage/ }), '14');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'POST')?.body)
      .toMatchObject({ name: 'Gate', county: 'Kent' });
  });

  it('editing a site shows its county in the County list, or its country in the Country list', async () => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'GET /api/sites/1': site(1, 'Yard'),
      'GET /api/sites/2': site(2, 'Dublin office', { county: 'Ireland' }),
      'PUT /api/sites/1': site(1, 'Yard'),
    });
    const yard = renderPage(<SitePage />, '/site?id=1');
    const county = (await screen.findByRole('combobox', { name: 'County' })) as HTMLSelectElement;
    expect(county.value).toBe('West Yorkshire (England)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save site' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'PUT')?.body)
      .toEqual({
        name: 'Yard',
        address1: '1 Lantern Row',
        address2: '',
        address3: '',
        town: 'Leeds',
        postcode: 'LS1 9ZQ',
        county: 'West Yorkshire',
        keyInfo: 'Crime prevention.',
        retentionDays: 30,
        whoSees: 'The manager',
      });
    yard.unmount();

    renderPage(<SitePage />, '/site?id=2');
    const country = (await screen.findByRole('combobox', { name: 'Country' })) as HTMLSelectElement;
    expect(country.value).toBe('Ireland');
    expect(screen.getByRole('checkbox', { name: 'UK including Northern Ireland' })).toHaveProperty(
      'checked',
      false,
    );
  });
});
describe('/manage-contact', () => {
  it('is refused to plain users', async () => {
    signIn(false);
    fakeApi({ 'GET /api/account': account(0) });
    renderPage(<ManageContactPage />, '/manage-contact');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only a master user of your company can open this page.',
    );
  });

  it('previews exactly the published channels', async () => {
    signIn(true);
    const settings = {
      showPhone: true,
      showEmail: false,
      showAddress: false,
      showRelay: true,
      phone: '0113 496 0000',
      email: 'office@example.com',
      address: '',
      isHomeAddress: false,
      homeAddressConsent: false,
      contactText: '',
    };
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [site(1, 'Yard')],
      'GET /api/contact/publication': {
        company: { name: 'Northern Watch Ltd', settings },
        sites: [
          {
            siteId: 1,
            siteName: 'Yard',
            settings: null,
            preview: { phone: '0113 496 0000', email: null, address: null, relay: true, contactText: null },
            detailsOutOfDate: false,
          },
        ],
      },
    });
    renderPage(<ManageContactPage />, '/manage-contact');
    const preview = await screen.findByRole('region', { name: 'Preview of Yard' });
    expect(within(preview).getByRole('link', { name: '0113 496 0000' })).toBeTruthy();
    expect(preview.textContent).not.toContain('office@example.com');
    expect(preview.textContent).toContain('A “Contact the operator” form is offered.');
    expect(screen.getByRole('checkbox', { name: 'E-mail address' })).toHaveProperty('checked', false);
  });
});
describe('/manage-contact: what sign-up gave', () => {
  const settings = unpublishedSettings();
  const publication = (saved: typeof settings) => ({
    company: { name: 'Northern Watch Ltd', settings: saved },
    sites: [],
  });

  it('starts with the phone and e-mail given at sign-up, unticked, and says where they came from', async () => {
    signIn(true);
    const calls = fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [],
      'GET /api/contact/publication': publication(settings),
      'PUT /api/contact/publication': publication(settings),
    });
    renderPage(<ManageContactPage />, '/manage-contact');
    const user = userEvent.setup();
    const phone = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    const email = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    expect(phone.value).toBe('0113');
    expect(email.value).toBe('ada@example.com');
    for (const box of [phone, email]) {
      expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'From your account. Published only if ticked above.',
      );
    }
    // Nothing is published until ticked.
    expect(screen.getByRole('checkbox', { name: 'Phone number' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'E-mail address' })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('checkbox', { name: 'E-mail address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'PUT')?.body)
      .toMatchObject({ showEmail: true, email: 'ada@example.com', showPhone: false, phone: '0113' });
  });

  it('keeps the numbers the operator saved', async () => {
    signIn(true);
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [],
      'GET /api/contact/publication': publication({
        ...settings,
        phone: '0113 496 0000',
        email: 'office@example.com',
      }),
    });
    renderPage(<ManageContactPage />, '/manage-contact');
    const phone = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    expect(phone.value).toBe('0113 496 0000');
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe(
      'office@example.com',
    );
    expect(phone.getAttribute('aria-describedby')).toBeNull();
  });
});
describe('/manage-contact: publishing a channel', () => {
  const nothingPublished = unpublishedSettings();
  const publication = (settings: typeof nothingPublished) => ({
    company: { name: 'Northern Watch Ltd', settings },
    sites: [
      {
        siteId: 1,
        siteName: 'Yard',
        settings: null,
        preview: {
          phone: settings.phone || null,
          email: null,
          address: null,
          relay: true,
          contactText: null,
        },
        detailsOutOfDate: false,
      },
    ],
  });
  const contactApi = () =>
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [site(1, 'Yard')],
      'GET /api/contact/publication': publication(nothingPublished),
      'PUT /api/contact/publication': publication({
        ...nothingPublished,
        showPhone: true,
        phone: '0113 496 0000',
      }),
    });

  it('ticking "Phone number" and saving sends showPhone: true, showEmail: false', async () => {
    signIn(true);
    const calls = contactApi();
    renderPage(<ManageContactPage />, '/manage-contact');
    const user = userEvent.setup();
    // The box starts with the account's phone number (0113); this operator publishes another.
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '0113 496 0000');
    await user.click(screen.getByRole('checkbox', { name: 'Phone number' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .poll(() => calls.find((c) => c.method === 'PUT')?.body)
      .toMatchObject({ siteId: null, showPhone: true, showEmail: false, phone: '0113 496 0000' });
  });

  it('a ticked phone number with no number is refused on the Phone field and in the summary, which gets the focus', async () => {
    signIn(true);
    const calls = contactApi();
    renderPage(<ManageContactPage />, '/manage-contact');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Phone number' }));
    // Emptied: the box starts with the account's phone number.
    await user.clear(screen.getByRole('textbox', { name: /^Phone/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    expect(await problemsListed()).toEqual(['Enter the phone number to publish, or untick "Phone number".']);
    expect(phone.getAttribute('aria-describedby')).toContain(`${phone.id}-error`);
    expect(document.getElementById(`${phone.id}-error`)?.textContent).toBe(
      'Enter the phone number to publish, or untick "Phone number".',
    );
    expect(document.activeElement).toBe(screen.getByRole('alert', { name: 'There is a problem' }));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("shows the server's refusal of an empty channel on its field", async () => {
    signIn(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${String(input)}`;
        if (key === 'GET /api/account') return Response.json(account(1));
        if (key === 'GET /api/sites/company/5') return Response.json([site(1, 'Yard')]);
        if (key === 'GET /api/contact/publication') return Response.json(publication(nothingPublished));
        return Response.json(
          { message: 'Enter the e-mail address to publish, or untick "E-mail address".' },
          { status: 400 },
        );
      }),
    );
    renderPage(<ManageContactPage />, '/manage-contact');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await problemsListed()).toEqual([
      'Enter the e-mail address to publish, or untick "E-mail address".',
    ]);
  });
});
