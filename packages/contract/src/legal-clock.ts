// The legal clock of a subject access request: when the answer is due, and why, in words a member
// of the public can read. Pure: it is given calendar dates (the UK's "today" included) and never
// reads the time itself, so the API, the web app and the tests agree on every date.
//
// The rules and how they are read are in docs/decisions/0040-the-legal-clock.md: UK GDPR
// Art. 12(3) and Art. 12A (inserted by the Data (Use and Access) Act 2025), s.164A DPA 2018, and
// the ICO's "Right of access" guidance, "How long do we have to comply?":
// https://ico.org.uk/for-organisations/uk-gdpr-guidance-and-resources/individual-rights/right-of-access/what-should-we-consider-when-responding-to-a-request/

import { bankHoliday, type IsoDate, type Nation } from './bank-holidays';
import { formatUkDate } from './dates';

export type { IsoDate, Nation } from './bank-holidays';

/** A wait for more details the operator asked for: from the day asked to the day the answer arrived. */
export interface ClockPause {
  from: IsoDate;
  /** Null while the answer is still awaited: the clock stands still and there is no due date. */
  to: IsoDate | null;
}

/** An extension of up to two further months, for a complex request or several from one person. */
export interface ClockExtension {
  /** The day the extension was decided and the visitor told of it and why. */
  askedOn: IsoDate;
  /** Why, as the visitor was told. */
  reason: string;
}

/** What the clock needs to know about one request. */
export interface ClockFacts {
  /** The nation of the site, whose bank holidays count. */
  nation: Nation;
  /** The UK date the request arrived (see ukIsoDate for an instant). */
  receivedOn: IsoDate;
  /** When the operator asked for proof of identity, or of a representative's authority. */
  identityAskedOn?: IsoDate | null;
  /** When that proof arrived: the clock starts then if it is later than the request. */
  identityArrivedOn?: IsoDate | null;
  /** What the proof asked for shows, for the reason's words; identity unless said. */
  proofOf?: 'identity' | 'authority';
  /** Waits for more details; days from asking to the answer arriving, both included, do not count. */
  pauses: readonly ClockPause[];
  extension?: ClockExtension | null;
}

/** Whether the clock is counting, or waiting for the visitor (proof first, or more details). */
export type ClockState = 'awaiting_identity' | 'awaiting_clarification' | 'running';

export interface DueAnswer {
  state: ClockState;
  /** The last day to answer, or null while the clock has not started or is paused. */
  due: IsoDate | null;
  /** Why, in plain English: 'due 29 December 2026: one month from receipt on 25 November 2026 ...'. */
  reason: string;
  /** The day the clock started: the later of receipt and the proof arriving; null before that. */
  startedOn: IsoDate | null;
  /** Days that did not count because the clock was paused. */
  pausedDays: number;
  /** The last day to extend: the first month's due date (null while unknown). */
  extendBy: IsoDate | null;
  /** The extension in the facts and whether it stands, with why; null when none was asked for. */
  extension: { granted: boolean; reason: string } | null;
}

export interface ExtensionCheck {
  allowed: boolean;
  /** The last day an extension may be asked for, when known. */
  lastDay: IsoDate | null;
  reason: string;
}

export interface ComplaintAnswer {
  due: IsoDate;
  reason: string;
}

export interface OverwriteAnswer {
  /** The day the footage would be overwritten, or null when the site has not said how long it keeps it. */
  on: IsoDate | null;
  reason: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** s.164A(3) DPA 2018: acknowledge "within the period of 30 days beginning when the complaint is received". */
export const COMPLAINT_ACKNOWLEDGE_DAYS = 30;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date): IsoDate =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

function parse(date: IsoDate): Date {
  const parsed = new Date(`${date}T00:00:00Z`);
  // The round trip refuses '2026-02-30', which Date would roll on to 2 March.
  // Stryker disable next-line Regex,ConditionalExpression,LogicalOperator: equivalent, the round trip refuses all the pattern does (iso() writes only YYYY-MM-DD)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed.getTime()) || iso(parsed) !== date) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return parsed;
}

const addDays = (date: IsoDate, days: number): IsoDate =>
  iso(new Date(parse(date).getTime() + days * DAY_MS));

