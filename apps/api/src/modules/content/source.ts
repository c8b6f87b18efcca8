import { open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BrandId } from '@app/brands';
import { downloadKinds } from '@app/contract/catalogue';
import { z } from 'zod';
import { repoRoot } from '../../env';
import { rasterSize } from './raster-size';

/** The brands whose pages come from content/<brand>/ (content/README-catalogues.md). */
export const sisterBrands = [
  'dvr',
  'voice',
  'nvr',
  'anpr',
  'multiplexer',
  'ipcam',
] as const satisfies readonly BrandId[];
export type SisterBrandId = (typeof sisterBrands)[number];

export const defaultContentDir = path.join(repoRoot, 'content');

/** Content that breaks the rules of content/README-catalogues.md; lists every problem found. */
export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    readonly brand: string,
    readonly problems: string[],
  ) {
    super(
      `content/${brand} has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
}

const urlKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'must be letters, digits and hyphens');
const fileName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a plain file name');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date');
const sourcePath = z
  .string()
  .regex(/^(manuals\/[A-Za-z0-9][A-Za-z0-9._-]*\.md|downloads\/[A-Za-z0-9][A-Za-z0-9._-]*)$/, {
    message: 'must be manuals/<x>.md or downloads/<file>',
  });

const imageName = (ext: string) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]*\\.${ext}$`), `must be a .${ext} file in images/`);

/** One size of a drawn picture, as PNG and as WebP. */
const imageSizeSource = z.object({
  width: z.number().int().positive(),
  png: imageName('png'),
  webp: imageName('webp'),
});

const imageSource = z
  .object({
    file: imageName('(svg|png|webp)'),
    alt: z.string().trim().min(1),
    /** What the picture shows, for product pictures: front, rear, or a software screen or camera. */
    view: z.enum(['front', 'rear', 'screen', 'camera']).optional(),
    /** Pixel size of `file`; pictures with a srcset give it (the file's header must agree). */
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
    /** The sizes the picture is offered in, narrowest first; `file` is the widest PNG. */
    srcset: z.array(imageSizeSource).min(1).optional(),
  })
  .superRefine((image, context) => {
    if (!image.srcset) return;
    const widest = image.srcset.at(-1);
    if (image.width === undefined || image.height === undefined)
      context.addIssue({ code: 'custom', message: 'a picture with a srcset needs its width and height' });
    if (widest?.png !== image.file || widest.width !== image.width)
      context.addIssue({ code: 'custom', message: 'file must be the widest PNG of the srcset' });
    if (image.srcset.some((size, i) => i > 0 && size.width <= (image.srcset?.[i - 1]?.width ?? 0)))
      context.addIssue({ code: 'custom', message: 'srcset widths must grow' });
  });
export type ImageSource = z.infer<typeof imageSource>;

/**
 * The SVG a drawn picture (one with a srcset) is rendered from, as scripts/make-product-images.ts
 * writes it: images/src/<stem>.svg for <stem>-<width>.png. Served as it is, it is the lightest
 * and sharpest form of the picture for a page's hero on a wide screen (a phone's is
 * phoneDrawingName's).
 */
export function drawingName(image: ImageSource): string | undefined {
  return image.srcset ? `${image.file.replace(/-\d+\.png$/, '')}.svg` : undefined;
}

/** The name the drawing is served under as a phone's hero shows it (phone-drawing.ts). */
export function phoneDrawingName(drawing: string): string {
  return drawing.replace(/\.svg$/, '-phone.svg');
}

const downloadFields = {
  kind: z.enum(downloadKinds),
  file: fileName,
  source: sourcePath,
  version: z.string().min(1).optional(),
  released: isoDate.optional(),
  platform: z.enum(['windows', 'macos']).optional(),
};
const productDownloadSource = z.object({ label: z.string().trim().min(1), ...downloadFields });
const resourceItemSource = z.object({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  products: z.array(urlKey).default([]),
  ...downloadFields,
});
export type DownloadSource = z.infer<typeof productDownloadSource> | z.infer<typeof resourceItemSource>;

