import type { BrandConfig } from '@app/brands';
import type {
  ContentPage,
  DvrIntro,
  MessageCategory,
  MessageCategorySummary,
  MessageRoute,
  MessageSubcategory,
  ProductDetail,
  ProductSummary,
  ResourceGroup,
  Support,
} from '@app/contract/catalogue';
import { DOWNLOAD_LINK_HOURS } from '@app/contract/catalogue';
import type { Queryable } from '../../db/db';
import type { ResolvedEnv } from '../../env';
import { publicOrigin } from '../../lib/public-url';
import { enqueueMail } from '../mail/outbox';
import { createDownloadToken } from './download-token';
import * as repo from './repository';

export type { StoredFile } from './repository';

// Serving the content the seed has loaded: the catalogue's pages, products, resources and voice
// messages of a brand, their files, and the mailed download links of the recordings. Each read
// is undefined when the brand has no such thing; the routes answer that with their 404.

/** Changes whenever the brand's content is seeded anew: the ETag of every content reply. */
export function contentVersion(q: Queryable, brand: string): Promise<string | undefined> {
  return repo.contentVersion(q, brand);
}

export function dvrIntro(q: Queryable, brand: string): Promise<DvrIntro | undefined> {
  return repo.findDvrIntro(q, brand);
}

export function support(q: Queryable, brand: string): Promise<Support | undefined> {
  return repo.findSupport(q, brand);
}

export function products(q: Queryable, brand: string): Promise<ProductSummary[]> {
  return repo.listProducts(q, brand);
}

export function product(q: Queryable, brand: string, name: string): Promise<ProductDetail | undefined> {
  return repo.findProduct(q, brand, name);
}

/** The DVR brand's products, named `dvrName` as its pages have always called them. */
export async function dvrs(q: Queryable, brand: string) {
  return (await repo.listProducts(q, brand)).map(({ name, ...rest }) => ({ dvrName: name, ...rest }));
}

export async function dvr(q: Queryable, brand: string, dvrName: string) {
  const found = await repo.findProduct(q, brand, dvrName);
  if (!found) return undefined;
  const { name, ...rest } = found;
  return { dvrName: name, ...rest };
}

export function resources(q: Queryable, brand: string): Promise<ResourceGroup[]> {
  return repo.listResources(q, brand);
}

export function resource(
  q: Queryable,
  brand: string,
  contentType: string,
): Promise<ResourceGroup | undefined> {
  return repo.findResource(q, brand, contentType);
}

/** A page by its slug; a slug no page could have is not looked up. */
export async function page(q: Queryable, brand: string, slug: string): Promise<ContentPage | undefined> {
  return /^[a-z0-9][a-z0-9-]*$/.test(slug) ? repo.findPage(q, brand, slug) : undefined;
}

export function messageCategories(q: Queryable, brand: string): Promise<MessageCategorySummary[]> {
  return repo.listMessageCategories(q, brand);
}

export function messageRoute(q: Queryable, brand: string): Promise<MessageRoute> {
  return repo.messageRoute(q, brand);
}

export function messageCategory(
  q: Queryable,
  brand: string,
  id: number,
): Promise<MessageCategory | undefined> {
  return repo.findMessageCategory(q, brand, id);
}

export function messageSubcategory(
  q: Queryable,
  brand: string,
  id: number,
): Promise<MessageSubcategory | undefined> {
  return repo.findMessageSubcategory(q, brand, id);
}

export function message(q: Queryable, brand: string, id: number): Promise<repo.MessageRecord | undefined> {
  return repo.findMessage(q, brand, id);
}

/** A file of the brand's content by the name its URLs carry. */
export function file(q: Queryable, brand: string, name: string): Promise<repo.StoredFile | undefined> {
  return repo.findFile(q, brand, name);
}

/** The recording of a voice message, for its download link. */
export async function messageRecording(
  q: Queryable,
  brand: string,
  messageId: number,
): Promise<repo.StoredFile | undefined> {
  const found = await repo.findMessage(q, brand, messageId);
  return found && repo.findFile(q, brand, found.audio.fileName);
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Mails a link to a voice message's recording that works for DOWNLOAD_LINK_HOURS; false when the
 * brand has no such message.
 */
export async function mailDownloadLink(
  ctx: { db: Queryable; env: ResolvedEnv },
  brand: BrandConfig,
  messageId: number,
  email: string,
): Promise<boolean> {
  const found = await repo.findMessage(ctx.db, brand.id, messageId);
  if (!found) return false;
  const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_HOURS * 3600_000);
  const token = createDownloadToken(ctx.env.jwtSecret, { brand: brand.id, messageId: found.id, expiresAt });
  const origin = publicOrigin(brand, ctx.env);
  const link = `${origin}/api/download/${token}`;
  await enqueueMail(ctx.db, {
    brand: brand.id,
    to: email,
    subject: `Your download link: ${found.title}`,
    text: [
      'Hello,',
      '',
      `Here is your link to download the ${brand.name} voice message "${found.title}" (a WAV recording of ${sizeText(found.audio.size)}, ${found.durationSeconds} seconds):`,
      '',
      link,
      '',
      `The link works for ${DOWNLOAD_LINK_HOURS} hours, until ${longDate.format(expiresAt)} UTC. After that, ask for a new one on the message page: ${origin}/message/${found.id}`,
      '',
      `How to copy the message to your player: ${origin}/how-to`,
      '',
      'If you did not ask for this link, you can ignore this e-mail.',
      '',
      brand.name,
    ].join('\n'),
  });
  return true;
}
