import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './email-address';

describe('normaliseEmail', () => {
  it('makes one key of every spelling of one mailbox', () => {
    expect(normaliseEmail('Victim@Example.NET')).toBe('victim@example.net');
    expect(normaliseEmail(' victim+1@example.net ')).toBe('victim@example.net');
    expect(normaliseEmail('V.i.c.t.i.m+news@GMail.com')).toBe('victim@gmail.com');
    expect(normaliseEmail('victim@googlemail.com')).toBe('victim@gmail.com');
  });

  it('keeps the dots where the provider may not ignore them', () => {
    expect(normaliseEmail('jo.smith@example.net')).toBe('jo.smith@example.net');
    expect(normaliseEmail('jo.smith@example.net')).not.toBe(normaliseEmail('josmith@example.net'));
  });

  it('leaves something that is not an address as it is, in lower case', () => {
    expect(normaliseEmail('+tag@example.net')).toBe('+tag@example.net');
    expect(normaliseEmail('NoAt')).toBe('noat');
  });
});
