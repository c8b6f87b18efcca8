import type {
  ContentPage,
  DownloadItem,
  DvrIntro,
  ImageRef,
  MessageCategory,
  MessageCategorySummary,
  MessageRoute,
  MessageSubcategory,
  MessageSummary,
  ProductDetail,
  ProductSummary,
  ResourceGroup,
  Support,
} from '@app/contract/catalogue';
import { lexMarkdownBody } from '@app/contract/markdown';
import type { MarkdownTokens } from '@app/contract/markdown-tokens';
import type { Queryable } from '../../db/db';
import { mediaUrl } from './seed';

/** The content version of a brand (the ETag of its content calls); undefined before the seed ran. */
export async function contentVersion(q: Queryable, brand: string): Promise<string | undefined> {
  const row = await q.maybeOne<{ version: string }>('select version from content_versions where brand = $1', [
    brand,
  ]);
  return row?.version;
}

/** More texts than all brands' pages and products hold together. */
const LEXED_LIMIT = 2000;
const lexedTexts = new Map<string, MarkdownTokens>();

/**
 * The tokens of a stored Markdown text, lexed once per process: content changes only when the
 * seed runs, and a changed text is a new key. The map is emptied if it ever outgrows the content.
 */
function lexedOnce(markdown: string): MarkdownTokens {
  let tokens = lexedTexts.get(markdown);
  if (!tokens) {
    if (lexedTexts.size >= LEXED_LIMIT) lexedTexts.clear();
    tokens = lexMarkdownBody(markdown);
    lexedTexts.set(markdown, tokens);
  }
  return tokens;
}

interface ProductRow {
  name: string;
  title: string;
  summary: string;
  sort_order: number;
  channels: number | null;
  resolution: string | null;
  storage: string | null;
  images: ImageRef[];
}

interface ProductDetailRow extends ProductRow {
  description: string;
  features: string[];
  specs: [string, string][];
  downloads: DownloadItem[];
}

function summaryOf(row: ProductRow): ProductSummary {
  const [image] = row.images;
  if (!image) throw new Error(`Product ${row.name} has no image`);
  return {
    name: row.name,
    title: row.title,
    summary: row.summary,
    order: row.sort_order,
    image,
    ...(row.channels !== null ? { channels: row.channels } : {}),
    ...(row.resolution !== null ? { resolution: row.resolution } : {}),
    ...(row.storage !== null ? { storage: row.storage } : {}),
  };
}

function detailOf(row: ProductDetailRow): ProductDetail {
  return {
    ...summaryOf(row),
    description: lexedOnce(row.description),
    features: row.features,
    specs: row.specs,
    images: row.images,
    downloads: row.downloads,
  };
}

const summaryColumnList = [
  'name',
  'title',
  'summary',
  'sort_order',
  'channels',
  'resolution',
  'storage',
  'images',
];
const detailColumnList = [...summaryColumnList, 'description', 'features', 'specs', 'downloads'];
const summaryColumns = summaryColumnList.join(', ');
const detailColumns = detailColumnList.join(', ');
const qualifiedDetailColumns = detailColumnList.map((column) => `p.${column}`).join(', ');

export async function listProducts(q: Queryable, brand: string): Promise<ProductSummary[]> {
  const rows = await q.query<ProductRow>(
    `select ${summaryColumns} from content_products where brand = $1 order by sort_order, name`,
    [brand],
  );
  return rows.map(summaryOf);
}

/** A product by its URL key, whatever the case of the letters. */
export async function findProduct(
  q: Queryable,
  brand: string,
  name: string,
): Promise<ProductDetail | undefined> {
  const row = await q.maybeOne<ProductDetailRow>(
    `select ${detailColumns} from content_products where brand = $1 and lower(name) = lower($2)`,
    [brand, name],
  );
  return row && detailOf(row);
}

async function productsNamed(q: Queryable, brand: string, names: string[]): Promise<ProductDetail[]> {
  if (names.length === 0) return [];
  const rows = await q.query<ProductDetailRow>(
    `select ${qualifiedDetailColumns}
       from content_products p
       join unnest($2::text[]) with ordinality as wanted(name, position) on lower(wanted.name) = lower(p.name)
      where p.brand = $1
      order by wanted.position`,
    [brand, names],
  );
  return rows.map(detailOf);
}

