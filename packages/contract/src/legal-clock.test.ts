import { describe, expect, it } from 'vitest';
import {
  answerDue,
  type ClockFacts,
  type ClockPause,
  canExtend,
  complaintAcknowledgeBy,
  daysUntil,
  extendedDue,
  isPast,
  overwriteOn,
  ukIsoDate,
} from './legal-clock';

// ICO, Right of access, "What should we consider when responding to a request?" (updated
// 8 December 2025), section "How long do we have to comply?":
const ICO_RIGHT_OF_ACCESS =
  'https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/individual-rights/right-of-access/what-should-we-consider-when-responding-to-a-request/';
// ICO, SAR checklist for SMEs, "I need to complete a SAR".
const ICO_SAR_CHECKLIST = 'https://ico.org.uk/global/sar-checklist-for-smes/i-need-to-complete-a-sar';

const ew = 'england-and-wales';
const scot = 'scotland';
const ni = 'northern-ireland';

const facts = (
  nation: ClockFacts['nation'],
  receivedOn: string,
  more: Partial<ClockFacts> = {},
): ClockFacts => ({
  nation,
  receivedOn,
  pauses: [],
  ...more,
});
const paused = (...pauses: ClockPause[]) => ({ pauses });

interface Row {
  name: string;
  facts: ClockFacts;
  due: string | null;
  /** A phrase the reason must hold, as the visitor or operator reads it. */
  says: string;
}

const rows: Row[] = [
  // The ICO's own worked examples.
  {
    name: `ICO: "if an organisation receives a request on 3 September ... until 3 October" (${ICO_SAR_CHECKLIST})`,
    facts: facts(ew, '2025-09-03'),
    due: '2025-10-03',
    says: 'due 3 October 2025: one month from receipt on 3 September 2025',
  },
  {
    name: `ICO: "A request is received on 1 January (a bank holiday), so the one-month period ends at the end of 1 February" (${ICO_RIGHT_OF_ACCESS})`,
    facts: facts(ew, '2027-01-01'),
    due: '2027-02-01',
    says: 'one month from receipt on 1 January 2027',
  },
  {
    name: `ICO: "A request is received on Monday 25 November. The time to respond will run until the end of Friday 27 December" (${ICO_RIGHT_OF_ACCESS})`,
    facts: facts(ew, '2024-11-25'),
    due: '2024-12-27',
    says: 'ends on 25 December 2024, moved past Christmas Day and Boxing Day',
  },
  {
    name: 'ICO: "A request received on 31 January will run until the end of 28 February ... If that date falls on a weekend, the deadline is the end of the next Monday" (2027)',
    facts: facts(ew, '2027-01-31'),
    due: '2027-03-01',
    says: 'ends on 28 February 2027, moved past the weekend',
  },
  {
    name: 'ICO: "... (or 29 February in a leap year)": 31 January 2028 is due 29 February 2028',
    facts: facts(ew, '2028-01-31'),
    due: '2028-02-29',
    says: 'due 29 February 2028: one month from receipt on 31 January 2028',
  },
  {
    name: 'ICO: "Even if you receive the request on a non-working day, you must start from this date" (Saturday)',
    facts: facts(ew, '2026-11-07'),
    due: '2026-12-07',
    says: 'one month from receipt on 7 November 2026',
  },
  // Month ends.
  {
    name: 'leap day 29 February 2028 is due 29 March 2028',
    facts: facts(ew, '2028-02-29'),
    due: '2028-03-29',
    says: 'due 29 March 2028',
  },
  {
    name: '31 January 2026: 28 February 2026 is a Saturday, so Monday 2 March',
    facts: facts(ew, '2026-01-31'),
    due: '2026-03-02',
    says: 'ends on 28 February 2026, moved past the weekend',
  },
  {
    name: '31 March has no 31 April: the last day of April',
    facts: facts(ew, '2026-03-31'),
    due: '2026-04-30',
    says: 'due 30 April 2026: one month from receipt on 31 March 2026',
  },
  {
    name: '30 March is due 30 April, the same as 31 March',
    facts: facts(ew, '2026-03-30'),
    due: '2026-04-30',
    says: 'one month from receipt on 30 March 2026',
  },
  {
    name: '31 August (a bank holiday itself) is due 30 September',
    facts: facts(ew, '2026-08-31'),
    due: '2026-09-30',
    says: 'due 30 September 2026',
  },
  // Christmas, and its substitute days.
  {
    name: 'Christmas 2026: Friday 25 December, Boxing Day substitute Monday 28 December',
    facts: facts(ew, '2026-11-25'),
    due: '2026-12-29',
    says: 'due 29 December 2026: one month from receipt on 25 November 2026 ends on 25 December 2026, moved past Christmas Day, Boxing Day and the weekend',
  },
  {
    name: 'Christmas 2027 on a Saturday: substitutes Monday 27 and Tuesday 28 December',
    facts: facts(ew, '2027-11-25'),
    due: '2027-12-29',
    says: 'moved past Christmas Day, Boxing Day and the weekend',
  },
  {
    name: "New Year's Day 2028 on a Saturday: England and Wales's substitute Monday 3 January",
    facts: facts(ew, '2027-12-01'),
    due: '2028-01-04',
    says: 'moved past New Year’s Day and the weekend',
  },
  {
    name: 'Scotland, the same day: 2 January 2028 is a Sunday, substitute Tuesday 4 January',
    facts: facts(scot, '2027-12-01'),
    due: '2028-01-05',
    says: 'moved past New Year’s Day, 2nd January and the weekend',
  },
  // Each nation's own days.
  {
    name: 'England and Wales: 2 January 2026 is a working day',
    facts: facts(ew, '2025-12-02'),
    due: '2026-01-02',
    says: 'due 2 January 2026',
  },
  {
    name: 'Scotland: 2 January 2026 is a bank holiday (a Friday), so Monday 5 January',
    facts: facts(scot, '2025-12-02'),
    due: '2026-01-05',
    says: 'moved past 2nd January and the weekend',
  },
  {
    name: 'England and Wales: 17 March 2026 is a working day',
    facts: facts(ew, '2026-02-17'),
    due: '2026-03-17',
    says: 'due 17 March 2026',
  },
  {
    name: "Northern Ireland: St Patrick's Day, Tuesday 17 March 2026",
    facts: facts(ni, '2026-02-17'),
    due: '2026-03-18',
    says: 'moved past St Patrick’s Day',
  },
  {
    name: 'Northern Ireland: the Battle of the Boyne, Monday 12 July 2027',
    facts: facts(ni, '2027-06-12'),
    due: '2027-07-13',
    says: 'moved past the Battle of the Boyne (Orangemen’s Day)',
  },
  {
    name: 'England and Wales: 12 July 2027 is a working day',
    facts: facts(ew, '2027-06-12'),
    due: '2027-07-12',
    says: 'due 12 July 2027',
  },
  {
    name: 'Northern Ireland: 12 July 2026 is a Sunday, its substitute is Monday 13 July',
    facts: facts(ni, '2026-06-13'),
    due: '2026-07-14',
    says: 'moved past the Battle of the Boyne (Orangemen’s Day)',
  },
  {
    name: "Scotland: St Andrew's Day, Monday 30 November 2026",
    facts: facts(scot, '2026-10-31'),
    due: '2026-12-01',
    says: 'ends on 30 November 2026, moved past St Andrew’s Day',
  },
  {
    name: 'England and Wales: 30 November 2026 is a working day',
    facts: facts(ew, '2026-10-31'),
    due: '2026-11-30',
    says: 'due 30 November 2026',
  },
  {
    name: 'England and Wales: Easter Monday, 6 April 2026',
    facts: facts(ew, '2026-03-06'),
    due: '2026-04-07',
    says: 'moved past Easter Monday',
  },
  {
    name: 'Scotland has no Easter Monday: 6 April 2026 is a working day',
    facts: facts(scot, '2026-03-06'),
    due: '2026-04-06',
    says: 'due 6 April 2026',
  },
  {
    name: 'Good Friday 3 April 2026, the weekend and Easter Monday (England and Wales)',
    facts: facts(ew, '2026-03-03'),
    due: '2026-04-07',
    says: 'moved past Good Friday, Easter Monday and the weekend',
  },
  {
    name: 'Good Friday 3 April 2026 and the weekend (Scotland)',
    facts: facts(scot, '2026-03-03'),
    due: '2026-04-06',
    says: 'moved past Good Friday and the weekend',
  },
  {
    name: "Scotland's summer bank holiday is the first Monday of August (3 August 2026)",
    facts: facts(scot, '2026-07-03'),
    due: '2026-08-04',
    says: 'moved past the Summer bank holiday',
  },
  {
    name: "England and Wales's summer bank holiday is the last Monday of August (31 August 2026)",
    facts: facts(ew, '2026-07-31'),
    due: '2026-09-01',
    says: 'moved past the Summer bank holiday',
  },
  {
    name: "Scotland's one-off World Cup bank holiday, Monday 15 June 2026",
    facts: facts(scot, '2026-05-15'),
    due: '2026-06-16',
    says: 'moved past the World Cup bank holiday',
  },
  {
    name: 'the early May bank holiday, Monday 4 May 2026',
    facts: facts(ew, '2026-04-04'),
    due: '2026-05-05',
    says: 'moved past the Early May bank holiday',
  },
  // Proof of identity or authority: the period runs from "the latest of" receipt and the proof
  // asked for arriving (Art. 12A UK GDPR, inserted by the Data (Use and Access) Act 2025; ICO: "within one month of
  // receipt of ... any information you request to confirm the identity").
  {
    name: 'identity asked for and not yet arrived: no due date',
    facts: facts(ew, '2026-03-02', { identityAskedOn: '2026-03-03' }),
    due: null,
    says: 'no due date yet: the clock starts when the proof of identity asked for on 3 March 2026 arrives',
  },
  {
    name: 'identity arriving later: one month from its arrival',
    facts: facts(ew, '2026-03-02', { identityAskedOn: '2026-03-03', identityArrivedOn: '2026-03-10' }),
    due: '2026-04-10',
    says: 'due 10 April 2026: one month from the day the proof of identity arrived, 10 March 2026',
  },
  {
    name: "a representative's authority arriving later",
    facts: facts(ew, '2026-03-02', {
      identityAskedOn: '2026-03-02',
      identityArrivedOn: '2026-03-10',
      proofOf: 'authority',
    }),
    due: '2026-04-10',
    says: 'the proof of authority arrived, 10 March 2026',
  },
  {
    name: 'proof arriving on the day of the request changes nothing',
    facts: facts(ew, '2026-03-02', { identityAskedOn: '2026-03-02', identityArrivedOn: '2026-03-02' }),
    due: '2026-04-02',
    says: 'one month from receipt on 2 March 2026',
  },
  {
    name: 'a pause before the clock started (while proof was awaited) does not count',
    facts: facts(ew, '2026-03-02', {
      identityAskedOn: '2026-03-03',
      identityArrivedOn: '2026-03-10',
      pauses: [{ from: '2026-03-04', to: '2026-03-06' }],
    }),
    due: '2026-04-10',
    says: 'one month from the day the proof of identity arrived, 10 March 2026',
  },
  // Pauses for more details (Art. 12A UK GDPR; in the words of its twin for Part 3, s.54(3C) DPA
  // 2018, amended by the same Act: "the period beginning with the day on which the controller makes
  // the request and ending with the day on which the controller receives the information does not
  // count"), so both days are paused.
  {
    name: 'a pause and a restart: 9 to 14 March is 6 days, 2 April becomes 8 April',
    facts: facts(ew, '2026-03-02', paused({ from: '2026-03-09', to: '2026-03-14' })),
    due: '2026-04-08',
    says: 'due 8 April 2026: one month from receipt on 2 March 2026, plus 6 days paused while more details were awaited',
  },
  {
    name: 'an answer arriving the day it was asked for still pauses that 1 day',
    facts: facts(ew, '2026-06-01', paused({ from: '2026-06-10', to: '2026-06-10' })),
    due: '2026-07-02',
    says: 'plus 1 day paused',
  },
  {
    name: 'two pauses add up: 2 days and 3 days',
    facts: facts(
      ew,
      '2026-06-01',
      paused({ from: '2026-06-10', to: '2026-06-12' }, { from: '2026-06-03', to: '2026-06-04' }),
    ),
    due: '2026-07-06',
    says: 'plus 5 days paused',
  },
  {
    name: 'overlapping pauses count each day once: 3 to 10 June is 8 days',
    facts: facts(
      ew,
      '2026-06-01',
      paused({ from: '2026-06-03', to: '2026-06-08' }, { from: '2026-06-06', to: '2026-06-10' }),
    ),
    due: '2026-07-09',
    says: 'plus 8 days paused',
  },
  {
    name: 'an open pause: no due date',
    facts: facts(
      ew,
      '2026-06-01',
      paused({ from: '2026-06-03', to: '2026-06-04' }, { from: '2026-06-20', to: null }),
    ),
    due: null,
    says: 'no due date while paused: more details were asked for on 20 June 2026',
  },
  {
    name: 'a pause moves the due date onto Christmas, which the working-day rule then moves on',
    facts: facts(ew, '2026-11-25', paused({ from: '2026-12-01', to: '2026-12-02' })),
    due: '2026-12-29',
    says: 'plus 2 days paused while more details were awaited, ends on 27 December 2026, moved past Boxing Day and the weekend',
  },
  {
    name: 'more details asked for after the time ran out do not pause it',
    facts: facts(ew, '2026-06-01', paused({ from: '2026-07-02', to: '2026-07-05' })),
    due: '2026-07-01',
    says: 'more details asked for on 2 July 2026 came after the time had run out, so did not pause it',
  },
  // Extensions (Art. 12(3): two further months, the person told within the first month, with reasons).
  {
    name: `an extension asked for in time: "three months from the original start date" (${ICO_RIGHT_OF_ACCESS})`,
    facts: facts(ew, '2026-11-25', {
      extension: { askedOn: '2026-12-10', reason: 'Footage from 14 cameras to review' },
    }),
    due: '2027-02-25',
    says: 'due 25 February 2027: three months from receipt on 25 November 2026; extended on 10 December 2026, the visitor told why: Footage from 14 cameras to review',
  },
  {
    name: "an extension asked for on the first month's due date itself is in time",
    facts: facts(ew, '2026-11-25', {
      extension: { askedOn: '2026-12-29', reason: 'Several requests at once' },
    }),
    due: '2027-02-25',
    says: 'three months from receipt on 25 November 2026',
  },
  {
    name: 'an extension asked for too late is refused and the first month stands',
    facts: facts(ew, '2026-11-25', { extension: { askedOn: '2026-12-30', reason: 'Complex' } }),
    due: '2026-12-29',
    says: "the extension asked for on 30 December 2026 was refused: too late, as an extension had to be asked for by 29 December 2026, the first month's due date",
  },
  {
    name: 'an extension without a reason is refused',
    facts: facts(ew, '2026-11-25', { extension: { askedOn: '2026-12-01', reason: '   ' } }),
    due: '2026-12-29',
    says: 'an extension needs a reason, which the visitor must be told',
  },
  {
    name: 'an extension from 30 November ends on 28 February 2027, a Sunday, so Monday 1 March',
    facts: facts(ew, '2026-11-30', { extension: { askedOn: '2026-12-01', reason: 'Complex' } }),
    due: '2027-03-01',
    says: 'three months from receipt on 30 November 2026 ends on 28 February 2027, moved past the weekend',
  },
  {
    name: 'an extension keeps the paused days: 1 September plus 2 days',
    facts: facts(ew, '2026-06-01', {
      pauses: [{ from: '2026-06-03', to: '2026-06-04' }],
      extension: { askedOn: '2026-06-20', reason: 'Complex' },
    }),
    due: '2026-09-03',
    says: 'three months from receipt on 1 June 2026, plus 2 days paused',
  },
  {
    name: 'a pause moves the last day to extend too: asked 3 July, after 1 July but within 1 July plus 5 paused days',
    facts: facts(ew, '2026-06-01', {
      pauses: [{ from: '2026-06-10', to: '2026-06-14' }],
      extension: { askedOn: '2026-07-03', reason: 'Complex' },
    }),
    due: '2026-09-07',
    says: 'three months from receipt on 1 June 2026, plus 5 days paused',
  },
];

