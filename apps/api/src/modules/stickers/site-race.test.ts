import { messages as serverMessages } from '@app/contract/messages';
import { workspaceMessages } from '@app/contract/workspace';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSticker, signedIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testDbKind } from '../../test/test-db';
import { send, siteInput } from '../../test/workspace';

let t: TestApp;
afterEach(() => t?.close());

interface StickerState {
  site_id: number | null;
  company_id: number | null;
  user_id: number | null;
  start_date: Date | null;
  site_company: number | null;
}

const stateOf = (id: number) =>
  t.db.one<StickerState>(
    `select st.site_id, st.company_id, st.user_id, st.start_date, s.company_id as site_company
       from stickers st left join sites s on s.id = st.site_id where st.id = $1`,
    [id],
  );

describe('moving, retiring and claiming one sign at the same moment', () => {
  it('answers every request 200, 404 or 409, never 500, and leaves the sign whole', async () => {
    t = await createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Second site'))).json();
    const sticker = await addSticker(t.db);
    const claim = { siteId: a.reply.siteId, signRef: sticker.signRef, prefixNo: sticker.prefixNo };
    const statuses = new Set<number>();
    const messages = new Set<string>();
    for (let round = 0; round < 6; round++) {
      await t.db.query(
        `update stickers set site_id = $2, company_id = $3, user_id = $4, site_name = 'Yard', start_date = now()
          where id = $1`,
        [sticker.id, a.reply.siteId, a.reply.companyId, a.reply.userId],
      );
      const path = `/api/stickers/site/${sticker.id}`;
      const answers = await Promise.all([
        send(t, 'PUT', path, a.token, { action: 'move', siteId: second.id }),
        send(t, 'PUT', path, a.token, { action: 'retire' }),
        send(t, 'PUT', path, a.token, { action: 'move', siteId: a.reply.siteId }),
        send(t, 'POST', '/api/stickers/site/signRef', b.token, { ...claim, siteId: b.reply.siteId }),
        send(t, 'PUT', path, a.token, { action: 'move', siteId: second.id }),
      ]);
      for (const answer of answers) {
        statuses.add(answer.statusCode);
        if (answer.statusCode === 409) messages.add(answer.json().message);
      }
      const state = await stateOf(sticker.id);
      // Either free, or wholly one company's, on a site of that company.
      if (state.site_id === null) {
        expect(state).toEqual({
          site_id: null,
          company_id: null,
          user_id: null,
          start_date: null,
          site_company: null,
        });
      } else {
        expect(state.site_company).toBe(state.company_id);
        expect(state.start_date).toBeInstanceOf(Date);
      }
    }
    expect([...statuses].filter((s) => ![200, 404, 409].includes(s))).toEqual([]);
    expect(
      [...messages].filter(
        (m) => m !== workspaceMessages.stickerChanged && m !== 'This sticker has already been registered.',
      ),
    ).toEqual([]);
  });

  it.runIf(testDbKind() === 'postgres')(
    'a move that waited while the sign was retired answers 409 with what to do',
    async () => {
      t = await createTestApp();
      const a = await signedIn(t);
      const second = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Second site'))).json();
      const id = a.sticker.id;
      const { pending } = await t.db.transaction(async (tx) => {
        await tx.query('select id from stickers where id = $1 for update', [id]);
        const move = send(t, 'PUT', `/api/stickers/site/${id}`, a.token, {
          action: 'move',
          siteId: second.id,
        });
        // Until the move is waiting for this transaction's row lock (a busy machine may take a while
        // to get it there; the race this test is about only happens once it is).
        await vi.waitFor(
          async () => {
            const [waiting] = await t.db.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            );
            expect(waiting?.n, 'the move is waiting for the row lock').toBeGreaterThan(0);
          },
          { timeout: 15_000, interval: 20 },
        );
        await tx.query(
          'update stickers set site_id = null, company_id = null, user_id = null, site_name = null, start_date = null where id = $1',
          [id],
        );
        return { pending: move };
      });
      const moved = await pending;
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toEqual({ message: workspaceMessages.stickerChanged });
      expect(await stateOf(id)).toMatchObject({ site_id: null, company_id: null });
    },
  );
});

describe('a move the database refuses', () => {
  // What PostgreSQL answers a change that met another: a deadlock (40P01), a serialization failure
  // (40001), a row it points at gone (23503), a check the other change made false (23514). Raised
  // here by a trigger on the sign's row, as the database would raise them.
  async function refusingMoves(errcode: string) {
    t = await createTestApp();
    const a = await signedIn(t);
    const target = (await send(t, 'POST', '/api/sites/add', a.token, siteInput('Race yard'))).json();
    await t.db.exec(`
      create function refuse_move() returns trigger language plpgsql as $$
      begin
        if new.site_name = 'Race yard' then raise exception 'refused for the test' using errcode = '${errcode}'; end if;
        return new;
      end $$;
      create trigger refuse_move before update on stickers for each row execute function refuse_move();
    `);
    const moved = await send(t, 'PUT', `/api/stickers/site/${a.sticker.id}`, a.token, {
      action: 'move',
      siteId: target.id,
    });
    return { a, target, moved };
  }

  it.each(['40P01', '40001', '23503', '23514'])(
    'answering %s (it met another change) is a 409 saying what to do, and the sign stays where it was',
    async (errcode) => {
      const { a, target, moved } = await refusingMoves(errcode);
      expect(moved.statusCode).toBe(409);
      expect(moved.json()).toEqual({ message: workspaceMessages.stickerChanged });
      expect(await stateOf(a.sticker.id)).toMatchObject({
        site_id: a.reply.siteId,
        company_id: a.reply.companyId,
      });
      // Trying again, once the other change is over, moves it.
      await t.db.exec('drop trigger refuse_move on stickers');
      const again = await send(t, 'PUT', `/api/stickers/site/${a.sticker.id}`, a.token, {
        action: 'move',
        siteId: target.id,
      });
      expect(again.json()).toMatchObject({
        message: workspaceMessages.stickerMoved,
        sticker: { siteId: target.id },
      });
    },
  );

  it('any other refusal is the server’s fault: a 500 with the general message, never "changed"', async () => {
    const { moved } = await refusingMoves('XX000');
    expect(moved.statusCode).toBe(500);
    expect(moved.json()).toEqual({ message: serverMessages.server.generic });
  });
});
