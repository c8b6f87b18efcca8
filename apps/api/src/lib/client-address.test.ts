import { describe, expect, it } from 'vitest';
import { clientKey, normaliseAddress } from './client-address';

describe('one spelling of a client address', () => {
  it('writes IPv6 lower case and compressed (RFC 5952), and an IPv4-mapped address as IPv4', () => {
    expect(normaliseAddress('2001:DB8::7')).toBe('2001:db8::7');
    expect(normaliseAddress('2001:0db8:0000:0000:0000:0000:0000:0007')).toBe('2001:db8::7');
    expect(normaliseAddress('2001:db8:0:0:1:2:3:4')).toBe('2001:db8::1:2:3:4');
    expect(normaliseAddress('1:0:0:1:0:0:1:1')).toBe('1::1:0:0:1:1');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseAddress('::ffff:10.200.0.1')).toBe('10.200.0.1');
    expect(normaliseAddress('::FFFF:ac8:1')).toBe('10.200.0.1');
    expect(normaliseAddress('10.200.0.1')).toBe('10.200.0.1');
    expect(normaliseAddress('::1')).toBe('::1');
    expect(normaliseAddress('not an address')).toBe('not an address');
  });

  it('counts IPv6 by its network of the given bits, and IPv4 alone', () => {
    for (const sibling of ['2001:db8::7', '2001:DB8::1:2:3:4', '2001:db8:0:0:ffff:ffff:ffff:ffff']) {
      expect(clientKey(sibling, 64), sibling).toBe('2001:db8::/64');
    }
    expect(clientKey('2001:db8:0:1::7', 64)).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8:0:1::7', 48)).toBe('2001:db8::/48');
    expect(clientKey('2001:db8:abcd:12ff::7', 56)).toBe('2001:db8:abcd:1200::/56');
    expect(clientKey('2001:DB8::7', 128)).toBe('2001:db8::7');
    expect(clientKey('::ffff:10.200.0.1', 64)).toBe('10.200.0.1');
  });
});
