import type { DisclosureFileKind as FileKind } from '@app/contract/disclosures';

// What a disclosure file is, read from its first bytes (never from its name), and whether that
// agrees with the name it was uploaded under. The containers are those recorders export (MP4 and
// MOV, AVI, Matroska, and Dahua's DAV: see docs/decisions/0048-resumable-clip-uploads.md), and
// JPEG and PNG stills.

/** How many of the first bytes the check reads (a Matroska DocType sits within them). */
export const HEAD_BYTES = 64;

/** The kinds each name's extension may hold: MP4 and QuickTime are one family, often misnamed. */
const byExtension: Readonly<Record<string, readonly FileKind[]>> = {
  mp4: ['mp4', 'mov'],
  m4v: ['mp4', 'mov'],
  mov: ['mov', 'mp4'],
  avi: ['avi'],
  mkv: ['mkv'],
  dav: ['dav'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** Whether a file of this name may be uploaded at all (checked before any byte is stored). */
export function acceptedName(filename: string): boolean {
  return Object.hasOwn(byExtension, extensionOf(filename));
}

const ascii = (head: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...head.subarray(from, Math.min(to, head.length)));

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

/** QuickTime files older than the ftyp box begin with one of these atoms. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** The kind the first bytes show, or undefined when they are none we take. */
export function detectKind(head: Uint8Array): FileKind | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'AVI ') return 'avi';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The EBML header names its DocType; WebM is Matroska too but no recorder exports it.
    return ascii(head, 4, head.length).includes('matroska') ? 'mkv' : undefined;
  }
  if (ascii(head, 0, 4) === 'DHAV') return 'dav';
  const box = ascii(head, 4, 8);
  if (box === 'ftyp' && head.length >= 12) return ascii(head, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if (QUICKTIME_ATOMS.has(box)) return 'mov';
  return undefined;
}

/** The kind of a file whose first bytes agree with its name; undefined when they do not. */
export function checkedKind(filename: string, head: Uint8Array): FileKind | undefined {
  const kind = detectKind(head);
  const allowed = byExtension[extensionOf(filename)];
  return kind && allowed?.includes(kind) ? kind : undefined;
}

/** Clips are probed and may need a playable copy; stills are kept as they are. */
export const isStill = (kind: FileKind) => kind === 'jpeg' || kind === 'png';
