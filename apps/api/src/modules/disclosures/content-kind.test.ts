import { describe, expect, it } from 'vitest';
import { acceptedName, checkedKind, detectKind } from './content-kind';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const heads = {
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  mov: bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]),
  oldMov: bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0]),
  avi: bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'),
  mkv: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska'),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
  dav: bytes('DHAV', [0xfd, 0, 0, 0]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

describe('what a file is, from its first bytes', () => {
  it('knows the containers recorders export and the stills', () => {
    expect(detectKind(heads.mp4)).toBe('mp4');
    expect(detectKind(heads.mov)).toBe('mov');
    expect(detectKind(heads.oldMov)).toBe('mov');
    expect(detectKind(heads.avi)).toBe('avi');
    expect(detectKind(heads.mkv)).toBe('mkv');
    expect(detectKind(heads.dav)).toBe('dav');
    expect(detectKind(heads.jpeg)).toBe('jpeg');
    expect(detectKind(heads.png)).toBe('png');
  });

  it('knows nothing of other files', () => {
    expect(detectKind(heads.webm)).toBeUndefined();
    expect(detectKind(bytes('MZ', [0x90, 0, 3, 0, 0, 0]))).toBeUndefined();
    expect(detectKind(bytes('%PDF-1.7'))).toBeUndefined();
    expect(detectKind(bytes('IMKH', [1, 1, 0, 0]))).toBeUndefined();
    expect(detectKind(new Uint8Array(0))).toBeUndefined();
  });

  it('takes a file only when its content belongs to its name', () => {
    expect(checkedKind('Entrance 12-03.MP4', heads.mp4)).toBe('mp4');
    // MP4 and QuickTime are one family, and recorders misname them.
    expect(checkedKind('entrance.mp4', heads.mov)).toBe('mov');
    expect(checkedKind('entrance.mov', heads.mp4)).toBe('mp4');
    expect(checkedKind('entrance.dav', heads.dav)).toBe('dav');
    expect(checkedKind('entrance.mp4', heads.png)).toBeUndefined();
    expect(checkedKind('entrance.avi', heads.mkv)).toBeUndefined();
    expect(checkedKind('still.png', heads.jpeg)).toBeUndefined();
    expect(checkedKind('entrance', heads.mp4)).toBeUndefined();
  });

  it('accepts only the names of the kinds it knows', () => {
    for (const name of ['a.mp4', 'a.M4V', 'a.mov', 'a.avi', 'a.mkv', 'a.dav', 'a.jpg', 'a.jpeg', 'a.png']) {
      expect(acceptedName(name)).toBe(true);
    }
    for (const name of ['a.exe', 'a.webm', 'a.mp4.exe', 'mp4', '', 'a.', 'a.toString', 'a.constructor']) {
      expect(acceptedName(name)).toBe(false);
    }
  });
});
