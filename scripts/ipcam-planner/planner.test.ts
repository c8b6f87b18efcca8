import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildPlanner, plannerFile } from './build';
import { formatIpv4, formatStorage, parseIpv4, planAddresses, planStorage } from './planner';

describe('planStorage', () => {
  it('multiplies bitrate by the seconds recorded, the cameras and the days', () => {
    const plan = planStorage({ cameras: 8, bitrateMbps: 4, hoursPerDay: 24, days: 30 });
    // 4 Mbit/s = 500,000 bytes a second; x 86,400 s x 8 cameras = 345.6 GB a day; x 30 days.
    expect(plan).toEqual({
      ok: true,
      value: { totalMbps: 32, bytesPerDay: 345_600_000_000, totalBytes: 10_368_000_000_000 },
    });
  });

  it('counts only the hours recorded each day', () => {
    const plan = planStorage({ cameras: 1, bitrateMbps: 2.5, hoursPerDay: 12, days: 14 });
    expect(plan.ok && plan.value.totalBytes).toBe((2.5e6 / 8) * 3600 * 12 * 14);
  });

  it('refuses values outside the ranges, naming each field', () => {
    const plan = planStorage({ cameras: 0, bitrateMbps: 0, hoursPerDay: 25, days: 1.5 });
    expect(plan).toEqual({
      ok: false,
      errors: [
        'Number of cameras must be a whole number from 1 to 1024.',
        'Bitrate per camera must be from 0.1 to 100.',
        'Recording hours a day must be a whole number from 1 to 24.',
        'Days to keep must be a whole number from 1 to 366.',
      ],
    });
    expect(planStorage({ cameras: Number.NaN, bitrateMbps: 4, hoursPerDay: 24, days: 30 }).ok).toBe(false);
  });
});

describe('formatStorage', () => {
  it('shows decimal units, as drives are sold', () => {
    expect(formatStorage(10_368_000_000_000)).toBe('10.37 TB');
    expect(formatStorage(345_600_000_000)).toBe('346 GB');
    expect(formatStorage(1_500_000)).toBe('1.50 MB');
    expect(formatStorage(999)).toBe('999 bytes');
  });
});

describe('IPv4 addresses', () => {
  it('reads and writes dotted addresses, and refuses anything else', () => {
    expect(parseIpv4('192.168.1.10')).toBe(0xc0a8010a);
    expect(formatIpv4(0xc0a8010a)).toBe('192.168.1.10');
    expect(formatIpv4(0xffffffff)).toBe('255.255.255.255');
    for (const bad of ['192.168.1', '192.168.1.256', '192.168.01.1', '1.2.3.4.5', 'a.b.c.d', ''])
      expect(parseIpv4(bad), bad).toBeNull();
  });
});

const base = { subnet: '192.168.1.0/24', first: '192.168.1.101', gateway: '192.168.1.1', recorder: '' };

describe('planAddresses', () => {
  it('gives consecutive addresses from the first, with the mask and what is left', () => {
    const plan = planAddresses({ ...base, cameras: 3 });
    expect(plan).toEqual({
      ok: true,
      value: {
        network: '192.168.1.0/24',
        mask: '255.255.255.0',
        broadcast: '192.168.1.255',
        addresses: ['192.168.1.101', '192.168.1.102', '192.168.1.103'],
        // .104 to .254
        spare: 151,
      },
    });
  });

  it('steps over the gateway and the recorder', () => {
    const plan = planAddresses({ ...base, first: '192.168.1.99', recorder: '192.168.1.100', cameras: 3 });
    expect(plan.ok && plan.value.addresses).toEqual(['192.168.1.99', '192.168.1.101', '192.168.1.102']);
    const low = planAddresses({ ...base, first: '192.168.1.1', cameras: 2 });
    expect(low.ok && low.value.addresses).toEqual(['192.168.1.2', '192.168.1.3']);
  });

  it('never gives out the broadcast address, and says when the subnet is too small', () => {
    const fits = planAddresses({ ...base, first: '192.168.1.250', cameras: 5 });
    expect(fits.ok && fits.value.addresses.at(-1)).toBe('192.168.1.254');
    expect(fits.ok && fits.value.spare).toBe(0);
    expect(planAddresses({ ...base, first: '192.168.1.250', cameras: 6 })).toEqual({
      ok: false,
      errors: [
        'Only 5 addresses are free from 192.168.1.250 to the end of 192.168.1.0/24; 6 cameras need 6. Start lower or use a larger subnet.',
      ],
    });
  });

  it('works out the network of a larger subnet from any address in it', () => {
    const plan = planAddresses({
      subnet: '10.20.30.40/22',
      first: '10.20.29.250',
      gateway: '',
      recorder: '',
      cameras: 10,
    });
    expect(plan.ok && plan.value.network).toBe('10.20.28.0/22');
    expect(plan.ok && plan.value.mask).toBe('255.255.252.0');
    expect(plan.ok && plan.value.addresses.slice(5, 7)).toEqual(['10.20.29.255', '10.20.30.0']);
  });

  it('refuses a first address outside the subnet, and bad input with a reason each', () => {
    expect(planAddresses({ ...base, first: '192.168.2.10', cameras: 1 })).toEqual({
      ok: false,
      errors: [
        'First camera address must be a usable address in 192.168.1.0/24: 192.168.1.1 to 192.168.1.254.',
      ],
    });
    expect(
      planAddresses({ subnet: '192.168.1.0', first: 'x', gateway: 'y', recorder: '', cameras: 0 }),
    ).toEqual({
      ok: false,
      errors: [
        'Subnet must be an address and a prefix from /8 to /30, like 192.168.1.0/24.',
        'First camera address must be an IPv4 address, like 192.168.1.101.',
        'Gateway must be an IPv4 address, or left empty.',
        'Number of cameras must be a whole number from 1 to 1024.',
      ],
    });
  });
});

describe('the planner file', () => {
  it('is what the sources build, so the file offered for download runs the sums tested here', async () => {
    expect(await readFile(plannerFile, 'utf8')).toBe(await buildPlanner());
  });

  it('refers to nothing outside itself', async () => {
    const html = await readFile(plannerFile, 'utf8');
    expect(html).not.toMatch(/\b(?:src|href)\s*=/i);
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/\b(?:fetch|XMLHttpRequest|WebSocket|EventSource|sendBeacon|import\s*\()/);
  });
});
