import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * A name that stays inside the archive whatever it was: path separators of either kind, drive
 * colons, control characters and leading dots go, so `../../etc/passwd` and `..\x` can name no
 * folder above the one they are put in (yazl refuses `..` segments too, as a second line).
 */
export function safeEntryName(raw: string): string {
  const cleaned = raw
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .slice(-200);
  return cleaned || 'file';
}

/** Names made safe and unique in one folder: a repeated name gets ` (2)` before its extension. */
export function uniqueNames(raws: readonly string[]): string[] {
  const taken = new Set<string>();
  return raws.map((raw) => {
    const name = safeEntryName(raw);
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export interface PackFile {
  filename: string;
  sha256: string;
  sizeBytes: number;
  open(): Promise<Readable>;
}

export interface PackFacts {
  reference: string;
  operator: string;
  releasedAt: string;
  files: readonly PackFile[];
  letter: PackFile;
}

const FILES_DIR = 'files';

function readme(facts: PackFacts): string {
  const lines = [
    `Evidence pack for request ${facts.reference}, disclosed by ${facts.operator} on ${facts.releasedAt}.`,
    '',
    'manifest.json lists every file in this pack with its size and SHA-256 hash, as recorded when',
    'the footage reached the operator. If a file is changed in any way, its hash changes.',
    '',
    'To check the files, unpack the zip and, in the unpacked folder:',
    '',
    'On Linux or macOS (Terminal):',
    `    sha256sum ${FILES_DIR}/*        (on macOS: shasum -a 256 ${FILES_DIR}/*)`,
    '',
    'On Windows (PowerShell):',
    `    Get-FileHash -Algorithm SHA256 ${FILES_DIR}\\*`,
    '',
    'Each hash printed must equal the "sha256" of the same file in manifest.json (PowerShell prints',
    'it in capitals; the letters are the same).',
    '',
    'Files:',
    ...facts.files.map((f) => `  ${FILES_DIR}/${f.filename}  ${f.sha256}`),
    `  ${facts.letter.filename}  ${facts.letter.sha256}`,
    '',
  ];
  return lines.join('\r\n');
}

export function manifest(facts: PackFacts) {
  return {
    reference: facts.reference,
    operator: facts.operator,
    releasedAt: facts.releasedAt,
    files: facts.files.map((f) => ({
      name: `${FILES_DIR}/${f.filename}`,
      sha256: f.sha256,
      sizeBytes: f.sizeBytes,
    })),
    letter: { name: facts.letter.filename, sha256: facts.letter.sha256, sizeBytes: facts.letter.sizeBytes },
  };
}

/**
 * The evidence pack as a zip stream, written as it is read: each file is opened from storage only
 * when the archive reaches it, and stored without compression (footage is compressed already), so
 * the archive's length is known before the first byte (`size`, for Content-Length).
 */
export function evidencePack(facts: PackFacts): Promise<{ stream: Readable; size: number | null }> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const opened: Readable[] = [];
  // A file that fails to open or to read, or is shorter than its recorded size, fails the download
  // (yazl reports it on the zip, which would otherwise be an unhandled error); a download cut
  // short closes the file being read.
  zip.on('error', (error: Error) => output.destroy(error));
  output.on('close', () => {
    for (const stream of opened) stream.destroy();
  });
  const mtime = new Date(facts.releasedAt);
  const options = { mtime, compress: false } as const;
  const add = (file: PackFile, name: string) =>
    zip.addReadStreamLazy(name, { ...options, size: file.sizeBytes }, (done) => {
      file.open().then(
        (stream) => {
          opened.push(stream);
          stream.on('error', (error) => output.destroy(error));
          done(null, stream);
        },
        (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    });
  for (const file of facts.files) add(file, `${FILES_DIR}/${safeEntryName(file.filename)}`);
  add(facts.letter, safeEntryName(facts.letter.filename));
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest(facts), null, 2)}\n`), 'manifest.json', options);
  zip.addBuffer(Buffer.from(readme(facts)), 'README.txt', options);
  return new Promise((resolve) => {
    // yazl calls back with the total (-1 when it cannot know it); its types leave the argument out.
    const sized = (size: number) => resolve({ stream: output, size: size >= 0 ? size : null });
    zip.end(undefined, sized as unknown as () => void);
  });
}
