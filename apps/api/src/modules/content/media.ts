import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDF_RENDERER_VERSION, renderManualPdf } from './pdf';
import { phoneDrawing } from './phone-drawing';
import { rasterSize } from './raster-size';
import { type BrandContent, drawingName, phoneDrawingName, servedAsIs, type TtsSettings } from './source';

const run = promisify(execFile);

/** A file the content links to, as recorded in content_files. */
export interface MediaFile {
  name: string;
  kind: 'image' | 'document' | 'audio';
  contentType: string;
  size: number;
  /** SHA-256 of the bytes served, 64 hex digits: measured from the file itself. */
  sha256: string;
  /** 16 hex digits: of the bytes (files served as they are) or of what the file is made from. */
  version: string;
  origin: 'content' | 'generated';
  /** Relative to content/<brand>/ or to the generated-media folder of the brand. */
  path: string;
  width: number | null;
  height: number | null;
  /** Recordings: the length in whole seconds (rounded, as players show it). */
  durationSeconds?: number;
}

/** Where the seed writes rendered manuals and spoken messages: DATA_DIR/content-media/<brand>. */
export function generatedMediaDir(dataDir: string, brand: string): string {
  return path.join(dataDir, 'content-media', brand);
}

const hash16 = (...parts: (string | Uint8Array)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 16);
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
};

function contentTypeOf(name: string): string {
  const type = contentTypes[path.extname(name).toLowerCase()];
  if (!type) throw new Error(`${name}: no content type for this kind of file`);
  return type;
}

