import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { send, siteInput, snapshot } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

const settings = {
  showPhone: true,
  showEmail: false,
  showAddress: false,
  showRelay: true,
  phone: '0113 496 0000',
  email: 'office@example.com',
  address: '1 Lantern Row, Leeds LS1 9ZQ',
  isHomeAddress: false,
  homeAddressConsent: false,
  contactText: 'Ask for the site manager.',
};

describe('published contact details', () => {
  it('publishes phone and relay but not e-mail; the preview and a visitor’s look-up show exactly that', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const empty = await send(t, 'GET', '/api/contact/publication', a.token);
    expect(empty.json().sites[0].preview).toEqual({
      phone: null,
      email: null,
      address: null,
      relay: true,
      contactText: null,
    });

    const saved = await send(t, 'PUT', '/api/contact/publication', a.token, { siteId: null, ...settings });
    expect(saved.statusCode).toBe(200);
    const expected = {
      phone: '0113 496 0000',
      email: null,
      address: null,
      relay: true,
      contactText: 'Ask for the site manager.',
    };
    expect(saved.json().sites).toEqual([
      {
        siteId: a.reply.siteId,
        siteName: a.body.siteName,
        settings: null,
        preview: expected,
        detailsOutOfDate: false,
      },
    ]);
    const visitor = await send(t, 'GET', `/api/public/sign/${a.sticker.signRef.toLowerCase()}`);
    expect(visitor.json()).toEqual({
      signRef: a.sticker.signRef,
      operator: a.body.companyName,
      site: a.body.siteName,
      detailsOutOfDate: false,
      contact: expected,
    });
  });

  it('a site may differ from the company, and can follow it again', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Depot'))).json();
    await send(t, 'PUT', '/api/contact/publication', a.token, { siteId: null, ...settings });
    const own = await send(t, 'PUT', '/api/contact/publication', a.token, {
      siteId: second.id,
      ...settings,
      showPhone: false,
      showEmail: true,
    });
    const previews = Object.fromEntries(
      own.json().sites.map((s: { siteName: string; preview: unknown }) => [s.siteName, s.preview]),
    );
    expect(previews.Depot).toMatchObject({ phone: null, email: 'office@example.com' });
    expect(previews[a.body.siteName]).toMatchObject({ phone: '0113 496 0000', email: null });
    const back = await send(t, 'DELETE', `/api/contact/publication/site/${second.id}`, a.token);
    expect(back.json().sites.find((s: { siteId: number }) => s.siteId === second.id)).toMatchObject({
      settings: null,
      preview: { phone: '0113 496 0000', email: null },
    });
  });

  it('a home address is published only when the operator switches it on', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const home = { siteId: null, ...settings, showAddress: true, isHomeAddress: true };
    const without = await send(t, 'PUT', '/api/contact/publication', a.token, home);
    expect(without.json().sites[0].preview.address).toBeNull();
    const withConsent = await send(t, 'PUT', '/api/contact/publication', a.token, {
      ...home,
      homeAddressConsent: true,
    });
    expect(withConsent.json().sites[0].preview.address).toBe('1 Lantern Row, Leeds LS1 9ZQ');
  });

  it('refuses bad bodies with a clear message and changes nothing', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const before = await snapshot(t);
    const cases: [unknown, string][] = [
      [{ siteId: null, ...settings, phone: '1'.repeat(31) }, 'Phone must be at most 30 characters.'],
      [
        { siteId: null, ...settings, contactText: 'x'.repeat(501) },
        'Contact text must be at most 500 characters.',
      ],
      [{ siteId: null, ...settings, email: 'not an address' }, 'email'],
      [{ ...settings }, 'siteId is required'],
      [
        { siteId: null, ...settings, phone: '' },
        'Enter the phone number to publish, or untick "Phone number".',
      ],
      [
        { siteId: null, ...settings, showEmail: true, email: '' },
        'Enter the e-mail address to publish, or untick "E-mail address".',
      ],
      [
        { siteId: null, ...settings, showAddress: true, address: '   ' },
        'Enter the postal address to publish, or untick "Postal address".',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send(t, 'PUT', '/api/contact/publication', a.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