const productFields = {
  title: z.string().trim().min(1),
  summary: z.string().trim().min(1),
  order: z.number().int(),
  description: z.string().trim().min(1),
  features: z.array(z.string().trim().min(1)),
  specs: z.array(z.tuple([z.string().trim().min(1), z.string().trim().min(1)])),
  images: z.array(imageSource).min(2, 'needs at least two images'),
  downloads: z.array(productDownloadSource),
  channels: z.number().int().positive().optional(),
  resolution: z.string().optional(),
  storage: z.string().optional(),
};
const productSource = z.object({ name: urlKey, ...productFields });
const dvrSource = z.object({ dvrName: urlKey, ...productFields });
export type ProductSource = z.infer<typeof productSource>;

const resourcesSource = z.record(
  urlKey,
  z.object({
    title: z.string().trim().min(1),
    description: z.string().trim().min(1),
    items: z.array(resourceItemSource),
  }),
);

const introSource = z.object({
  title: z.string().trim().min(1),
  summary: z.string().trim().min(1),
  image: imageSource,
  body: z.string().trim().min(1),
  highlights: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })),
  choosing: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })),
});
export type IntroSource = z.infer<typeof introSource>;

const supportSource = z.object({
  title: z.string().trim().min(1),
  intro: z.string().trim().min(1),
  contacts: z.array(
    z.object({
      label: z.string().min(1),
      value: z.string().min(1),
      href: z.string().regex(/^(tel:\+\d+|\/[a-z0-9/-]*)$/, 'must be tel: or a site route'),
    }),
  ),
  hours: z.array(z.object({ days: z.string().min(1), times: z.string().min(1) })),
  faq: z.array(z.object({ id: urlKey, question: z.string().min(1), answer: z.string().min(1) })),
});
export type SupportSource = z.infer<typeof supportSource>;

