import type { Seed } from '../../db/seed';
import { hashPassword } from '../auth/passwords';
import { linkSticker } from '../stickers/repository';
import { findUserByName, insertCompany, insertSite, insertUser } from './repository';

/**
 * Demo stickers and a confirmed demo operator, documented in the README ("Demo stickers and
 * accounts"). Never in production: anyone who has read the README would know them.
 */
export const DEMO_STICKERS = [
  { signRef: 'DEMO-0001-SIGN', prefixNo: 'AAA00001' },
  { signRef: 'DEMO-0002-SIGN', prefixNo: 'AAA00002' },
  { signRef: 'DEMO-0003-SIGN', prefixNo: 'AAA00003' },
  { signRef: 'DEMO-0004-SIGN', prefixNo: 'AAA00004' },
  { signRef: 'DEMO-0005-SIGN', prefixNo: 'AAA00005' },
] as const;

/** Owns DEMO-0001-SIGN; the other demo stickers are free for trying sign-up. */
export const DEMO_ACCOUNT = {
  userName: 'demo',
  password: 'demo-password',
  email: 'demo@example.com',
  companyName: 'Demo Security Ltd',
  siteName: 'Lantern Row car park',
} as const;

/**
 * The demo operator's other sites, without signs. Retention is stated for all but the last, so the
 * workspace shows the notice that asks for it ("How many days does your recorder keep footage?").
 */
export const DEMO_OTHER_SITES = [
  {
    name: 'Lantern Row loading bay',
    keyInfo:
      'CCTV watches the loading bay for the safety of drivers and staff. Recordings are overwritten after 14 days.',
    retentionDays: 14,
  },
  {
    name: 'Lantern Row bike store',
    keyInfo: 'CCTV is used to prevent theft from the bike store.',
    retentionDays: null,
  },
] as const;

const demoAddress = {
  address1: '1 Lantern Row',
  address2: '',
  address3: '',
  town: 'Leeds',
  postcode: 'LS1 9ZQ',
  county: 'West Yorkshire',
};

export const demoAccountsSeed: Seed = {
  name: 'demo stickers and account',
  async run(db, env) {
    if (env.nodeEnv === 'production') return;
    await db.query(
      `insert into stickers (sign_ref, sign_ref_key, prefix_no)
       select ref, regexp_replace(ref, '[^A-Z0-9]', '', 'g'), prefix
         from unnest($1::text[], $2::text[]) as t(ref, prefix)
       on conflict do nothing`,
      [DEMO_STICKERS.map((s) => s.signRef), DEMO_STICKERS.map((s) => s.prefixNo)],
    );
    if (await findUserByName(db, DEMO_ACCOUNT.userName)) return;

    const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
    await db
      .transaction(async (tx) => {
        const companyId = await insertCompany(tx, {
          name: DEMO_ACCOUNT.companyName,
          ...demoAddress,
          tel: '0113 496 0000',
        });
        const user = await insertUser(tx, {
          companyId,
          userName: DEMO_ACCOUNT.userName,
          email: DEMO_ACCOUNT.email,
          passwordHash,
          title: 'Mx',
          firstname: 'Demo',
          surname: 'Operator',
          tel: '0113 496 0000',
          masterUser: true,
          confirmed: true,
        });
        // Another instance seeding at the same moment got there first: leave theirs.
        if ('taken' in user) throw new DemoSeedRace();
        const siteId = await insertSite(tx, {
          companyId,
          name: DEMO_ACCOUNT.siteName,
          ...demoAddress,
          keyInfo:
            'CCTV is used here to keep the car park safe. The system is reviewed every month, recordings are overwritten every 30 days, and footage may be handed to the Police as evidence.',
          retentionDays: 30,
        });
        for (const other of DEMO_OTHER_SITES) {
          await insertSite(tx, { companyId, ...demoAddress, ...other });
        }
        const sticker = await tx.one<{ id: number }>('select id from stickers where sign_ref = $1', [
          DEMO_STICKERS[0].signRef,
        ]);
        await linkSticker(tx, {
          stickerId: sticker.id,
          siteId,
          companyId,
          userId: user.id,
          siteName: DEMO_ACCOUNT.siteName,
        });
      })
      .catch((error: unknown) => {
        if (!(error instanceof DemoSeedRace)) throw error;
      });
  },
};

class DemoSeedRace extends Error {}