/** The same date `months` later, or the last day of that month when it has no such date (31 Jan -> 28/29 Feb). */
function addMonths(date: IsoDate, months: number): IsoDate {
  const start = parse(date);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(year, month, Math.min(start.getUTCDate(), lastDay))));
}

/** Whole days from `today` to `date`: 0 on the day, negative once it has passed. */
export function daysUntil(date: IsoDate, today: IsoDate): number {
  return Math.round((parse(date).getTime() - parse(today).getTime()) / DAY_MS);
}

/** Whether `date` is over: a due date is still met on the day itself. */
export function isPast(date: IsoDate, today: IsoDate): boolean {
  return daysUntil(date, today) < 0;
}

/** 01:00 UTC on the last Sunday of a month of `year`, when British Summer Time starts (March) or ends (October). */
function lastSundayOneAm(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0);
  return lastDay - (new Date(lastDay).getUTCDay() * 24 - 1) * HOUR_MS;
}

/**
 * The UK calendar date (Europe/London) of an instant: a request at 23:30 UTC on a summer evening
 * arrived on the next UK day. The same rule as formatUkDate (decision 0034), without Intl, so the
 * browser pays no time-zone data for it. The caller passes the instant; the clock stays pure.
 */
export function ukIsoDate(instant: Date): IsoDate {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError('Not an instant');
  const year = instant.getUTCFullYear();
  // Stryker disable next-line EqualityOperator: equivalent at 01:00 UTC itself, where adding the hour or not gives the same UK day
  const summer = time >= lastSundayOneAm(year, 2) && time < lastSundayOneAm(year, 9);
  return iso(new Date(summer ? time + HOUR_MS : time));
}

const day = (date: IsoDate) => formatUkDate(date);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "Summer bank holiday" reads "the Summer bank holiday"; "Christmas Day" reads as it is. */
const holidayWords = (name: string) =>
  name.endsWith('bank holiday') || name.startsWith('Battle') ? `the ${name}` : name;

