import { messages } from '@app/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '../../cli/server-info';
import { createTestApp, type TestApp } from '../../test/test-app';

// Sign references are drawn at random (60 bits): a drawn one that is in use already is not inserted
// (`on conflict do nothing`) and another is drawn, at most 10 rounds. Collisions are too rare to
// meet by chance, so a trigger here drops the first `skipped` rows drawn, as a conflict would, and
// counts every row drawn in a sequence (which a rolled-back transaction does not reset).

let t: TestApp;
afterEach(() => t?.close());

async function appWhereDrawsCollide(skipped: number) {
  t = await createTestApp();
  await t.db.exec(`
    create sequence drawn_refs;
    create function drop_drawn() returns trigger language plpgsql as $$
    begin
      if nextval('drawn_refs') <= ${skipped} then return null; end if;
      return new;
    end $$;
    create trigger drop_drawn before insert on stickers for each row execute function drop_drawn();
  `);
}

const issue = (count: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/stickers',
    payload: { count },
    headers: { [ADMIN_TOKEN_HEADER]: t.app.adminToken },
    remoteAddress: '127.0.0.1',
  });

const drawn = async () => (await t.db.one<{ n: number }>('select last_value::int as n from drawn_refs')).n;
const stored = async () =>
  (await t.db.query<{ sign_ref: string }>('select sign_ref from stickers order by sign_ref')).map(
    (r) => r.sign_ref,
  );

describe('issuing stickers when a drawn reference is in use', () => {
  it('draws again only as many as are missing: exactly as many new stickers as asked', async () => {
    await appWhereDrawsCollide(2);
    const res = await issue(5);
    expect(res.statusCode).toBe(200);
    const issued = (res.json() as { stickers: { signRef: string }[] }).stickers.map((s) => s.signRef);
    expect(issued).toHaveLength(5);
    expect(await stored()).toEqual([...issued].sort());
    // Five drawn, two of them in use, then two more.
    expect(await drawn()).toBe(7);
  });

  it('gives up after 10 rounds that found only references in use: an error, and nothing issued', async () => {
    await appWhereDrawsCollide(1000);
    const res = await issue(1);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: messages.server.generic });
    expect(await drawn()).toBe(10);
    expect(await stored()).toEqual([]);
  });
});
