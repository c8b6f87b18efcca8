import { afterEach, describe, expect, it } from 'vitest';
import { runSeeds } from '../../db/seed';
import { call } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_ACCOUNT, demoAccountsSeed } from '../users/demo-seed';
import { demoRequestsSeed } from './demo-seed';

let t: TestApp;
afterEach(() => t?.close());

describe('the demo requests', () => {
  it('give the demo operator a request in every state of the desk, once', async () => {
    t = await createTestApp({ env: { nodeEnv: 'development' } });
    await runSeeds(t.db, t.env, [demoAccountsSeed, demoRequestsSeed]);
    await runSeeds(t.db, t.env, [demoAccountsSeed, demoRequestsSeed]);
    const states = await t.db.query<{ state: string }>('select state from relay_requests order by id');
    expect(new Set(states.map((s) => s.state))).toEqual(
      new Set([
        'received',
        'awaiting_identity',
        'awaiting_clarification',
        'in_progress',
        'extended',
        'answered',
        'closed',
        'withdrawn',
      ]),
    );
    expect(states).toHaveLength(11);
    // A police request, from the police's own form, awaits the operator's decision (decision 0052).
    expect(
      await t.db.query(
        `select t.requester, t.decision, r.state, t.details->>'crimeReference' as crime_reference
           from third_party_requests t join relay_requests r on r.id = t.request_id`,
      ),
    ).toEqual([{ requester: 'police', decision: null, state: 'received', crime_reference: '13/120345/26' }]);
    // Their mails were "sent" long ago: none waits in the outbox of a fresh start.
    expect(await t.db.query('select to_address from mail_outbox')).toEqual([]);
    const login = await call(t, 'POST', '/api/users/login', {
      body: { userName: DEMO_ACCOUNT.userName, password: DEMO_ACCOUNT.password },
    });
    const token = login.json().token;
    const desk = (await call(t, 'GET', '/api/requests', { token })).json();
    const summary = (await call(t, 'GET', '/api/requests/summary', { token })).json();
    expect(summary.counts).toMatchObject({ open: 8, awaiting_visitor: 2, overdue: 1, closed: 3 });
    expect(desk.requests).toHaveLength(8);
    // The most urgent first: the footage about to be overwritten, not yet saved.
    expect(desk.requests[0]).toMatchObject({ visitorName: 'Priya Shah', footageSaved: null });
    expect(desk.requests[0].next).toMatch(/^Save the footage before /);
  });

  it('are not made in production', async () => {
    t = await createTestApp({ env: { nodeEnv: 'production' } });
    await runSeeds(t.db, t.env, [demoAccountsSeed, demoRequestsSeed]);
    expect(await t.db.query('select 1 from relay_requests')).toEqual([]);
  });
});