function listWords(items: readonly string[]): string {
  // Stryker disable next-line StringLiteral: equivalent, one item joins to itself whatever the separator, and an empty list never gets here
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The last day of a period: the day itself, or the next working day of `nation` (ICO guidance). */
function nextWorkingDay(nation: Nation, end: IsoDate): { due: IsoDate; moved: string } {
  const holidays: string[] = [];
  let weekend = false;
  let due = end;
  for (;;) {
    const weekday = parse(due).getUTCDay();
    const holiday = bankHoliday(nation, due);
    if (holiday) {
      const words = holidayWords(holiday.name);
      // Stryker disable next-line ConditionalExpression: equivalent, no run of days off in the 2024-2030 lists meets one holiday twice
      if (!holidays.includes(words)) holidays.push(words);
    } else if (weekday === 0 || weekday === 6) {
      weekend = true;
    } else {
      break;
    }
    due = addDays(due, 1);
  }
  const skipped = weekend ? [...holidays, 'the weekend'] : holidays;
  return { due, moved: skipped.length > 0 ? `, moved past ${listWords(skipped)}` : '' };
}

interface ClockRun {
  /** The end of the period with the paused days added, before the working-day rule; null while paused. */
  end: IsoDate | null;
  pausedDays: number;
  openSince: IsoDate | null;
  /** Pauses asked for after the time had already run out, which stop nothing. */
  late: IsoDate[];
}

/**
 * Counts `months` from `start`, then adds the paused days. A pause counts only from the start and
 * only if asked for on or before the end reached so far; overlapping pauses count each day once.
 */
function run(start: IsoDate, months: number, pauses: readonly ClockPause[]): ClockRun {
  const sorted = [...pauses].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  let end = addMonths(start, months);
  let pausedDays = 0;
  let coveredTo: IsoDate | null = null;
  const late: IsoDate[] = [];
  for (const pause of sorted) {
    // Stryker disable next-line ConditionalExpression: equivalent, a pause over before the start is counted from the start and so adds no day
    if (pause.to !== null && pause.to < start) continue;
    // Stryker disable next-line EqualityOperator: equivalent, a pause from the start itself counts from the start either way
    const from = pause.from < start ? start : pause.from;
    if (from > end) {
      late.push(pause.from);
      continue;
    }
    if (pause.to === null) return { end: null, pausedDays, openSince: pause.from, late };
    // Days already inside an earlier pause are not counted twice.
    const countFrom = coveredTo !== null && coveredTo >= from ? addDays(coveredTo, 1) : from;
    if (pause.to >= countFrom) {
      const days = daysUntil(pause.to, countFrom) + 1;
      end = addDays(end, days);
      pausedDays += days;
      coveredTo = pause.to;
    }
  }
  return { end, pausedDays, openSince: null, late };
}

function validate(facts: ClockFacts): void {
  parse(facts.receivedOn);
  if (facts.identityAskedOn) parse(facts.identityAskedOn);
  if (facts.identityArrivedOn) parse(facts.identityArrivedOn);
  for (const pause of facts.pauses) {
    parse(pause.from);
    if (pause.to !== null && parse(pause.to).getTime() < parse(pause.from).getTime()) {
      throw new RangeError(`A pause cannot end (${pause.to}) before it starts (${pause.from})`);
    }
  }
  if (facts.extension) parse(facts.extension.askedOn);
}

interface Started {
  start: IsoDate;
  /** 'receipt on 25 November 2026', or the proof arriving. */
  from: string;
}

function started(facts: ClockFacts): Started | null {
  const arrived = facts.identityArrivedOn ?? null;
  if (facts.identityAskedOn && !arrived) return null;
  if (arrived && arrived > facts.receivedOn) {
    return {
      start: arrived,
      from: `the day the proof of ${facts.proofOf ?? 'identity'} arrived, ${day(arrived)}`,
    };
  }
  return { start: facts.receivedOn, from: `receipt on ${day(facts.receivedOn)}` };
}

const pausedWords = (clock: ClockRun) =>
  clock.pausedDays > 0
    ? `, plus ${plural(clock.pausedDays, 'day')} paused while more details were awaited`
    : '';

const lateWords = (clock: ClockRun) =>
  clock.late.length > 0
    ? `; more details asked for on ${listWords(clock.late.map(day))} came after the time had run out, so did not pause it`
    : '';

/** One period, counted and moved to a working day, with its reason; or why there is no date yet. */
function period(
  facts: ClockFacts,
  begun: Started,
  months: 1 | 3,
): { due: IsoDate | null; reason: string; clock: ClockRun } {
  const clock = run(begun.start, months, facts.pauses);
  const span = months === 1 ? 'one month' : 'three months';
  if (clock.end === null) {
    return {
      due: null,
      clock,
      reason: `no due date while paused: more details were asked for on ${day(clock.openSince ?? begun.start)}, and the ${span} from ${begun.from} restarts when they arrive`,
    };
  }
  const { due, moved } = nextWorkingDay(facts.nation, clock.end);
  const end = moved ? `${clock.pausedDays > 0 ? ',' : ''} ends on ${day(clock.end)}` : '';
  return {
    due,
    clock,
    reason: `due ${day(due)}: ${span} from ${begun.from}${pausedWords(clock)}${end}${moved}${lateWords(clock)}`,
  };
}

const tooLate = (lastDay: IsoDate) =>
  `too late, as an extension had to be asked for by ${day(lastDay)}, the first month's due date`;

/**
 * When the answer to a subject access request is due, and why. One month from the later of receipt
 * and the proof asked for arriving, plus the days paused for more details, moved off weekends and
 * the nation's bank holidays; three months when an extension was asked for in time with a reason.
 */
export function answerDue(facts: ClockFacts): DueAnswer {
  validate(facts);
  const begun = started(facts);
  const extension = facts.extension ?? null;
  if (begun === null) {
    const proof = facts.proofOf ?? 'identity';
    return {
      state: 'awaiting_identity',
      due: null,
      reason: `no due date yet: the clock starts when the proof of ${proof} asked for on ${day(facts.identityAskedOn ?? facts.receivedOn)} arrives`,
      startedOn: null,
      pausedDays: 0,
      extendBy: null,
      extension: extension && { granted: false, reason: 'the clock has not started yet' },
    };
  }
  const first = period(facts, begun, 1);
  const base = {
    startedOn: begun.start,
    pausedDays: first.clock.pausedDays,
    extendBy: first.due,
  };
  const check = extension ? checkExtension(extension, first.due) : null;
  if (!extension || !check?.granted) {
    return {
      ...base,
      state: first.due === null ? 'awaiting_clarification' : 'running',
      due: first.due,
      reason:
        extension && check
          ? `${first.reason}; the extension asked for on ${day(extension.askedOn)} was refused: ${check.reason}`
          : first.reason,
      extension: check,
    };
  }
  const longer = period(facts, begun, 3);
  return {
    ...base,
    state: longer.due === null ? 'awaiting_clarification' : 'running',
    due: longer.due,
    pausedDays: longer.clock.pausedDays,
    reason: `${longer.reason}; extended on ${day(extension.askedOn)}, the visitor told why: ${extension.reason.trim()}`,
    extension: check,
  };
}

/** An extension stands if it has a reason and was asked for by the first month's due date (or while paused). */
function checkExtension(
  extension: ClockExtension,
  firstDue: IsoDate | null,
): { granted: boolean; reason: string } {
  if (extension.reason.trim() === '') {
    return { granted: false, reason: 'an extension needs a reason, which the visitor must be told' };
  }
  if (firstDue !== null && extension.askedOn > firstDue) return { granted: false, reason: tooLate(firstDue) };
  return { granted: true, reason: `asked for on ${day(extension.askedOn)}, within the first month` };
}

/** Whether the operator may still extend, on `today` (a UK date), and until when. */
export function canExtend(facts: ClockFacts, today: IsoDate): ExtensionCheck {
  parse(today);
  const answer = answerDue({ ...facts, extension: null });
  if (facts.extension && answerDue(facts).extension?.granted) {
    return {
      allowed: false,
      lastDay: null,
      reason: `already extended on ${day(facts.extension.askedOn)}: the law allows one extension, of up to two further months`,
    };
  }
  if (answer.state === 'awaiting_identity') {
    return {
      allowed: false,
      lastDay: null,
      reason: 'the clock has not started yet: the proof asked for has not arrived',
    };
  }
  if (answer.extendBy === null) {
    return {
      allowed: true,
      lastDay: null,
      reason: 'the clock is paused, so the first month has not run out',
    };
  }
  if (today > answer.extendBy)
    return { allowed: false, lastDay: answer.extendBy, reason: tooLate(answer.extendBy) };
  return {
    allowed: true,
    lastDay: answer.extendBy,
    reason: `an extension can be asked for until ${day(answer.extendBy)}, the first month's due date; the visitor must be told why`,
  };
}

/** What the due date would be if extended: three months from the start, plus pauses, on a working day. */
export function extendedDue(facts: ClockFacts): DueAnswer {
  validate(facts);
  const begun = started(facts);
  if (begun === null) return answerDue({ ...facts, extension: null });
  const first = period(facts, begun, 1);
  const longer = period(facts, begun, 3);
  return {
    state: longer.due === null ? 'awaiting_clarification' : 'running',
    due: longer.due,
    reason: longer.reason,
    startedOn: begun.start,
    pausedDays: longer.clock.pausedDays,
    extendBy: first.due,
    extension: null,
  };
}

/**
 * The last day to acknowledge a data protection complaint (s.164A(3) DPA 2018): 30 days beginning
 * when it is received, the day of receipt being day 1. Not moved off weekends or bank holidays:
 * the earlier of the readings in decision 0040, so it is never late under either.
 */
export function complaintAcknowledgeBy(receivedOn: IsoDate): ComplaintAnswer {
  const due = addDays(receivedOn, COMPLAINT_ACKNOWLEDGE_DAYS - 1);
  return {
    due,
    reason: `acknowledge by ${day(due)}: ${COMPLAINT_ACKNOWLEDGE_DAYS} days beginning with the day the complaint was received, ${day(receivedOn)}`,
  };
}

/** The day footage recorded on `recordedOn` would be overwritten, for a site keeping it `retentionDays`. */
export function overwriteOn(recordedOn: IsoDate, retentionDays: number | null): OverwriteAnswer {
  parse(recordedOn);
  if (retentionDays === null) {
    return { on: null, reason: 'not known: the site has not said how many days it keeps its footage' };
  }
  if (!Number.isInteger(retentionDays) || retentionDays < 0) {
    throw new RangeError(`Retention must be a whole number of days, not ${retentionDays}`);
  }
  const on = addDays(recordedOn, retentionDays);
  return {
    on,
    reason: `overwritten on ${day(on)}: recorded on ${day(recordedOn)} and kept for ${plural(retentionDays, 'day')}`,
  };
}
