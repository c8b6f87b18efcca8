import { describe, expect, it } from 'vitest';
import {
  answerDue,
  type ClockFacts,
  canExtend,
  daysUntil,
  extendedDue,
  overwriteOn,
  ukIsoDate,
} from './legal-clock';

// The edges of the clock that mutation testing found untested (docs/decisions/0060). The rules are
// the ICO's right-of-access guidance, "How long do we have to comply?": one calendar month from
// receipt, or from the proof of identity arriving; "the time limit is paused" while a
// clarification asked for is awaited; an extension of up to two further months (UK GDPR Art. 12(3)).
// https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/individual-rights/right-of-access/what-should-we-consider-when-responding-to-a-request/

const received = (receivedOn: string, more: Partial<ClockFacts> = {}): ClockFacts => ({
  nation: 'england-and-wales',
  receivedOn,
  pauses: [],
  ...more,
});

describe('the clock refuses what is not a date', () => {
  it('an impossible or badly written date is refused, never rolled on to another day', () => {
    for (const bad of ['2026-02-30', '2026-2-03', '2026-13-01', '03/02/2026']) {
      expect(() => daysUntil(bad, '2026-02-01')).toThrow(`Not a calendar date (YYYY-MM-DD): ${bad}`);
    }
  });

  it('an instant that is not a time is refused', () => {
    expect(() => ukIsoDate(new Date(Number.NaN))).toThrow('Not an instant');
  });

  it('a pause that ends before it starts is refused, saying which', () => {
    expect(() =>
      answerDue(received('2026-01-05', { pauses: [{ from: '2026-01-10', to: '2026-01-09' }] })),
    ).toThrow('A pause cannot end (2026-01-09) before it starts (2026-01-10)');
  });
});

describe('pauses while more details are awaited (ICO: the time limit is paused)', () => {
  it('pauses given in any order count the same: the later one counts because the earlier one moved the end', () => {
    // One month from 5 January ends 5 February; 10 days paused in January move it to 15 February,
    // so details asked for on 10 February are within the time and pause it 2 more days.
    const january = { from: '2026-01-10', to: '2026-01-19' };
    const february = { from: '2026-02-10', to: '2026-02-11' };
    for (const pauses of [
      [january, february],
      [february, january],
    ]) {
      const answer = answerDue(received('2026-01-05', { pauses }));
      expect(answer.due).toBe('2026-02-17');
      expect(answer.pausedDays).toBe(12);
    }
  });

  it('details asked for on the last day of the month still pause the clock', () => {
    const answer = answerDue(received('2026-01-05', { pauses: [{ from: '2026-02-05', to: '2026-02-06' }] }));
    expect(answer.pausedDays).toBe(2);
    // 5 February + 2 days is Saturday 7 February: due the Monday.
    expect(answer.due).toBe('2026-02-09');
    expect(answer.reason).not.toContain('came after the time had run out');
  });

  it('a pause that began before the proof of identity arrived counts only from the day the clock started', () => {
    const proof = { identityAskedOn: '2026-01-05', identityArrivedOn: '2026-01-15' };
    const straddling = answerDue(
      received('2026-01-05', { ...proof, pauses: [{ from: '2026-01-10', to: '2026-01-17' }] }),
    );
    expect(straddling.pausedDays).toBe(3);
    expect(straddling.due).toBe('2026-02-18');
    const endingOnStart = answerDue(
      received('2026-01-05', { ...proof, pauses: [{ from: '2026-01-10', to: '2026-01-15' }] }),
    );
    expect(endingOnStart.pausedDays).toBe(1);
    const before = answerDue(
      received('2026-01-05', { ...proof, pauses: [{ from: '2026-01-06', to: '2026-01-08' }] }),
    );
    expect(before.pausedDays).toBe(0);
    // 15 February 2026 is a Sunday.
    expect(before.due).toBe('2026-02-16');
  });

  it('a day inside two pauses counts once, whether they touch or one holds the other', () => {
    const cases = [
      // Touching on 12 January: 10 to 14 January is 5 days.
      {
        second: { from: '2026-01-12', to: '2026-01-14' },
        first: { from: '2026-01-10', to: '2026-01-12' },
        days: 5,
        due: '2026-02-10',
      },
      // 12 to 15 January lies inside 10 to 20 January: 11 days.
      {
        second: { from: '2026-01-12', to: '2026-01-15' },
        first: { from: '2026-01-10', to: '2026-01-20' },
        days: 11,
        due: '2026-02-16',
      },
    ];
    for (const { first, second, days, due } of cases) {
      const answer = answerDue(received('2026-01-05', { pauses: [first, second] }));
      expect(answer.pausedDays).toBe(days);
      expect(answer.due).toBe(due);
    }
  });
});

describe('an extension of up to two further months (UK GDPR Art. 12(3))', () => {
  const extension = { askedOn: '2026-01-20', reason: '  Several requests from one person  ' };

  it('extended while details are awaited: no date until they arrive, then three months plus the pause', () => {
    const waiting = answerDue(
      received('2026-01-05', { extension, pauses: [{ from: '2026-01-25', to: null }] }),
    );
    expect(waiting.state).toBe('awaiting_clarification');
    expect(waiting.due).toBeNull();
    expect(waiting.extension).toEqual({
      granted: true,
      reason: 'asked for on 20 January 2026, within the first month',
    });
    const answered = answerDue(
      received('2026-01-05', { extension, pauses: [{ from: '2026-01-25', to: '2026-01-27' }] }),
    );
    expect(answered.state).toBe('running');
    expect(answered.due).toBe('2026-04-08');
    expect(answered.reason).toMatch(/told why: Several requests from one person$/);
  });

  it('what an extension would give says the same: no date while paused, a date once the details came', () => {
    expect(extendedDue(received('2026-01-05', { pauses: [{ from: '2026-01-25', to: null }] }))).toMatchObject(
      {
        state: 'awaiting_clarification',
        due: null,
      },
    );
    expect(
      extendedDue(received('2026-01-05', { pauses: [{ from: '2026-01-25', to: '2026-01-27' }] })),
    ).toMatchObject({
      state: 'running',
      due: '2026-04-08',
    });
  });

  it('while the clock is paused the operator may still extend, and is told why', () => {
    expect(
      canExtend(received('2026-01-05', { pauses: [{ from: '2026-01-25', to: null }] }), '2026-03-01'),
    ).toEqual({
      allowed: true,
      lastDay: null,
      reason: 'the clock is paused, so the first month has not run out',
    });
  });
});

describe('when footage is overwritten', () => {
  it('a recorder that keeps nothing overwrites the same day; a negative or part day is refused', () => {
    expect(overwriteOn('2026-01-05', 0).on).toBe('2026-01-05');
    expect(() => overwriteOn('2026-01-05', -1)).toThrow('Retention must be a whole number of days, not -1');
    expect(() => overwriteOn('2026-01-05', 1.5)).toThrow('Retention must be a whole number of days, not 1.5');
  });
});

describe('an extension asked for before the clock has started', () => {
  it('is not granted, and the visitor is told the clock has not started', () => {
    const answer = answerDue(
      received('2026-03-02', {
        identityAskedOn: '2026-03-03',
        extension: { askedOn: '2026-03-04', reason: 'Several requests from one person' },
      }),
    );
    expect(answer.state).toBe('awaiting_identity');
    expect(answer.due).toBeNull();
    expect(answer.extension).toEqual({ granted: false, reason: 'the clock has not started yet' });
  });
});
