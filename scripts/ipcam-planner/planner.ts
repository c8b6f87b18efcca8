/**
 * The sums of the IPCam Scout Planner (content/ipcam/downloads/ipcam-scout-planner.html): the
 * storage a camera install needs, and an address plan for its cameras. Plain functions without
 * imports: build.ts copies them into the planner's single HTML file, which runs offline.
 */

export interface StorageInput {
  cameras: number;
  /** Average bitrate of one camera's recorded stream, in megabits per second. */
  bitrateMbps: number;
  hoursPerDay: number;
  days: number;
}

export interface StoragePlan {
  /** What all cameras send the recorder together, in megabits per second. */
  totalMbps: number;
  bytesPerDay: number;
  totalBytes: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const limits = {
  cameras: [1, 1024],
  bitrateMbps: [0.1, 100],
  hoursPerDay: [1, 24],
  days: [1, 366],
} as const;

const labels: Record<keyof StorageInput, string> = {
  cameras: 'Number of cameras',
  bitrateMbps: 'Bitrate per camera',
  hoursPerDay: 'Recording hours a day',
  days: 'Days to keep',
};

/** Bitrate x seconds recorded x cameras x days, in bytes (a megabit is 1,000,000 bits, as cameras count). */
export function planStorage(input: StorageInput): Checked<StoragePlan> {
  const errors: string[] = [];
  for (const key of Object.keys(limits) as (keyof StorageInput)[]) {
    const [min, max] = limits[key];
    const value = input[key];
    const whole = key !== 'bitrateMbps';
    if (!Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value)))
      errors.push(`${labels[key]} must be ${whole ? 'a whole number ' : ''}from ${min} to ${max}.`);
  }
  if (errors.length > 0) return { ok: false, errors };
  const bytesPerCameraPerDay = ((input.bitrateMbps * 1_000_000) / 8) * 3600 * input.hoursPerDay;
  const bytesPerDay = bytesPerCameraPerDay * input.cameras;
  return {
    ok: true,
    value: {
      totalMbps: Math.round(input.bitrateMbps * input.cameras * 100) / 100,
      bytesPerDay,
      totalBytes: bytesPerDay * input.days,
    },
  };
}

/** Bytes as drives are sold (powers of 1000): "10.37 TB", "864 GB". */
export function formatStorage(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value >= 100 || unit === 0 ? 0 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** "192.168.1.10" as a 32-bit number, or null when it is not a dotted IPv4 address. */
export function parseIpv4(text: string): number | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export interface AddressInput {
  /** The cameras' subnet in CIDR form, "192.168.1.0/24". */
  subnet: string;
  /** The first camera's address. */
  first: string;
  cameras: number;
  /** The router's address, skipped when the plan reaches it; empty when there is none. */
  gateway: string;
  /** The recorder's address, skipped likewise; empty when there is none. */
  recorder: string;
}

export interface AddressPlan {
  network: string;
  mask: string;
  broadcast: string;
  /** One address per camera, in order. */
  addresses: string[];
  /** Usable addresses left after the last camera, to the end of the subnet. */
  spare: number;
}

/**
 * Consecutive addresses for the cameras from `first`, inside the subnet, stepping over the
 * gateway and the recorder. The network and broadcast addresses are never given out.
 */
export function planAddresses(input: AddressInput): Checked<AddressPlan> {
  const errors: string[] = [];
  const cidr = /^\s*([\d.]+)\s*\/\s*(\d{1,2})\s*$/.exec(input.subnet);
  const base = cidr ? parseIpv4(cidr[1] ?? '') : null;
  const prefix = cidr ? Number(cidr[2]) : Number.NaN;
  if (base === null || !(prefix >= 8 && prefix <= 30))
    errors.push('Subnet must be an address and a prefix from /8 to /30, like 192.168.1.0/24.');
  const first = parseIpv4(input.first);
  if (first === null) errors.push('First camera address must be an IPv4 address, like 192.168.1.101.');
  const reserved: number[] = [];
  for (const [label, text] of [
    ['Gateway', input.gateway],
    ['Recorder address', input.recorder],
  ] as const) {
    if (text.trim() === '') continue;
    const value = parseIpv4(text);
    if (value === null) errors.push(`${label} must be an IPv4 address, or left empty.`);
    else reserved.push(value);
  }
  if (!Number.isInteger(input.cameras) || input.cameras < 1 || input.cameras > 1024)
    errors.push('Number of cameras must be a whole number from 1 to 1024.');
  if (errors.length > 0 || base === null || first === null) return { ok: false, errors };

  const size = 2 ** (32 - prefix);
  const network = base - (base % size);
  const broadcast = network + size - 1;
  const subnetText = `${formatIpv4(network)}/${prefix}`;
  if (first <= network || first >= broadcast)
    return {
      ok: false,
      errors: [
        `First camera address must be a usable address in ${subnetText}: ${formatIpv4(network + 1)} to ${formatIpv4(broadcast - 1)}.`,
      ],
    };
  const addresses: string[] = [];
  let next = first;
  while (addresses.length < input.cameras && next < broadcast) {
    if (!reserved.includes(next)) addresses.push(formatIpv4(next));
    next += 1;
  }
  if (addresses.length < input.cameras)
    return {
      ok: false,
      errors: [
        `Only ${addresses.length} addresses are free from ${formatIpv4(first)} to the end of ${subnetText}; ${input.cameras} cameras need ${input.cameras}. Start lower or use a larger subnet.`,
      ],
    };
  let spare = 0;
  for (let address = next; address < broadcast; address += 1) if (!reserved.includes(address)) spare += 1;
  return {
    ok: true,
    value: {
      network: subnetText,
      mask: formatIpv4(2 ** 32 - size),
      broadcast: formatIpv4(broadcast),
      addresses,
      spare,
    },
  };
}