interface ResourceRow {
  content_type: string;
  title: string;
  description: string;
  items: ResourceGroup['items'];
}

const resourceOf = (row: ResourceRow): ResourceGroup => ({
  contentType: row.content_type,
  title: row.title,
  description: row.description,
  items: row.items,
});

export async function listResources(q: Queryable, brand: string, types?: string[]): Promise<ResourceGroup[]> {
  const rows = await q.query<ResourceRow>(
    types
      ? `select content_type, title, description, items
           from content_resources r
           join unnest($2::text[]) with ordinality as wanted(type, position) on wanted.type = r.content_type
          where r.brand = $1
          order by wanted.position`
      : `select content_type, title, description, items from content_resources where brand = $1 order by sort_order`,
    types ? [brand, types] : [brand],
  );
  return rows.map(resourceOf);
}

export async function findResource(
  q: Queryable,
  brand: string,
  contentType: string,
): Promise<ResourceGroup | undefined> {
  const [group] = await listResources(q, brand, [contentType]);
  return group;
}

export async function findPage(q: Queryable, brand: string, slug: string): Promise<ContentPage | undefined> {
  const row = await q.maybeOne<{
    slug: string;
    title: string;
    description: string;
    body: string;
    resources: string[];
    products: string[];
    downloads: string[];
  }>(
    'select slug, title, description, body, resources, products, downloads from content_pages where brand = $1 and slug = $2',
    [brand, slug],
  );
  if (!row) return undefined;
  const [resources, products, downloadProducts] = await Promise.all([
    row.resources.length > 0 ? listResources(q, brand, row.resources) : [],
    productsNamed(q, brand, row.products),
    productsNamed(q, brand, row.downloads),
  ]);
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    body: lexedOnce(row.body),
    resources,
    products,
    downloads: downloadProducts.flatMap((product) => product.downloads),
  };
}

async function findDocument(q: Queryable, brand: string, key: 'dvr-intro' | 'support'): Promise<unknown> {
  const row = await q.maybeOne<{ data: unknown }>(
    'select data from content_documents where brand = $1 and key = $2',
    [brand, key],
  );
  return row?.data;
}

export async function findDvrIntro(q: Queryable, brand: string): Promise<DvrIntro | undefined> {
  return (await findDocument(q, brand, 'dvr-intro')) as DvrIntro | undefined;
}

export async function findSupport(q: Queryable, brand: string): Promise<Support | undefined> {
  return (await findDocument(q, brand, 'support')) as Support | undefined;
}

// Voice messages.

interface IdTitle {
  id: number;
  title: string;
}

export async function messageRoute(q: Queryable, brand: string): Promise<MessageRoute> {
  const categories = await listMessageCategories(q, brand);
  return categories.map((category) => ({
    id: category.id,
    title: category.title,
    subcategories: category.subcategories.map((sub) => ({ id: sub.id, title: sub.title })),
  }));
}

export async function listMessageCategories(q: Queryable, brand: string): Promise<MessageCategorySummary[]> {
  const [categories, subcategories] = await Promise.all([
    q.query<IdTitle & { description: string }>(
      'select id, title, description from voice_categories where brand = $1 order by sort_order, id',
      [brand],
    ),
    q.query<IdTitle & { description: string; category_id: number; message_count: number }>(
      `select s.id, s.title, s.description, s.category_id,
              (select count(*) from voice_messages m where m.brand = s.brand and m.subcategory_id = s.id) as message_count
         from voice_subcategories s
        where s.brand = $1
        order by s.sort_order, s.id`,
      [brand],
    ),
  ]);
  return categories.map((category) => ({
    ...category,
    subcategories: subcategories
      .filter((sub) => sub.category_id === category.id)
      .map((sub) => ({
        id: sub.id,
        title: sub.title,
        description: sub.description,
        messageCount: sub.message_count,
      })),
  }));
}

