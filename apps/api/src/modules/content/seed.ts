import { createHash } from 'node:crypto';
import { brandById } from '@app/brands';
import type { DownloadItem, ImageRef, ImageVariant, ResourceItem } from '@app/contract/catalogue';
import { lexMarkdownBody } from '@app/contract/markdown';
import type { Queryable } from '../../db/db';
import type { Seed } from '../../db/seed';
import { generatedMediaDir, type MediaFile, prepareMedia } from './media';
import {
  type BrandContent,
  type DownloadSource,
  defaultContentDir,
  drawingName,
  type ImageSource,
  loadBrandContent,
  phoneDrawingName,
  sisterBrands,
} from './source';

/** Any fixed number: instances seeding at the same moment take turns. */
const CONTENT_SEED_LOCK_KEY = 7_310_482_030;

export function mediaUrl(file: Pick<MediaFile, 'name' | 'version'>): string {
  return `/api/media/${file.version}/${encodeURIComponent(file.name)}`;
}

/** Where a download is saved from: as /api/media, but never compressed on the way. */
export function downloadUrl(file: Pick<MediaFile, 'name' | 'version'>): string {
  return `/api/files/${file.version}/${encodeURIComponent(file.name)}`;
}

/**
 * The rows of one brand, ready to insert. Documents are stored as the API sends them (Markdown
 * lexed); pages and products keep their Markdown, which the repository lexes once when read.
 */
export interface BrandRows {
  files: MediaFile[];
  pages: {
    slug: string;
    title: string;
    description: string;
    body: string;
    resources: string[];
    products: string[];
    downloads: string[];
  }[];
  products: {
    name: string;
    title: string;
    summary: string;
    sort_order: number;
    description: string;
    features: string[];
    specs: [string, string][];
    images: ImageRef[];
    downloads: DownloadItem[];
    channels: number | null;
    resolution: string | null;
    storage: string | null;
  }[];
  resources: {
    content_type: string;
    sort_order: number;
    title: string;
    description: string;
    items: ResourceItem[];
  }[];
  documents: { key: string; data: unknown }[];
  categories: { id: number; sort_order: number; title: string; description: string }[];
  subcategories: {
    id: number;
    category_id: number;
    sort_order: number;
    title: string;
    description: string;
  }[];
  messages: {
    id: number;
    subcategory_id: number;
    sort_order: number;
    title: string;
    spoken_text: string;
    duration_seconds: number;
    audio: string;
  }[];
}

export function buildRows(content: BrandContent, files: MediaFile[]): BrandRows {
  const byName = new Map(files.map((file) => [file.name, file]));
  const fileOf = (name: string) => {
    const file = byName.get(name);
    if (!file) throw new Error(`content/${content.brand}: no media file ${name}`);
    return file;
  };
  const variant = (name: string, type: ImageVariant['type']): ImageVariant => {
    const file = fileOf(name);
    return { url: mediaUrl(file), width: file.width ?? 0, height: file.height ?? 0, type };
  };
  const image = (source: ImageSource): ImageRef => {
    const file = fileOf(source.file);
    const drawing = drawingName(source);
    return {
      url: mediaUrl(file),
      alt: source.alt,
      width: file.width ?? 0,
      height: file.height ?? 0,
      ...(source.view ? { view: source.view } : {}),
      ...(drawing
        ? { drawing: mediaUrl(fileOf(drawing)), phoneDrawing: mediaUrl(fileOf(phoneDrawingName(drawing))) }
        : {}),
      ...(source.srcset
        ? {
            variants: source.srcset.flatMap((size) => [
              variant(size.webp, 'image/webp'),
              variant(size.png, 'image/png'),
            ]),
          }
        : {}),
    };
  };
  const download = (source: DownloadSource, label: string, description?: string): DownloadItem => {
    const file = fileOf(source.file);
    // Rendered manuals carry their edition in their front matter; files served as they are, in the catalogue.
    const manual = content.manuals.get(source.source);
    const version = manual?.version ?? source.version;
    const released = manual?.released ?? source.released;
    if (!version || !released)
      throw new Error(`content/${content.brand}: ${source.file} has no version or date`);
    return {
      label,
      kind: source.kind,
      url: downloadUrl(file),
      fileName: file.name,
      size: file.size,
      sha256: file.sha256,
      contentType: file.contentType,
      ...(description ? { description } : {}),
      version,
      released,
      ...(source.platform ? { platform: source.platform } : {}),
    };
  };

  const voice = content.voice;
  return {
    files,
    pages: content.pages.map((page) => ({
      slug: page.slug,
      title: page.title,
      description: page.description,
      body: page.body,
      resources: page.resources,
      products: page.products,
      downloads: page.downloads,
    })),
    products: content.products.map((product) => ({
      name: product.name,
      title: product.title,
      summary: product.summary,
      sort_order: product.order,
      description: product.description,
      features: product.features,
      specs: product.specs,
      images: product.images.map(image),
      downloads: product.downloads.map((item) => download(item, item.label)),
      channels: product.channels ?? null,
      resolution: product.resolution ?? null,
      storage: product.storage ?? null,
    })),
    resources: content.resources.map((group, index) => ({
      content_type: group.contentType,
      sort_order: index + 1,
      title: group.title,
      description: group.description,
      items: group.items.map((item) => ({
        ...download(item, item.title, item.description),
        products: item.products,
      })),
    })),
    documents: [
      ...(content.intro
        ? [
            {
              key: 'dvr-intro',
              data: {
                ...content.intro,
                image: image(content.intro.image),
                body: lexMarkdownBody(content.intro.body),
              },
            },
          ]
        : []),
      ...(content.support ? [{ key: 'support', data: content.support }] : []),
    ],
    categories: (voice?.categories ?? []).map((category, index) => ({
      id: category.id,
      sort_order: index + 1,
      title: category.title,
      description: category.description,
    })),
    subcategories: (voice?.categories ?? []).flatMap((category) =>
      category.subcategories.map((sub, index) => ({
        id: sub.id,
        category_id: category.id,
        sort_order: index + 1,
        title: sub.title,
        description: sub.description,
      })),
    ),
    messages: (voice?.messages ?? []).map((message, index) => ({
      id: message.id,
      subcategory_id: message.subcategoryId,
      sort_order: index + 1,
      title: message.title,
      spoken_text: message.text,
      // What the recording really lasts, which is what the player shows.
      duration_seconds: byName.get(message.audio)?.durationSeconds ?? message.durationSeconds,
      audio: message.audio,
    })),
  };
}

