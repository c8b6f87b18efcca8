import { describe, expect, it } from 'vitest';
import { dueDate, isNear, NEAR_DAYS, overwriteDate, ukDate } from './dates';

describe('the due date of a request (one calendar month)', () => {
  it('is the same date next month', () => {
    expect(dueDate('2026-03-15')).toBe('2026-04-15');
    expect(dueDate('2026-01-01')).toBe('2026-02-01');
    expect(dueDate('2026-12-15')).toBe('2027-01-15');
  });

  it('is the last day of next month when next month has no such date', () => {
    expect(dueDate('2026-01-31')).toBe('2026-02-28');
    expect(dueDate('2026-01-29')).toBe('2026-02-28');
    expect(dueDate('2026-03-31')).toBe('2026-04-30');
    expect(dueDate('2026-08-31')).toBe('2026-09-30');
    expect(dueDate('2026-10-31')).toBe('2026-11-30');
  });

  it('knows leap years', () => {
    expect(dueDate('2028-01-31')).toBe('2028-02-29');
    expect(dueDate('2028-01-29')).toBe('2028-02-29');
    expect(dueDate('2028-01-30')).toBe('2028-02-29');
    expect(dueDate('2100-01-31')).toBe('2100-02-28');
    expect(dueDate('2000-01-31')).toBe('2000-02-29');
    expect(dueDate('2028-02-29')).toBe('2028-03-29');
  });

  it('counts from the UK date of receipt', () => {
    // 23:30 UTC on 31 May is already 1 June in London (summer time).
    expect(ukDate(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
    expect(ukDate(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31');
  });
});

describe('the overwrite date of footage', () => {
  it('is the recording date plus the retention days, across months and years', () => {
    expect(overwriteDate('2026-03-10', 30)).toBe('2026-04-09');
    expect(overwriteDate('2026-12-20', 31)).toBe('2027-01-20');
    expect(overwriteDate('2028-02-01', 28)).toBe('2028-02-29');
    expect(overwriteDate('2026-03-28', 1)).toBe('2026-03-29');
  });
});

describe('near dates', () => {
  it(`are those within ${NEAR_DAYS} days or already past`, () => {
    expect(isNear('2026-03-17', '2026-03-10')).toBe(true);
    expect(isNear('2026-03-18', '2026-03-10')).toBe(false);
    expect(isNear('2026-03-01', '2026-03-10')).toBe(true);
  });
});
