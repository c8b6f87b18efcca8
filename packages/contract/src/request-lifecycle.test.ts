import { describe, expect, it } from 'vitest';
import {
  allowedOperatorActions,
  allowedVisitorActions,
  type LifecycleFacts,
  REQUEST_STATES,
  refusal,
  stateAfter,
} from './request-lifecycle';

const facts = (over: Partial<LifecycleFacts> = {}): LifecycleFacts => ({
  state: 'received',
  kind: 'footage',
  extended: false,
  acknowledged: false,
  ...over,
});

describe('the request lifecycle', () => {
  // Each row: state -> action -> the state it leads to (or null: refused).
  const table: [LifecycleFacts['state'], Parameters<typeof refusal>[1], LifecycleFacts['state'] | null][] = [
    ['received', 'start', 'in_progress'],
    ['received', 'ask_identity', 'awaiting_identity'],
    ['received', 'ask_clarification', 'awaiting_clarification'],
    ['received', 'extend', 'extended'],
    ['received', 'answer', 'answered'],
    ['received', 'close', null],
    ['awaiting_identity', 'send_identity', 'in_progress'],
    ['awaiting_identity', 'answer', null],
    ['awaiting_identity', 'withdraw', 'withdrawn'],
    ['awaiting_clarification', 'clarify', 'in_progress'],
    ['awaiting_clarification', 'send_identity', null],
    ['in_progress', 'ask_identity', 'awaiting_identity'],
    ['in_progress', 'answer', 'answered'],
    ['in_progress', 'start', null],
    ['extended', 'answer', 'answered'],
    ['extended', 'ask_clarification', 'awaiting_clarification'],
    ['answered', 'close', 'closed'],
    ['answered', 'withdraw', null],
    ['answered', 'answer', null],
    ['closed', 'start', null],
    ['withdrawn', 'answer', null],
    ['withdrawn', 'withdraw', null],
  ];
  it.each(table)('%s + %s -> %s', (state, action, expected) => {
    const f = facts({ state });
    if (expected === null) {
      expect(refusal(f, action)).toMatch(/not possible while the request is/);
    } else {
      expect(refusal(f, action)).toBeNull();
      expect(stateAfter(f, action)).toBe(expected);
    }
  });

  it('returns an extended request to "extended" when the visitor answers a clarification', () => {
    const f = facts({ state: 'awaiting_clarification', extended: true });
    expect(stateAfter(f, 'clarify')).toBe('extended');
  });

  it('allows one extension only', () => {
    expect(refusal(facts({ state: 'in_progress', extended: true }), 'extend')).toBe(
      'This request has already been extended.',
    );
  });

  it('acknowledges complaints only, and once', () => {
    expect(refusal(facts({ kind: 'question' }), 'acknowledge')).toBe('Only a complaint is acknowledged.');
    expect(refusal(facts({ kind: 'complaint' }), 'acknowledge')).toBeNull();
    expect(refusal(facts({ kind: 'complaint', acknowledged: true }), 'acknowledge')).toBe(
      'This complaint has already been acknowledged.',
    );
  });

  it('does not ask the police or a solicitor for proof of identity', () => {
    expect(refusal(facts({ kind: 'third_party' }), 'ask_identity')).toMatch(/checked by its own details/);
  });

  it('offers the operator and the visitor only what the state allows', () => {
    expect(allowedOperatorActions(facts())).toEqual([
      'start',
      'ask_identity',
      'ask_clarification',
      'extend',
      'answer',
    ]);
    expect(allowedOperatorActions(facts({ state: 'answered' }))).toEqual(['close']);
    expect(allowedVisitorActions(facts({ state: 'awaiting_identity' }))).toEqual([
      'send_identity',
      'withdraw',
    ]);
    expect(allowedVisitorActions(facts({ state: 'answered' }))).toEqual([]);
    for (const state of ['closed', 'withdrawn'] as const) {
      expect(allowedOperatorActions(facts({ state }))).toEqual([]);
    }
    expect(REQUEST_STATES).toHaveLength(8);
  });
});