/** A hash of the rows: the same files give the same version, and any change gives a new one. */
export function rowsVersion(rows: BrandRows): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 24);
}

const json = (value: unknown) => JSON.stringify(value);

/** Replaces the brand's rows with `rows` in one transaction (nothing when they are already there). */
export async function writeBrandRows(
  q: Queryable,
  brand: string,
  rows: BrandRows,
  version: string,
): Promise<void> {
  await q.query('select pg_advisory_xact_lock($1)', [CONTENT_SEED_LOCK_KEY]);
  const current = await q.maybeOne<{ version: string }>(
    'select version from content_versions where brand = $1',
    [brand],
  );
  if (current?.version === version) return;

  for (const table of [
    'voice_messages',
    'voice_subcategories',
    'voice_categories',
    'content_documents',
    'content_resources',
    'content_products',
    'content_pages',
    'content_files',
  ])
    await q.query(`delete from ${table} where brand = $1`, [brand]);

  await q.query(
    `insert into content_files (brand, name, kind, content_type, size, version, origin, path, width, height)
     select $1, name, kind, "contentType", size, version, origin, path, width, height
       from jsonb_to_recordset($2::jsonb) as t(name text, kind text, "contentType" text, size int,
         version text, origin text, path text, width int, height int)`,
    [brand, json(rows.files)],
  );
  await q.query(
    `insert into content_pages (brand, slug, title, description, body, resources, products, downloads)
     select $1, slug, title, description, body,
            array(select jsonb_array_elements_text(resources)),
            array(select jsonb_array_elements_text(products)),
            array(select jsonb_array_elements_text(downloads))
       from jsonb_to_recordset($2::jsonb) as t(slug text, title text, description text, body text,
         resources jsonb, products jsonb, downloads jsonb)`,
    [brand, json(rows.pages)],
  );
  await q.query(
    `insert into content_products (brand, name, title, summary, sort_order, description, features, specs,
       images, downloads, channels, resolution, storage)
     select $1, name, title, summary, sort_order, description, features, specs, images, downloads,
            channels, resolution, storage
       from jsonb_to_recordset($2::jsonb) as t(name text, title text, summary text, sort_order int,
         description text, features jsonb, specs jsonb, images jsonb, downloads jsonb, channels int,
         resolution text, storage text)`,
    [brand, json(rows.products)],
  );
  await q.query(
    `insert into content_resources (brand, content_type, sort_order, title, description, items)
     select $1, content_type, sort_order, title, description, items
       from jsonb_to_recordset($2::jsonb) as t(content_type text, sort_order int, title text,
         description text, items jsonb)`,
    [brand, json(rows.resources)],
  );
  await q.query(
    `insert into content_documents (brand, key, data)
     select $1, key, data from jsonb_to_recordset($2::jsonb) as t(key text, data jsonb)`,
    [brand, json(rows.documents)],
  );
  await q.query(
    `insert into voice_categories (brand, id, sort_order, title, description)
     select $1, id, sort_order, title, description
       from jsonb_to_recordset($2::jsonb) as t(id int, sort_order int, title text, description text)`,
    [brand, json(rows.categories)],
  );
  await q.query(
    `insert into voice_subcategories (brand, id, category_id, sort_order, title, description)
     select $1, id, category_id, sort_order, title, description
       from jsonb_to_recordset($2::jsonb) as t(id int, category_id int, sort_order int, title text,
         description text)`,
    [brand, json(rows.subcategories)],
  );
  await q.query(
    `insert into voice_messages (brand, id, subcategory_id, sort_order, title, spoken_text, duration_seconds, audio)
     select $1, id, subcategory_id, sort_order, title, spoken_text, duration_seconds, audio
       from jsonb_to_recordset($2::jsonb) as t(id int, subcategory_id int, sort_order int, title text,
         spoken_text text, duration_seconds int, audio text)`,
    [brand, json(rows.messages)],
  );
  await q.query(
    `insert into content_versions (brand, version) values ($1, $2)
     on conflict (brand) do update set version = excluded.version`,
    [brand, version],
  );
}

export interface ContentSeedOptions {
  /** The content folder; default: content/ of the checkout. */
  contentDir?: string;
}

/**
 * Loads content/<brand>/ of the six sister sites into the database and makes their files
 * (manual PDFs, spoken messages). Idempotent: unchanged files leave every row as it is.
 */
export function contentSeed({ contentDir = defaultContentDir }: ContentSeedOptions = {}): Seed {
  return {
    name: 'sister-site content',
    async run(db, env) {
      for (const brand of sisterBrands) {
        const content = await loadBrandContent(brand, contentDir);
        const files = await prepareMedia(
          content,
          brandById(brand).name,
          generatedMediaDir(env.dataDir, brand),
        );
        const rows = buildRows(content, files);
        const version = rowsVersion(rows);
        // Unbounded: another instance may hold the seed lock while it writes the same rows.
        await db.transaction((tx) => writeBrandRows(tx, brand, rows, version), { unbounded: true });
      }
    },
  };
}
