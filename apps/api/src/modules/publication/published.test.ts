import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { createTestDb } from '../../test/test-db';
import { publishedContactForSites, publishedFrom } from './published';

const base = {
  site_id: null,
  show_phone: true,
  show_email: false,
  show_address: true,
  show_relay: true,
  phone: '01632 960001',
  email: 'shop@example.co.uk',
  address: '1 High Street, Anytown',
  is_home_address: false,
  home_address_consent: false,
  contact_text: '',
};

describe('publishedFrom', () => {
  it('publishes only the channels switched on', () => {
    expect(publishedFrom(base)).toEqual({
      phone: '01632 960001',
      email: null,
      address: '1 High Street, Anytown',
      relay: true,
      contactText: null,
    });
  });

  it('never publishes a home address without consent', () => {
    expect(publishedFrom({ ...base, is_home_address: true }).address).toBeNull();
    expect(publishedFrom({ ...base, is_home_address: true, home_address_consent: true }).address).toBe(
      '1 High Street, Anytown',
    );
  });

  it('offers only the relay when nothing was chosen', () => {
    expect(publishedFrom(undefined)).toEqual({
      phone: null,
      email: null,
      address: null,
      relay: true,
      contactText: null,
    });
  });
});

describe('publishedContactForSites', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it('uses a site’s own settings where it has them, else the company’s', async () => {
    const company = await db.one<{ id: number }>(
      `insert into companies (name) values ('Corner Shop') returning id`,
    );
    const [a, b] = await db.query<{ id: number }>(
      `insert into sites (company_id, name) values ($1, 'Front'), ($1, 'Yard') returning id`,
      [company.id],
    );
    if (!a || !b) throw new Error('sites not created');
    await db.query(
      `insert into contact_publications (company_id, site_id, show_phone, phone) values ($1, null, true, '01632 960002')`,
      [company.id],
    );
    await db.query(
      `insert into contact_publications (company_id, site_id, show_email, email, show_relay)
       values ($1, $2, true, 'yard@example.co.uk', false)`,
      [company.id, b.id],
    );
    const published = await publishedContactForSites(db, company.id, [a.id, b.id]);
    expect(published.get(a.id)).toMatchObject({ phone: '01632 960002', email: null, relay: true });
    expect(published.get(b.id)).toMatchObject({ phone: null, email: 'yard@example.co.uk', relay: false });
  });
});
