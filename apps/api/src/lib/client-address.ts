import { isIPv4, isIPv6 } from 'node:net';

/** The sixteen-bit groups of an IPv6 address (eight of them), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = `${text.slice(0, dotted.index)}0`;
    // The trailing "0" stands in for the dotted part while splitting, and is dropped below.
  }
  const halves = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  if (dotted) (halves.length === 2 ? rest : head).pop();
  const groups =
    halves.length === 2
      ? [...head, ...new Array<number>(8 - head.length - rest.length - tail.length).fill(0), ...rest, ...tail]
      : [...head, ...tail];
  return groups.length === 8 ? groups : undefined;
}

/** RFC 5952's one spelling: lower case, no leading zeros, the longest run of zero groups as `::`. */
function ipv6Text(groups: readonly number[]): string {
  let start = -1;
  let length = 0;
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === 0) j += 1;
    if (j - i > length) {
      start = i;
      length = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (length < 2) return hex.join(':');
  return `${hex.slice(0, start).join(':')}::${hex.slice(start + length).join(':')}`;
}

/**
 * One spelling of a client address: IPv4 as is, an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`)
 * as its IPv4 address, any other IPv6 address lower case and compressed (RFC 5952), without a
 * zone. Anything else is returned trimmed and lower case.
 */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (isIPv4(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed.replace(/%.*$/, ''));
  if (!groups) return trimmed;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [, , , , , , high = 0, low = 0] = groups;
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return ipv6Text(groups);
}

/**
 * What rate limits count a client as: its IPv4 address, or the network of its IPv6 address
 * (`prefixBits` long, e.g. `2001:db8:0:1::/64`), since one customer is given a whole /64 and
 * can pick a fresh address from it for every request. At 128 each IPv6 address counts alone.
 */
export function clientKey(address: string, prefixBits: number): string {
  const normal = normaliseAddress(address);
  if (prefixBits >= 128 || !normal.includes(':')) return normal;
  const groups = ipv6Groups(normal);
  if (!groups) return normal;
  const masked = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, prefixBits - i * 16));
    return bits === 0 ? 0 : group & (0xffff << (16 - bits)) & 0xffff;
  });
  return `${ipv6Text(masked)}/${prefixBits}`;
}