describe('answerDue', () => {
  it('has at least 30 cases in its table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });

  it.each(rows)('$name', ({ facts: row, due, says }) => {
    const answer = answerDue(row);
    expect(answer.due).toBe(due);
    expect(answer.reason).toContain(says);
  });

  it('says whether the clock runs or waits for the visitor', () => {
    expect(answerDue(facts(ew, '2026-03-02', { identityAskedOn: '2026-03-03' })).state).toBe(
      'awaiting_identity',
    );
    expect(answerDue(facts(ew, '2026-06-01', paused({ from: '2026-06-03', to: null }))).state).toBe(
      'awaiting_clarification',
    );
    expect(answerDue(facts(ew, '2026-06-01'))).toEqual({
      state: 'running',
      due: '2026-07-01',
      reason: 'due 1 July 2026: one month from receipt on 1 June 2026',
      startedOn: '2026-06-01',
      pausedDays: 0,
      extendBy: '2026-07-01',
      extension: null,
    });
  });

  it('gives the last day to extend and whether an extension stands', () => {
    const late = answerDue(
      facts(ew, '2026-11-25', { extension: { askedOn: '2026-12-30', reason: 'Complex' } }),
    );
    expect(late.extendBy).toBe('2026-12-29');
    expect(late.extension?.granted).toBe(false);
    const inTime = answerDue(
      facts(ew, '2026-11-25', { extension: { askedOn: '2026-12-10', reason: 'Complex' } }),
    );
    expect(inTime.extendBy).toBe('2026-12-29');
    expect(inTime.extension?.granted).toBe(true);
  });

  it('refuses dates that are not calendar dates, and a pause ending before it starts', () => {
    expect(() => answerDue(facts(ew, '2026-02-30'))).toThrow(RangeError);
    expect(() => answerDue(facts(ew, '26/11/2026'))).toThrow(RangeError);
    expect(() =>
      answerDue(facts(ew, '2026-06-01', paused({ from: '2026-06-10', to: '2026-06-09' }))),
    ).toThrow(RangeError);
  });

  it('refuses a due date beyond the bank holidays it knows rather than guess', () => {
    expect(() => answerDue(facts(ew, '2030-12-15'))).toThrow(
      /extend packages\/contract\/src\/bank-holidays.ts/,
    );
  });
});

describe('extendedDue', () => {
  it('shows what an extension would give before one is asked for', () => {
    const answer = extendedDue(facts(ew, '2026-11-25'));
    expect(answer.due).toBe('2027-02-25');
    expect(answer.extendBy).toBe('2026-12-29');
    expect(answer.reason).toBe('due 25 February 2027: three months from receipt on 25 November 2026');
  });

  it('has no date while the clock has not started', () => {
    expect(extendedDue(facts(ew, '2026-03-02', { identityAskedOn: '2026-03-03' })).due).toBeNull();
  });
});

describe('canExtend', () => {
  it('allows an extension up to and on the first month due date', () => {
    expect(canExtend(facts(ew, '2026-11-25'), '2026-11-27')).toEqual({
      allowed: true,
      lastDay: '2026-12-29',
      reason:
        "an extension can be asked for until 29 December 2026, the first month's due date; the visitor must be told why",
    });
    expect(canExtend(facts(ew, '2026-11-25'), '2026-12-29').allowed).toBe(true);
  });

  it('refuses one asked for later, saying why', () => {
    expect(canExtend(facts(ew, '2026-11-25'), '2026-12-30')).toEqual({
      allowed: false,
      lastDay: '2026-12-29',
      reason: "too late, as an extension had to be asked for by 29 December 2026, the first month's due date",
    });
  });

  it('refuses a second extension', () => {
    const extended = facts(ew, '2026-11-25', { extension: { askedOn: '2026-12-01', reason: 'Complex' } });
    const check = canExtend(extended, '2026-12-02');
    expect(check.allowed).toBe(false);
    expect(check.reason).toContain('already extended on 1 December 2026');
  });

  it('allows one while the clock is paused, and not before it has started', () => {
    expect(
      canExtend(facts(ew, '2026-06-01', paused({ from: '2026-06-03', to: null })), '2026-08-01').allowed,
    ).toBe(true);
    const waiting = canExtend(facts(ew, '2026-06-01', { identityAskedOn: '2026-06-01' }), '2026-06-02');
    expect(waiting.allowed).toBe(false);
    expect(waiting.reason).toContain('the clock has not started yet');
  });
});

describe('complaintAcknowledgeBy', () => {
  // s.164A(3) DPA 2018 (inserted by s.103 DUAA 2025, in force 19 June 2026): "within the period of
  // 30 days beginning when the complaint is received". Day 1 is the day of receipt (decision 0040).
  it('gives 30 days counting the day of receipt as day 1', () => {
    expect(complaintAcknowledgeBy('2026-11-27')).toEqual({
      due: '2026-12-26',
      reason:
        'acknowledge by 26 December 2026: 30 days beginning with the day the complaint was received, 27 November 2026',
    });
    expect(complaintAcknowledgeBy('2026-06-19').due).toBe('2026-07-18');
    expect(complaintAcknowledgeBy('2028-02-01').due).toBe('2028-03-01');
  });
});

describe('overwriteOn', () => {
  it('adds the retention days to the recording date', () => {
    expect(overwriteOn('2026-11-27', 30)).toEqual({
      on: '2026-12-27',
      reason: 'overwritten on 27 December 2026: recorded on 27 November 2026 and kept for 30 days',
    });
    expect(overwriteOn('2028-02-28', 1).on).toBe('2028-02-29');
    expect(overwriteOn('2026-12-31', 31).on).toBe('2027-01-31');
  });

  it('is not known when the site has not said how long it keeps footage', () => {
    expect(overwriteOn('2026-11-27', null)).toEqual({
      on: null,
      reason: 'not known: the site has not said how many days it keeps its footage',
    });
  });

  it('refuses a retention that is not a whole number of days', () => {
    expect(() => overwriteOn('2026-11-27', -1)).toThrow(RangeError);
    expect(() => overwriteOn('2026-11-27', 1.5)).toThrow(RangeError);
  });
});

describe('daysUntil and isPast', () => {
  it('counts whole days, across a clock change and a leap day', () => {
    expect(daysUntil('2026-12-29', '2026-11-27')).toBe(32);
    expect(daysUntil('2026-11-27', '2026-11-27')).toBe(0);
    expect(daysUntil('2026-11-26', '2026-11-27')).toBe(-1);
    expect(daysUntil('2026-11-01', '2026-10-24')).toBe(8);
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
  });

  it('treats a date as past only from the next day', () => {
    expect(isPast('2026-11-27', '2026-11-27')).toBe(false);
    expect(isPast('2026-11-26', '2026-11-27')).toBe(true);
    expect(isPast('2026-11-28', '2026-11-27')).toBe(false);
  });
});

describe('ukIsoDate', () => {
  it('gives the UK date of an instant: a 23:30 UTC summer evening is the next UK day', () => {
    expect(ukIsoDate(new Date('2026-06-20T23:30:00Z'))).toBe('2026-06-21');
    expect(ukIsoDate(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(ukIsoDate(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29');
    expect(ukIsoDate(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(ukIsoDate(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });

  it('so a request at 23:30 UTC on a BST evening counts from the next UK date', () => {
    const receivedOn = ukIsoDate(new Date('2026-06-30T23:30:00Z'));
    expect(receivedOn).toBe('2026-07-01');
    expect(answerDue(facts(ew, receivedOn)).due).toBe('2026-08-03');
  });

  it("agrees with the platform's Europe/London date near every midnight from 2024 to 2031", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
    const wrong: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2032, 0, 1); time += 86_400_000) {
      for (const instant of [time - 1_800_000, time + 1_800_000, time + 84_600_000]) {
        const date = new Date(instant);
        if (ukIsoDate(date) !== intl.format(date)) wrong.push(date.toISOString());
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('refuses an invalid instant', () => {
    expect(() => ukIsoDate(new Date('not a date'))).toThrow(RangeError);
  });
});
