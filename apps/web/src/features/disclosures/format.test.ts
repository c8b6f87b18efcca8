import { describe, expect, it } from 'vitest';
import { formatBytes, formatClipTime, formatTimeLeft, parseClipTime } from './format';

describe('how Footage and stills writes sizes and times', () => {
  it('counts sizes in 1024s, as the API’s limit does', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(65_536)).toBe('64 KB');
    expect(formatBytes(52_428_800)).toBe('50 MB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GB');
    expect(formatBytes(1_610_612_736)).toBe('1.5 GB');
  });

  it('reads a time typed as a player shows it, and refuses what is not one', () => {
    expect(parseClipTime('83')).toBe(83);
    expect(parseClipTime('83.5')).toBe(83.5);
    expect(parseClipTime('1:23')).toBe(83);
    expect(parseClipTime(' 1:23.5 ')).toBe(83.5);
    expect(parseClipTime('1:01:23')).toBe(3683);
    expect(parseClipTime('1:75')).toBeNull();
    expect(parseClipTime('one minute')).toBeNull();
    expect(parseClipTime('')).toBeNull();
  });

  it('writes a time in a clip as a player does', () => {
    expect(formatClipTime(5_000)).toBe('0:05');
    expect(formatClipTime(5_500)).toBe('0:05.5');
    expect(formatClipTime(125_000)).toBe('2:05');
    expect(formatClipTime(3_723_000)).toBe('1:02:03');
  });

  it('says the time left as a person would', () => {
    expect(formatTimeLeft(3)).toBe('a few seconds left');
    expect(formatTimeLeft(42)).toBe('40 seconds left');
    expect(formatTimeLeft(70)).toBe('about a minute left');
    expect(formatTimeLeft(600)).toBe('about 10 minutes left');
    expect(formatTimeLeft(3_900)).toBe('about 1 hour 5 minutes left');
  });
});