/** Width and height of an SVG from its root element, after checking it cannot run or fetch anything. */
export function checkSvg(name: string, svg: string): { width: number; height: number } {
  if (/<script|\son[a-z]+\s*=|<foreignObject|(?:href|src)\s*=\s*["'](?!#)/i.test(svg))
    throw new Error(`images/${name}: scripts, event handlers and external references are not allowed`);
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  const width = Number(/\swidth\s*=\s*["'](\d+(?:\.\d+)?)(?:px)?["']/.exec(root ?? '')?.[1]);
  const height = Number(/\sheight\s*=\s*["'](\d+(?:\.\d+)?)(?:px)?["']/.exec(root ?? '')?.[1]);
  if (!(width > 0 && height > 0))
    throw new Error(`images/${name}: the <svg> element needs a width and a height`);
  return { width: Math.round(width), height: Math.round(height) };
}

/** The pixel size of a picture file: SVG from its root element, PNG and WebP from the header. */
export function imageSize(name: string, bytes: Uint8Array): { width: number; height: number } {
  if (name.toLowerCase().endsWith('.svg')) return checkSvg(name, Buffer.from(bytes).toString('utf8'));
  const size = rasterSize(bytes);
  if (!size) throw new Error(`images/${name}: not a PNG or WebP picture`);
  return size;
}

/** The length of a PCM WAV recording in seconds, from its `fmt ` and `data` chunks. */
export function wavSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE') throw new Error('not a WAV file');
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') byteRate = view.getUint32(offset + 16, true);
    if (id === 'data') {
      if (!byteRate) break;
      // A recorder that streamed the file may leave the size unset: then the data runs to the end.
      const available = bytes.length - offset - 8;
      return Math.min(size || available, available) / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('a WAV file without a format or data chunk');
}

/**
 * Writes `bytes` under `file` unless it is there already; a half-written file is never visible.
 * Answers the size and SHA-256 of what is on disk, which is what the server sends.
 */
async function writeOnce(
  file: string,
  make: () => Promise<Uint8Array>,
): Promise<{ size: number; sha256: string; bytes: Uint8Array }> {
  try {
    const bytes = await readFile(file);
    return { size: bytes.length, sha256: sha256(bytes), bytes };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const bytes = await make();
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return { size: bytes.length, sha256: sha256(bytes), bytes };
}

/** espeak-ng's settings as command-line options (the same for the program and its WebAssembly build). */
function speechOptions(tts: TtsSettings): string[] {
  return ['-v', tts.voice, '-s', String(tts.speed), '-p', String(tts.pitch), '-g', String(tts.wordGap)];
}

/**
 * Speaks `text` with espeak-ng into a 16-bit mono WAV file (the settings of categories.json): the
 * installed program when there is one, else the same synthesiser compiled to WebAssembly (the
 * text2wav package), so a machine without espeak-ng still gets its voice messages.
 */
export async function speak(tts: TtsSettings, text: string): Promise<Uint8Array> {
  const temp = path.join(os.tmpdir(), `espeak-${process.pid}-${randomBytes(6).toString('hex')}.wav`);
  try {
    // execFile passes the text as one argument: no shell ever sees it.
    await run('espeak-ng', [...speechOptions(tts), '-w', temp, '--', text]);
    return await readFile(temp);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return speakWithWasm(tts, text);
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * espeak-ng's WebAssembly build, run as its own process: its command line writes the WAV to
 * standard output, and the loader's warnings on standard error stay out of the server's log.
 */
async function speakWithWasm(tts: TtsSettings, text: string): Promise<Uint8Array> {
  const cli = createRequire(import.meta.url).resolve('text2wav');
  // Its command line has no `--`: a leading space keeps a text that starts with "-" from being read as an option.
  const spoken = text.startsWith('-') ? ` ${text}` : text;
  const { stdout } = await run(process.execPath, [cli, spoken, ...speechOptions(tts)], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (stdout.subarray(0, 4).toString('latin1') !== 'RIFF')
    throw new Error('the WebAssembly build of espeak-ng gave no WAV file');
  return new Uint8Array(stdout);
}

/**
 * Every file the brand's content links to. Pictures and release notes are served from the
 * content folder as they are; manuals are rendered to PDF and messages spoken to WAV once, into
 * `generatedDir`, under a name made from what they are made of (so an edit makes a new file and
 * an unchanged source is never made again).
 */
export async function prepareMedia(
  content: BrandContent,
  brandName: string,
  generatedDir: string,
): Promise<MediaFile[]> {
  const files = new Map<string, MediaFile>();
  const add = (file: MediaFile) => {
    const earlier = files.get(file.name);
    if (earlier && (earlier.path !== file.path || earlier.origin !== file.origin))
      throw new Error(`content/${content.brand}: two different files are served as ${file.name}`);
    files.set(file.name, file);
  };

  const images = [
    ...content.products.flatMap((product) => product.images),
    ...(content.intro ? [content.intro.image] : []),
  ];
  // Each picture, each size of it the srcset offers, and the SVG a drawn picture is rendered from
  // (images/src/, which a home page's hero shows on a wide screen), by their path under
  // content/<brand>/.
  const imagePaths = images.flatMap((image) => {
    const drawing = drawingName(image);
    return [
      `images/${image.file}`,
      ...(image.srcset ?? []).flatMap((size) => [`images/${size.webp}`, `images/${size.png}`]),
      ...(drawing ? [`images/src/${drawing}`] : []),
    ];
  });
  /** A picture served from `where`: the content folder, or the generated media under its hash. */
  const addImage = (
    name: string,
    bytes: Uint8Array,
    where: { origin: MediaFile['origin']; path: string },
  ) => {
    const { width, height } = imageSize(name, bytes);
    add({
      name,
      kind: 'image',
      contentType: contentTypeOf(name),
      size: bytes.length,
      sha256: sha256(bytes),
      version: hash16(bytes),
      ...where,
      width,
      height,
    });
  };
  for (const relPath of imagePaths) {
    const name = path.posix.basename(relPath);
    if (files.has(name)) continue;
    const bytes = await readFile(path.join(content.dir, relPath));
    addImage(name, bytes, { origin: 'content', path: relPath });
    if (!relPath.startsWith('images/src/')) continue;
    // The drawing as a phone's hero shows it, its small print drawn as bars (phone-drawing.ts),
    // written once under its own hash.
    const phone = new TextEncoder().encode(phoneDrawing(bytes.toString('utf8')));
    const relative = `${hash16(phone)}.svg`;
    await writeOnce(path.join(generatedDir, relative), async () => phone);
    addImage(phoneDrawingName(name), phone, { origin: 'generated', path: relative });
  }

  const downloads = [
    ...content.products.flatMap((product) => product.downloads),
    ...content.resources.flatMap((group) => group.items),
  ];
  const rendered = new Map<string, { version: string; path: string; size: number; sha256: string }>();
  for (const download of downloads) {
    if (files.has(download.file)) continue;
    if (servedAsIs(download.kind)) {
      const bytes = await readFile(path.join(content.dir, download.source));
      add({
        name: download.file,
        kind: 'document',
        contentType: contentTypeOf(download.file),
        size: bytes.length,
        sha256: sha256(bytes),
        version: hash16(bytes),
        origin: 'content',
        path: download.source,
        width: null,
        height: null,
      });
      continue;
    }
    let pdf = rendered.get(download.source);
    if (!pdf) {
      const manual = content.manuals.get(download.source);
      if (!manual) throw new Error(`content/${content.brand}: ${download.source} was not loaded`);
      const meta = {
        title: manual.title,
        description: manual.description,
        author: brandName,
        version: manual.version,
        released: manual.released,
      };
      const version = hash16(PDF_RENDERER_VERSION, JSON.stringify(meta), manual.body);
      const relative = `${version}.pdf`;
      const written = await writeOnce(path.join(generatedDir, relative), () =>
        renderManualPdf(manual.body, meta),
      );
      pdf = { version, path: relative, size: written.size, sha256: written.sha256 };
      rendered.set(download.source, pdf);
    }
    add({
      name: download.file,
      kind: 'document',
      contentType: contentTypeOf(download.file),
      size: pdf.size,
      sha256: pdf.sha256,
      version: pdf.version,
      origin: 'generated',
      path: pdf.path,
      width: null,
      height: null,
    });
  }

  if (content.voice) {
    const { tts } = content.voice;
    for (const message of content.voice.messages) {
      const recording = path.join(content.dir, 'audio', message.audio);
      let bytes: Buffer | undefined;
      try {
        bytes = await readFile(recording);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      if (bytes) {
        // A real recording in content/voice/audio/ wins over the speech engine.
        add({
          name: message.audio,
          kind: 'audio',
          contentType: contentTypeOf(message.audio),
          size: bytes.length,
          sha256: sha256(bytes),
          version: hash16(bytes),
          origin: 'content',
          path: `audio/${message.audio}`,
          width: null,
          height: null,
          durationSeconds: Math.max(1, Math.round(wavSeconds(bytes))),
        });
        continue;
      }
      const version = hash16('espeak-ng', JSON.stringify(tts), message.text);
      const relative = `${version}.wav`;
      const file = path.join(generatedDir, relative);
      const recorded = await writeOnce(file, () => speak(tts, message.text));
      add({
        name: message.audio,
        kind: 'audio',
        contentType: contentTypeOf(message.audio),
        size: recorded.size,
        sha256: recorded.sha256,
        version,
        origin: 'generated',
        path: relative,
        width: null,
        height: null,
        durationSeconds: Math.max(1, Math.round(wavSeconds(recorded.bytes))),
      });
    }
  }

  return [...files.values()].sort((a, b) => a.name.localeCompare(b.name));
}