const voiceSource = z.object({
  tts: z.object({
    engine: z.literal('espeak-ng'),
    voice: z.string().regex(/^[a-z]{2,3}(-[a-z0-9]+)*$/),
    speed: z.number().int().min(80).max(450),
    pitch: z.number().int().min(0).max(99),
    wordGap: z.number().int().min(0).max(50),
    format: z.literal('wav'),
  }),
  categories: z.array(
    z.object({
      id: z.number().int().positive(),
      title: z.string().trim().min(1),
      description: z.string().trim().min(1),
      subcategories: z.array(
        z.object({
          id: z.number().int().positive(),
          title: z.string().trim().min(1),
          description: z.string().trim().min(1),
        }),
      ),
    }),
  ),
  messages: z.array(
    z.object({
      id: z.number().int().positive(),
      title: z.string().trim().min(1),
      subcategoryId: z.number().int().positive(),
      // Spoken as it is: only what a speech engine reads plainly.
      text: z
        .string()
        .regex(/^[A-Za-z0-9 .,'?!-]+$/, "may hold only letters, digits, spaces and . , ' ? ! -"),
      audio: z.string().regex(/^[a-z0-9][a-z0-9-]*\.wav$/, 'must be a lower-case .wav file name'),
      durationSeconds: z.number().int().positive(),
    }),
  ),
});
export type VoiceSource = z.infer<typeof voiceSource>;
export type TtsSettings = VoiceSource['tts'];

export interface PageSource {
  /** `home` for `/`, else the route without its slash. */
  slug: string;
  title: string;
  description: string;
  body: string;
  resources: string[];
  products: string[];
  downloads: string[];
}

export interface ManualSource {
  title: string;
  description: string;
  /** The edition and its date (ISO), shown beside the download and printed in the PDF. */
  version: string;
  released: string;
  /** Markdown after the front matter. */
  body: string;
}

/** Everything under content/<brand>/, parsed and cross-checked. */
export interface BrandContent {
  brand: SisterBrandId;
  /** Absolute path of content/<brand>. */
  dir: string;
  pages: PageSource[];
  products: ProductSource[];
  resources: {
    contentType: string;
    title: string;
    description: string;
    items: z.infer<typeof resourceItemSource>[];
  }[];
  intro: IntroSource | null;
  support: SupportSource | null;
  voice: VoiceSource | null;
  /** Manual sources (`manuals/x.md`) by path. */
  manuals: Map<string, ManualSource>;
}

const pageKeys = new Set(['title', 'description', 'resources', 'products', 'downloads']);
const manualKeys = new Set(['title', 'description', 'version', 'released']);

/** Kinds served from downloads/ as they are; the others are rendered from manuals/*.md. */
export const servedAsIs = (kind: DownloadSource['kind']) => kind === 'release-notes' || kind === 'tool';

/**
 * Reads the front matter block of a content Markdown file: `key: "quoted string"` or
 * `key: [a, b]` per line, nothing nested. Throws with the reason when the block is malformed.
 */
export function parseFrontMatter(source: string): { meta: Record<string, string | string[]>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error('has no front matter block');
  const meta: Record<string, string | string[]> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const pair = /^([A-Za-z][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (!pair?.[1]) throw new Error(`has a front matter line that is not "key: value": ${line}`);
    const [, key, raw = ''] = pair;
    if (key in meta) throw new Error(`repeats the front matter key ${key}`);
    if (raw.startsWith('"')) {
      try {
        meta[key] = z.string().parse(JSON.parse(raw));
      } catch {
        throw new Error(`has a badly quoted value for ${key}`);
      }
    } else if (raw.startsWith('[')) {
      const list = /^\[(.*)\]$/.exec(raw);
      if (!list) throw new Error(`has a badly formed list for ${key}`);
      meta[key] = (list[1] ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    } else {
      meta[key] = raw;
    }
  }
  return { meta, body: source.slice(match[0].length) };
}

function frontMatterText(meta: Record<string, string | string[]>, key: string): string | undefined {
  const value = meta[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function frontMatterList(meta: Record<string, string | string[]>, key: string): string[] {
  const value = meta[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The first bytes of a file: enough for a picture's header. */
async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(64), 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function zodProblems(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(top)'} ${issue.message}`);
}

/** Reads and checks content/<brand>/ (the checks of README-catalogues.md, "What is checked"). */
export async function loadBrandContent(
  brand: SisterBrandId,
  contentDir = defaultContentDir,
): Promise<BrandContent> {
  const dir = path.join(contentDir, brand);
  const problems: string[] = [];

  const readJson = async <T>(file: string, schema: z.ZodType<T>): Promise<T | null> => {
    const text = await readOptional(path.join(dir, file));
    if (text === undefined) return null;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      return null;
    }
    const result = schema.safeParse(data);
    if (!result.success) {
      problems.push(...zodProblems(file, result.error));
      return null;
    }
    return result.data;
  };

  // Pages.
  const pages: PageSource[] = [];
  for (const file of await listFiles(path.join(dir, 'pages'))) {
    const where = `pages/${file}`;
    if (!/^[a-z0-9][a-z0-9-]*\.md$/.test(file)) {
      problems.push(`${where}: page files are named <route>.md in lower case`);
      continue;
    }
    try {
      const { meta, body } = parseFrontMatter(await readFile(path.join(dir, 'pages', file), 'utf8'));
      for (const key of Object.keys(meta))
        if (!pageKeys.has(key)) problems.push(`${where}: unknown key ${key}`);
      const title = frontMatterText(meta, 'title');
      const description = frontMatterText(meta, 'description');
      if (!title || !description) problems.push(`${where}: needs a title and a description`);
      pages.push({
        slug: file.slice(0, -'.md'.length),
        title: title ?? '',
        description: description ?? '',
        body: body.trim(),
        resources: frontMatterList(meta, 'resources'),
        products: frontMatterList(meta, 'products'),
        downloads: frontMatterList(meta, 'downloads'),
      });
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }

  // Catalogues.
  let products: ProductSource[] = [];
  if (brand === 'dvr') {
    const dvrs = await readJson('dvrs.json', z.array(dvrSource));
    products = (dvrs ?? []).map(({ dvrName, ...rest }) => ({ name: dvrName, ...rest }));
  } else {
    products = (await readJson('products.json', z.array(productSource))) ?? [];
  }
  const resourceMap = await readJson('resources.json', resourcesSource);
  const resources = Object.entries(resourceMap ?? {}).map(([contentType, group]) => ({
    contentType,
    ...group,
  }));
  const intro = await readJson('intro.json', introSource);
  const support = await readJson('support.json', supportSource);
  const voice = await readJson('categories.json', voiceSource);

  // Products: unique keys (URLs ignore case, so keys must differ by more than case).
  const productNames = new Set<string>();
  for (const product of products) {
    const key = product.name.toLowerCase();
    if (productNames.has(key)) problems.push(`product ${product.name} is listed twice`);
    productNames.add(key);
  }
  const hasProduct = (name: string) => productNames.has(name.toLowerCase());

  // Pages refer to products, resources and downloads that exist.
  const contentTypes = new Set(resources.map((group) => group.contentType));
  for (const page of pages) {
    for (const type of page.resources)
      if (!contentTypes.has(type)) problems.push(`pages/${page.slug}.md: no resource type ${type}`);
    for (const name of [...page.products, ...page.downloads])
      if (!hasProduct(name)) problems.push(`pages/${page.slug}.md: no product ${name}`);
  }
  for (const group of resources)
    for (const item of group.items)
      for (const name of item.products)
        if (!hasProduct(name)) problems.push(`resources.json ${group.contentType}: no product ${name}`);

  // Files: images exist, downloads exist with the right kind, every file is used.
  const referenced = new Set<string>();
  const images = [...products.flatMap((product) => product.images), ...(intro ? [intro.image] : [])];
  const imageFiles = new Set(await listFiles(path.join(dir, 'images')));
  const drawingFiles = new Set(await listFiles(path.join(dir, 'images', 'src')));
  for (const image of images) {
    const sizes = image.srcset ?? [];
    for (const name of [image.file, ...sizes.flatMap((size) => [size.png, size.webp])]) {
      if (referenced.has(`images/${name}`)) continue;
      referenced.add(`images/${name}`);
      if (!imageFiles.has(name)) problems.push(`images/${name} does not exist`);
    }
    const drawing = drawingName(image);
    if (drawing && !drawingFiles.has(drawing)) problems.push(`images/src/${drawing} does not exist`);
    // Each size must be what it says: the width listed, and the height of the same proportions.
    for (const size of sizes) {
      const height = Math.round(((image.height ?? 0) * size.width) / (image.width ?? 1));
      for (const name of [size.png, size.webp]) {
        if (!imageFiles.has(name)) continue;
        const actual = rasterSize(await readHead(path.join(dir, 'images', name)));
        if (!actual) problems.push(`images/${name} is not a PNG or WebP picture`);
        else if (actual.width !== size.width || actual.height !== height)
          problems.push(
            `images/${name} is ${actual.width}x${actual.height} pixels, the catalogue says ${size.width}x${height}`,
          );
      }
    }
  }

  const downloads: DownloadSource[] = [
    ...products.flatMap((product) => product.downloads),
    ...resources.flatMap((group) => group.items),
  ];
  const manuals = new Map<string, ManualSource>();
  const servedAs = new Map<string, string>();
  for (const download of downloads) {
    referenced.add(download.source);
    const earlier = servedAs.get(download.file);
    if (earlier && earlier !== download.source)
      problems.push(`${download.file} is served from both ${earlier} and ${download.source}`);
    servedAs.set(download.file, download.source);
    const asIs = servedAsIs(download.kind);
    if (asIs !== download.source.startsWith('downloads/'))
      problems.push(
        `${download.file}: ${download.kind} must come from ${asIs ? 'downloads/' : 'manuals/*.md'}`,
      );
    if (!asIs && !download.file.endsWith('.pdf'))
      problems.push(`${download.file}: a rendered manual ends in .pdf`);
    if (!asIs && (download.version || download.released))
      problems.push(`${download.file}: a rendered manual takes its version and date from ${download.source}`);
    if (asIs) {
      // Its size and checksum are measured from the file; its version and date are the catalogue's.
      if (!download.version || !download.released)
        problems.push(`${download.file}: a ${download.kind} entry needs a version and a released date`);
      try {
        await stat(path.join(dir, download.source));
      } catch {
        problems.push(`${download.source} does not exist`);
      }
    } else if (!manuals.has(download.source)) {
      const text = await readOptional(path.join(dir, download.source));
      if (text === undefined) {
        problems.push(`${download.source} does not exist`);
        continue;
      }
      try {
        const { meta, body } = parseFrontMatter(text);
        for (const key of Object.keys(meta))
          if (!manualKeys.has(key)) problems.push(`${download.source}: unknown key ${key}`);
        const title = frontMatterText(meta, 'title');
        const description = frontMatterText(meta, 'description');
        const version = frontMatterText(meta, 'version');
        const released = frontMatterText(meta, 'released');
        if (!title || !description) problems.push(`${download.source}: needs a title and a description`);
        if (!version || !released || !isoDate.safeParse(released).success)
          problems.push(`${download.source}: needs a version and a released date (YYYY-MM-DD)`);
        manuals.set(download.source, {
          title: title ?? '',
          description: description ?? '',
          version: version ?? '',
          released: released ?? '',
          body,
        });
      } catch (error) {
        problems.push(`${download.source}: ${(error as Error).message}`);
      }
    }
  }
  for (const folder of ['images', 'downloads', 'manuals'] as const) {
    for (const file of await listFiles(path.join(dir, folder)))
      if (!referenced.has(`${folder}/${file}`))
        problems.push(`${folder}/${file} is not used by any catalogue`);
  }

  // Voice messages.
  if (voice) {
    const categoryIds = new Set<number>();
    const subcategoryIds = new Set<number>();
    for (const category of voice.categories) {
      if (categoryIds.has(category.id)) problems.push(`categories.json: category ${category.id} twice`);
      categoryIds.add(category.id);
      for (const sub of category.subcategories) {
        if (subcategoryIds.has(sub.id)) problems.push(`categories.json: subcategory ${sub.id} twice`);
        subcategoryIds.add(sub.id);
      }
    }
    const messageIds = new Set<number>();
    const audioNames = new Set<string>();
    const used = new Set<number>();
    for (const message of voice.messages) {
      if (messageIds.has(message.id)) problems.push(`categories.json: message ${message.id} twice`);
      messageIds.add(message.id);
      if (audioNames.has(message.audio)) problems.push(`categories.json: audio ${message.audio} twice`);
      audioNames.add(message.audio);
      if (servedAs.has(message.audio)) problems.push(`categories.json: ${message.audio} is also a download`);
      if (!subcategoryIds.has(message.subcategoryId))
        problems.push(`categories.json: message ${message.id} has no subcategory ${message.subcategoryId}`);
      used.add(message.subcategoryId);
    }
    for (const id of subcategoryIds)
      if (!used.has(id)) problems.push(`categories.json: subcategory ${id} has no messages`);
  }

  if (problems.length > 0) throw new ContentError(brand, problems);
  return { brand, dir, pages, products, resources, intro, support, voice, manuals };
}
