import type { Queryable } from '../../db/db';

/**
 * How often one key (an account tried from unknown browsers, or one device token) is heard:
 * `freeTries` tries at once, then each further try only after a wait that starts at
 * `firstWaitMs` and doubles with every try, up to `maxWaitMs`. The count is forgotten
 * `forgetMs` after the last try heard, and cleared by a success.
 */
export interface TryRule {
  freeTries: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetMs: number;
}

// Forgotten rows are harmless (a claim starts them afresh) but would pile up.
const PURGE_EVERY_CLAIMS = 500;
let claimsSincePurge = 0;

/** Milliseconds until the next try of `key` is heard (0: now). A read only, so a refusal writes nothing. */
export async function waitBeforeTry(db: Queryable, key: string): Promise<number> {
  const row = await db.maybeOne<{ wait_ms: number }>(
    `select ceil(extract(epoch from (next_try_at - now())) * 1000)::int8 as wait_ms
       from sign_in_guards where key = $1 and forget_at > now() and next_try_at > now()`,
    [key],
  );
  return row ? Math.max(1, Number(row.wait_ms)) : 0;
}

/**
 * Claims the next try of `key`, counting it before the password is checked: of two tries at
 * the same moment only one can take a slot that is free, in one statement (an upsert with a
 * condition, so neither ever waits for nor fails on the other). False when the try must wait;
 * then no row was changed.
 */
export async function claimTry(db: Queryable, key: string, rule: TryRule): Promise<boolean> {
  // The wait after try n: none within the free tries, then firstWaitMs doubling, at most maxWaitMs.
  const tries = 'case when g.forget_at <= now() then 1 else g.tries + 1 end';
  const waitAfter = (n: string) =>
    `case when ${n} < $2 then 0 else least($4::double precision, $3::double precision * power(2::double precision, (${n} - $2)::double precision)) end`;
  const rows = await db.query<{ tries: number }>(
    `insert into sign_in_guards as g (key, tries, next_try_at, forget_at)
     values ($1, 1,
             now() + (${waitAfter('1')}) * interval '1 millisecond',
             now() + $5::double precision * interval '1 millisecond')
     on conflict (key) do update set
       tries = ${tries},
       next_try_at = now() + (${waitAfter(tries)}) * interval '1 millisecond',
       forget_at = now() + $5::double precision * interval '1 millisecond'
     where g.next_try_at <= now() or g.forget_at <= now()
     returning tries`,
    [key, rule.freeTries, rule.firstWaitMs, rule.maxWaitMs, rule.forgetMs],
  );
  claimsSincePurge += 1;
  if (claimsSincePurge >= PURGE_EVERY_CLAIMS) {
    claimsSincePurge = 0;
    await db.query('delete from sign_in_guards where forget_at < now()');
  }
  return rows.length === 1;
}

/** A success: the tries of `key` are forgotten. */
export async function clearTries(db: Queryable, key: string): Promise<void> {
  await db.query('delete from sign_in_guards where key = $1', [key]);
}
