import type { DisclosureFileKind } from '@app/contract/disclosures';

// How sizes, times and kinds are written for a person. Sizes count in 1024s, as the API's limit does
// ("4,096 MB"), so a file's size and the limit it is refused by read alike.

const units = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes.toLocaleString('en-GB')} bytes`;
  return `${value.toLocaleString('en-GB', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time in a clip: 0:05, 12:30, 1:02:03, with tenths when it has them (0:05.5). */
export function formatClipTime(ms: number): string {
  const tenths = Math.floor((ms % 1000) / 100);
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const base = h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  return tenths > 0 ? `${base}.${tenths}` : base;
}

/**
 * Seconds from a time typed as the operator reads it off a player: "83", "83.5", "1:23", "1:23.5"
 * or "1:01:23". Null when it is none of these.
 */
export function parseClipTime(text: string): number | null {
  const match = /^(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5}(?:\.\d{1,3})?)$/.exec(text.trim());
  if (!match) return null;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  if (match[2] !== undefined && Number(s) >= 60) return null;
  return Number.isFinite(seconds) ? seconds : null;
}

/** Upload speed, per second. */
export const formatSpeed = (bytesPerSecond: number) => `${formatBytes(Math.round(bytesPerSecond))}/s`;

/** Time left, rounded as a person would say it. */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 5) return 'a few seconds left';
  if (seconds < 60) return `${Math.round(seconds / 5) * 5} seconds left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'about a minute left' : `about ${minutes} minutes left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} hour${hours === 1 ? '' : 's'}${rest ? ` ${rest} minute${rest === 1 ? '' : 's'}` : ''} left`;
}

export const kindLabels: Record<DisclosureFileKind, string> = {
  mp4: 'MP4 clip',
  mov: 'QuickTime (MOV) clip',
  avi: 'AVI clip',
  mkv: 'Matroska (MKV) clip',
  dav: 'Dahua DAV export',
  jpeg: 'JPEG still',
  png: 'PNG still',
};

export const isStillKind = (kind: DisclosureFileKind | null) => kind === 'jpeg' || kind === 'png';

/** The names the API takes (decision 0048); the picker offers these first. */
export const ACCEPTED_EXTENSIONS = '.mp4,.m4v,.mov,.avi,.mkv,.dav,.jpg,.jpeg,.png';

/**
 * A moment as the UK reads it, in UK time whatever the device's zone: '12 Dec 2026, 10:05'. Dates
 * of releases, expiry and downloads are instants, and a visitor abroad is still told the UK's.
 */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });
