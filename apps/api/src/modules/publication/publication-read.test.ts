import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput, snapshot } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

const settings = {
  showPhone: true,
  showEmail: true,
  showAddress: false,
  showRelay: false,
  phone: '0113 496 0000',
  email: 'office@example.com',
  address: '1 Lantern Row, Leeds LS1 9ZQ',
  isHomeAddress: false,
  homeAddressConsent: false,
  contactText: 'Ask for the site manager.',
};

// The operator's "Contact details" page opens with what is saved: the company's settings, each
// site's own (or none: it follows the company) and what a visitor of each site sees.
describe("the operator's published contact page", () => {
  it('opens with nothing chosen: only the relay form, every field empty', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const page = await send(t, 'GET', '/api/contact/publication', a.token);
    expect(page.statusCode).toBe(200);
    expect(page.json().company).toEqual({
      name: a.body.companyName,
      settings: {
        showPhone: false,
        showEmail: false,
        showAddress: false,
        showRelay: true,
        phone: '',
        email: '',
        address: '',
        isHomeAddress: false,
        homeAddressConsent: false,
        contactText: '',
      },
    });
    expect(page.json().sites).toEqual([
      {
        siteId: a.reply.siteId,
        siteName: a.body.siteName,
        settings: null,
        preview: { phone: null, email: null, address: null, relay: true, contactText: null },
        detailsOutOfDate: false,
      },
    ]);
  });

  it("shows the company's settings as saved, and a site's own settings against that site only", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const depot = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Depot'))).json();
    await send(t, 'PUT', '/api/contact/publication', a.token, { siteId: null, ...settings });
    const own = { ...settings, showEmail: false, showRelay: true, phone: '0113 496 0999' };
    await send(t, 'PUT', '/api/contact/publication', a.token, { siteId: depot.id, ...own });

    const page = (await send(t, 'GET', '/api/contact/publication', a.token)).json();
    expect(page.company.settings).toEqual(settings);
    const bySite = Object.fromEntries(
      page.sites.map((s: { siteName: string; settings: unknown }) => [s.siteName, s.settings]),
    );
    expect(bySite).toEqual({ [a.body.siteName]: null, Depot: own });
  });

  it("a site without settings of its own shows the company's, never another site's", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const depot = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Depot'))).json();
    await send(t, 'PUT', '/api/contact/publication', a.token, { siteId: depot.id, ...settings });

    const page = (await send(t, 'GET', '/api/contact/publication', a.token)).json();
    expect(page.company.settings).toMatchObject({
      showPhone: false,
      showEmail: false,
      showRelay: true,
      phone: '',
    });
    const first = page.sites.find((s: { siteId: number }) => s.siteId === a.reply.siteId);
    expect(first.preview).toEqual({
      phone: null,
      email: null,
      address: null,
      relay: true,
      contactText: null,
    });
    const visitor = await send(t, 'GET', `/api/public/sign/${a.sticker.signRef}`);
    expect(visitor.json().contact).toEqual(first.preview);
    expect(visitor.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=20, stale-if-error=20',
    );
  });

  it("refuses another company's site with 404, for its own settings and for following the company, and changes nothing", async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t, { email: 'b@example.com', companyName: 'Other Ltd' });
    const before = await snapshot(t);
    const save = await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: b.reply.siteId,
      ...settings,
    });
    expect([save.statusCode, save.json().message]).toEqual([404, 'Not found']);
    const follow = await send(t, 'DELETE', `/api/contact/publication/site/${b.reply.siteId}`, a.token);
    expect([follow.statusCode, follow.json().message]).toEqual([404, 'Not found']);
    expect(await snapshot(t)).toEqual(before);
    // The owner's own next step still works.
    const own = await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: a.reply.siteId,
      ...settings,
    });
    expect(own.statusCode).toBe(200);
  });
});