async function messagesIn(q: Queryable, brand: string, subcategoryIds: number[]) {
  return q.query<MessageSummary & { subcategory_id: number }>(
    `select id, title, duration_seconds as "durationSeconds", subcategory_id
       from voice_messages
      where brand = $1 and subcategory_id = any($2::int[])
      order by sort_order, id`,
    [brand, subcategoryIds],
  );
}

const stripSubcategory = ({ id, title, durationSeconds }: MessageSummary): MessageSummary => ({
  id,
  title,
  durationSeconds,
});

export async function findMessageCategory(
  q: Queryable,
  brand: string,
  id: number,
): Promise<MessageCategory | undefined> {
  const category = await q.maybeOne<IdTitle & { description: string }>(
    'select id, title, description from voice_categories where brand = $1 and id = $2',
    [brand, id],
  );
  if (!category) return undefined;
  const subcategories = await q.query<IdTitle & { description: string }>(
    'select id, title, description from voice_subcategories where brand = $1 and category_id = $2 order by sort_order, id',
    [brand, id],
  );
  const messages = await messagesIn(
    q,
    brand,
    subcategories.map((sub) => sub.id),
  );
  return {
    ...category,
    subcategories: subcategories.map((sub) => ({
      ...sub,
      messages: messages.filter((m) => m.subcategory_id === sub.id).map(stripSubcategory),
    })),
  };
}

export async function findMessageSubcategory(
  q: Queryable,
  brand: string,
  id: number,
): Promise<MessageSubcategory | undefined> {
  const sub = await q.maybeOne<
    IdTitle & { description: string; category_id: number; category_title: string }
  >(
    `select s.id, s.title, s.description, c.id as category_id, c.title as category_title
       from voice_subcategories s
       join voice_categories c on c.brand = s.brand and c.id = s.category_id
      where s.brand = $1 and s.id = $2`,
    [brand, id],
  );
  if (!sub) return undefined;
  const messages = await messagesIn(q, brand, [id]);
  return {
    id: sub.id,
    title: sub.title,
    description: sub.description,
    category: { id: sub.category_id, title: sub.category_title },
    messages: messages.map(stripSubcategory),
  };
}

export interface MessageRecord {
  id: number;
  title: string;
  text: string;
  durationSeconds: number;
  category: IdTitle;
  subcategory: IdTitle;
  audio: { url: string; fileName: string; size: number; contentType: string };
}

export async function findMessage(
  q: Queryable,
  brand: string,
  id: number,
): Promise<MessageRecord | undefined> {
  const row = await q.maybeOne<{
    id: number;
    title: string;
    spoken_text: string;
    duration_seconds: number;
    subcategory_id: number;
    subcategory_title: string;
    category_id: number;
    category_title: string;
    audio: string;
    version: string;
    size: number;
    content_type: string;
  }>(
    `select m.id, m.title, m.spoken_text, m.duration_seconds,
            s.id as subcategory_id, s.title as subcategory_title,
            c.id as category_id, c.title as category_title,
            f.name as audio, f.version, f.size, f.content_type
       from voice_messages m
       join voice_subcategories s on s.brand = m.brand and s.id = m.subcategory_id
       join voice_categories c on c.brand = s.brand and c.id = s.category_id
       join content_files f on f.brand = m.brand and f.name = m.audio
      where m.brand = $1 and m.id = $2`,
    [brand, id],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    text: row.spoken_text,
    durationSeconds: row.duration_seconds,
    category: { id: row.category_id, title: row.category_title },
    subcategory: { id: row.subcategory_id, title: row.subcategory_title },
    audio: {
      url: mediaUrl({ name: row.audio, version: row.version }),
      fileName: row.audio,
      size: row.size,
      contentType: row.content_type,
    },
  };
}

export interface StoredFile {
  name: string;
  kind: 'image' | 'document' | 'audio';
  contentType: string;
  size: number;
  version: string;
  origin: 'content' | 'generated';
  path: string;
}

export async function findFile(q: Queryable, brand: string, name: string): Promise<StoredFile | undefined> {
  return q.maybeOne<StoredFile>(
    `select name, kind, content_type as "contentType", size, version, origin, path
       from content_files where brand = $1 and name = $2`,
    [brand, name],
  );
}
