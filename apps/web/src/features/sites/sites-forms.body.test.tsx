import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  account,
  type Call,
  fakeApi,
  renderPage,
  signIn,
  site,
  unpublishedSettings,
} from '../../components/signed-in/test-harness';
import { ManageContactPage } from './manage-contact-page';
import { SitePage } from './site-page';

// Each workspace form, filled as a person would: the whole body it sends (every field, under its
// own name), for each of its branches; and each refusal the API answers, in the summary in focus.

const sentBy = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

/** The error summary once it has the focus, and its words. */
async function summaryInFocus(container: HTMLElement = document.body) {
  const summary = await within(container).findByRole('alert', { name: 'There is a problem' });
  await expect.poll(() => document.activeElement).toBe(summary);
  return summary.textContent ?? '';
}

const refused = (status: number, message: string) => Response.json({ message }, { status });

describe('/site: adding a site', () => {
  async function fillSite(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByRole('textbox', { name: 'Site name' }), 'Mill Lane depot');
    await user.type(screen.getByRole('combobox', { name: 'Address 1' }), '2 Mill Lane');
    await user.type(screen.getByRole('textbox', { name: 'Address 2' }), 'Unit 4');
    await user.type(screen.getByRole('textbox', { name: 'Address 3' }), 'Kirkstall');
    await user.type(screen.getByRole('textbox', { name: 'Town/City' }), 'Leeds');
    await user.type(screen.getByRole('textbox', { name: /Key information/ }), 'Crime prevention.');
    await user.type(screen.getByRole('spinbutton', { name: /keep footage/ }), '31');
    await user.type(screen.getByRole('textbox', { name: 'Who sees the recordings' }), 'The depot manager');
  }

  it('in the UK: the county without its nation, the postcode as Royal Mail writes it', async () => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'POST /api/sites/add': site(9, 'Mill Lane depot'),
    });
    renderPage(<SitePage />, '/site');
    const user = userEvent.setup();
    await fillSite(user);
    await user.type(screen.getByRole('textbox', { name: 'Post Code' }), 'ls5 3bt');
    await user.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'West Yorkshire (England)');
    await user.click(screen.getByRole('button', { name: 'Add site' }));

    await expect.poll(() => sentBy(calls, 'POST').length).toBe(1);
    expect(sentBy(calls, 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/sites/add',
        body: {
          name: 'Mill Lane depot',
          address1: '2 Mill Lane',
          address2: 'Unit 4',
          address3: 'Kirkstall',
          town: 'Leeds',
          postcode: 'LS5 3BT',
          county: 'West Yorkshire',
          keyInfo: 'Crime prevention.',
          retentionDays: 31,
          whoSees: 'The depot manager',
        },
      },
    ]);
  });

  it('abroad: the country chosen is sent as the county, the postcode as typed', async () => {
    signIn(false);
    const calls = fakeApi({
      'GET /api/account': account(0),
      'POST /api/sites/add': site(9, 'Mill Lane depot'),
    });
    renderPage(<SitePage />, '/site');
    const user = userEvent.setup();
    await fillSite(user);
    await user.click(screen.getByRole('checkbox', { name: 'UK including Northern Ireland' }));
    const country = screen.getByRole('combobox', { name: 'Country' });
    await within(country).findByRole('option', { name: 'France' });
    await user.selectOptions(country, 'France');
    await user.type(screen.getByRole('textbox', { name: 'Post Code' }), '75001');
    await user.click(screen.getByRole('button', { name: 'Add site' }));

    await expect.poll(() => sentBy(calls, 'POST').length).toBe(1);
    expect(sentBy(calls, 'POST')[0]?.body).toEqual({
      name: 'Mill Lane depot',
      address1: '2 Mill Lane',
      address2: 'Unit 4',
      address3: 'Kirkstall',
      town: 'Leeds',
      postcode: '75001',
      county: 'France',
      keyInfo: 'Crime prevention.',
      retentionDays: 31,
      whoSees: 'The depot manager',
    });
  });

  it.each([
    [400, 'Key Information must be at most 2000 characters.'],
    [500, 'Something went wrong on our side. Please try again.'],
  ])('a %i: its message in the summary, in focus, and what was typed stays', async (status, message) => {
    signIn(false);
    fakeApi({ 'GET /api/account': account(0), 'POST /api/sites/add': refused(status, message) });
    renderPage(<SitePage />, '/site');
    const user = userEvent.setup();
    await fillSite(user);
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    expect(await summaryInFocus()).toContain(message);
    expect((screen.getByRole('textbox', { name: 'Site name' }) as HTMLInputElement).value).toBe(
      'Mill Lane depot',
    );
  });
});
describe('/manage-contact: what is published', () => {
  const publication = {
    company: { name: 'Northern Watch Ltd', settings: unpublishedSettings() },
    sites: [
      {
        siteId: 1,
        siteName: 'Yard',
        settings: null,
        preview: { phone: null, email: null, address: null, relay: true, contactText: null },
        detailsOutOfDate: false,
      },
    ],
  };
  const contactApi = (answer: unknown = publication) =>
    fakeApi({
      'GET /api/account': account(1),
      'GET /api/sites/company/5': [site(1, 'Yard')],
      'GET /api/contact/publication': publication,
      'PUT /api/contact/publication': answer,
    });

  async function publishAll(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('checkbox', { name: 'Phone number' }));
    await user.click(screen.getByRole('checkbox', { name: 'E-mail address' }));
    await user.click(screen.getByRole('checkbox', { name: 'Postal address' }));
    await user.click(screen.getByRole('checkbox', { name: 'Contact form' }));
    await user.type(screen.getByRole('textbox', { name: /^Postal address/ }), '1 Lantern Row, Leeds LS1 9ZQ');
    await user.click(screen.getByRole('checkbox', { name: 'This is a home address' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Yes, publish my home address' }));
    await user.type(screen.getByRole('textbox', { name: /^How to contact you/ }), 'Ring the office first.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
  }

  const everything = {
    showPhone: true,
    showEmail: true,
    showAddress: true,
    showRelay: false,
    // Filled in from the account, and left as they were.
    phone: '0113',
    email: 'ada@example.com',
    address: '1 Lantern Row, Leeds LS1 9ZQ',
    isHomeAddress: true,
    homeAddressConsent: true,
    contactText: 'Ring the office first.',
  };

  it('the company’s settings: every channel and its words, for no one site', async () => {
    signIn(true);
    const calls = contactApi();
    renderPage(<ManageContactPage />, '/manage-contact');
    await publishAll(userEvent.setup());
    await expect.poll(() => sentBy(calls, 'PUT').length).toBe(1);
    expect(sentBy(calls, 'PUT')).toEqual([
      { method: 'PUT', path: '/api/contact/publication', body: { siteId: null, ...everything } },
    ]);
  });

  it('one site’s own settings: the same body, for that site', async () => {
    signIn(true);
    const calls = contactApi();
    renderPage(<ManageContactPage />, '/manage-contact');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Settings for' }), 'Yard');
    await publishAll(user);
    await expect.poll(() => sentBy(calls, 'PUT').length).toBe(1);
    expect(sentBy(calls, 'PUT')[0]?.body).toEqual({ siteId: 1, ...everything });
  });

  it('a refusal that is not a channel’s is in the summary, in focus', async () => {
    signIn(true);
    contactApi(refused(500, 'Something went wrong on our side. Please try again.'));
    renderPage(<ManageContactPage />, '/manage-contact');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    expect(await summaryInFocus()).toContain('Something went wrong on our side. Please try again.');
  });
});
