import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../lib/storage';

// ffprobe and ffmpeg from Debian's package, run as child processes at the lowest priority (`nice`),
// reading and writing files on disk: no step holds a clip in memory.

/** What ffprobe reads of a clip or still. */
export interface MediaFacts {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** ffprobe's format names, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

/** Runs a program; resolves with what it wrote to stdout (small outputs only), rejects on failure. */
function run(
  command: string,
  args: readonly string[],
  options: { onLine?: (line: string) => void; keepStdout?: boolean; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    // `nice -n 19`: a conversion yields the processor to the server's requests.
    const child = spawn('nice', ['-n', '19', command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let out = '';
    let err = '';
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (options.keepStdout && out.length < 1_000_000) out += text;
      if (options.onLine) {
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) options.onLine(line);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      // The end of what it said is enough to know why it failed.
      err = (err + text).slice(-2000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else
        reject(new Error(`${command} exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

export async function probe(file: string): Promise<MediaFacts> {
  const json = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=duration,format_name:stream=codec_type,codec_name,width,height',
      file,
    ],
    { keepStdout: true },
  );
  const parsed = JSON.parse(json) as {
    format?: { duration?: string; format_name?: string };
    streams?: ProbeStream[];
  };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const seconds = Number(parsed.format?.duration);
  if (!video) throw new Error('ffprobe found no picture in the file');
  return {
    durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    width: video.width ?? null,
    height: video.height ?? null,
    videoCodec: video.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    formatName: parsed.format?.format_name ?? '',
  };
}

/** Whether browsers play the clip as it is: H.264 (with AAC or no sound) in an MP4 file. */
export function playsInBrowsers(kind: string, facts: MediaFacts): boolean {
  return (
    kind === 'mp4' && facts.videoCodec === 'h264' && (facts.audioCodec === null || facts.audioCodec === 'aac')
  );
}

/**
 * Makes an H.264/AAC MP4 of a clip at `output`. Streams already in those codecs are copied, not
 * re-encoded (a MOV or MKV of H.264 is only rewrapped); `onProgress` is told the share done, 0 to 1.
 */
export async function convertToMp4(
  input: string,
  output: string,
  facts: MediaFacts,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const video =
    facts.videoCodec === 'h264'
      ? ['-c:v', 'copy']
      : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'];
  const audio =
    facts.audioCodec === null
      ? ['-an']
      : facts.audioCodec === 'aac'
        ? ['-c:a', 'copy']
        : ['-c:a', 'aac', '-b:a', '128k'];
  const durationUs = (facts.durationMs ?? 0) * 1000;
  await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...video,
      ...audio,
      // The index at the front: a browser starts playing before the whole copy has arrived.
      '-movflags',
      '+faststart',
      '-progress',
      'pipe:1',
      '-nostats',
      '-f',
      'mp4',
      output,
    ],
    {
      onLine: (line) => {
        const match = /^out_time_us=(\d+)$/.exec(line.trim());
        if (match && durationUs > 0) onProgress(Math.min(1, Number(match[1]) / durationUs));
      },
      ...(signal ? { signal } : {}),
    },
  );
}

/** A JPEG of the frame at `atMs` into the clip. */
export async function stillAt(input: string, output: string, atMs: number): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    // Before -i: seeks by the index, so only the frames near the time are decoded.
    '-ss',
    (atMs / 1000).toFixed(3),
    '-i',
    input,
    '-frames:v',
    '1',
    '-q:v',
    '2',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    output,
  ]);
  // ffmpeg succeeds with no frame at all when the time is past the last one.
  const made = await stat(output).catch(() => undefined);
  if (!made?.size) throw new Error('No frame at that time');
}

/**
 * Runs `fn` with a path on this machine holding the stored file: the file itself on the local
 * disk, or a temporary copy streamed from S3 (removed afterwards).
 */
export async function withLocalFile<T>(
  storage: FileStorage,
  dataDir: string,
  key: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  if (storage.kind === 'local') return fn(path.join(dataDir, ...key.split('/')));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clip-'));
  try {
    const file = path.join(dir, 'file');
    await pipeline(await storage.getStream(key), createWriteStream(file, { mode: 0o600 }));
    return await fn(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A temporary folder for ffmpeg's output, removed when `fn` ends. */
export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clip-out-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stores a file made on disk under `key`, hashing it in the same single read. */
export async function storeHashed(
  storage: FileStorage,
  key: string,
  file: string,
  contentType: string,
): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const source = createReadStream(file);
  source.on('error', (error) => hashing.destroy(error));
  await storage.putStream(key, source.pipe(hashing), contentType);
  return { sha256: hash.digest('hex'), size };
}
