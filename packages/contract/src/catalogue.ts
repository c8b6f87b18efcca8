/**
 * The sister sites' content calls (SPEC.md section 7: /api/dvrintro, /api/dvrs, /api/support,
 * /api/message/category, /api/message/route, /api/download-link, /api/products) and the detail
 * calls their pages need. The API serializes every reply through these schemas; the web app only
 * takes their types for these read-only replies (docs/decisions/0007), and parses with zod what
 * a visitor sends. Written with zod/mini, which keeps the schemas it does load small.
 *
 * Markdown fields travel lexed (./markdown-tokens): the browser renders tokens and never parses
 * Markdown.
 */
import * as z from 'zod/mini';
import { markdownTokens } from './markdown-tokens';

/** One size of a drawn picture in one format, for `srcset`. */
export const imageVariant = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  type: z.enum(['image/webp', 'image/png']),
});
export type ImageVariant = z.infer<typeof imageVariant>;

/**
 * A picture served by the API: `url` is `/api/media/<version>/<file>`, `width` and `height` its
 * pixel size. Drawn product pictures also say which `view` they show and offer `variants`: each
 * size as WebP and PNG, narrowest first (`url` is then the widest PNG), the `drawing` (SVG)
 * they are rendered from and its `phoneDrawing`.
 */
export const imageRef = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
  view: z.optional(z.enum(['front', 'rear', 'screen', 'camera'])),
  variants: z.optional(z.array(imageVariant)),
  /** A drawn picture's SVG, which its sizes are rendered from: a few kilobytes, sharp at any size (a home page's hero). */
  drawing: z.optional(z.string()),
  /** The drawing as a phone's hero shows it: its small print, unreadable there, drawn as bars. */
  phoneDrawing: z.optional(z.string()),
});
export type ImageRef = z.infer<typeof imageRef>;

export const downloadKinds = ['manual', 'datasheet', 'guide', 'release-notes', 'tool'] as const;
export type DownloadKind = (typeof downloadKinds)[number];

/**
 * A file a visitor can download: a PDF rendered from a manual, release notes or an offline tool
 * as they are. `size` and `sha256` are measured from the bytes the link serves when the content
 * is loaded; `version` and `released` come from the content.
 */
export const downloadItem = z.object({
  label: z.string(),
  kind: z.enum(downloadKinds),
  url: z.string(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number(),
  /** SHA-256 of the file, 64 lower-case hex digits. */
  sha256: z.string(),
  contentType: z.string(),
  description: z.optional(z.string()),
  version: z.string(),
  /** ISO date. */
  released: z.string(),
  platform: z.optional(z.enum(['windows', 'macos'])),
});
export type DownloadItem = z.infer<typeof downloadItem>;

const productFields = {
  title: z.string(),
  summary: z.string(),
  order: z.number(),
  image: imageRef,
  channels: z.optional(z.number()),
  resolution: z.optional(z.string()),
  storage: z.optional(z.string()),
};

const productDetailFields = {
  ...productFields,
  /** Lexed Markdown, paragraphs separated by blank lines in the source. */
  description: markdownTokens,
  features: z.array(z.string()),
  /** Rows of the specification table: label, value. */
  specs: z.array(z.tuple([z.string(), z.string()])),
  images: z.array(imageRef),
  downloads: z.array(downloadItem),
};

/** GET /api/products: the brand's products, in display order ("list with title"). */
export const productSummary = z.object({ name: z.string(), ...productFields });
export const productListReply = z.array(productSummary);
export type ProductSummary = z.infer<typeof productSummary>;

/** GET /api/products/:name */
export const productDetail = z.object({ name: z.string(), ...productDetailFields });
export type ProductDetail = z.infer<typeof productDetail>;

/** GET /api/dvrs: the DVR models ("list with dvrName"), in display order. */
export const dvrSummary = z.object({ dvrName: z.string(), ...productFields });
export const dvrListReply = z.array(dvrSummary);
export type DvrSummary = z.infer<typeof dvrSummary>;

/** GET /api/dvrs/:dvrName */
export const dvrDetail = z.object({ dvrName: z.string(), ...productDetailFields });
export type DvrDetail = z.infer<typeof dvrDetail>;

/** GET /api/dvrintro: the introduction of the DVR range. */
export const dvrIntroReply = z.object({
  title: z.string(),
  summary: z.string(),
  image: imageRef,
  /** Lexed Markdown. */
  body: markdownTokens,
  highlights: z.array(z.object({ title: z.string(), text: z.string() })),
  choosing: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type DvrIntro = z.infer<typeof dvrIntroReply>;

/** GET /api/support: how to reach technical support, and answers to common questions. */
export const supportReply = z.object({
  title: z.string(),
  intro: z.string(),
  contacts: z.array(z.object({ label: z.string(), value: z.string(), href: z.string() })),
  hours: z.array(z.object({ days: z.string(), times: z.string() })),
  faq: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
});
export type Support = z.infer<typeof supportReply>;

/** One content type of the brand's resources (manuals, datasheets, firmware, ...). */
export const resourceGroup = z.object({
  contentType: z.string(),
  title: z.string(),
  description: z.string(),
  items: z.array(z.extend(downloadItem, { products: z.array(z.string()) })),
});
export type ResourceGroup = z.infer<typeof resourceGroup>;
export type ResourceItem = ResourceGroup['items'][number];

/** GET /api/resources: every content type; GET /api/resources/:contentType one of them. */
export const resourceListReply = z.array(resourceGroup);

/**
 * GET /api/pages/:slug (`home` is the page at `/`): a content page with the sections its front
 * matter asks for, already filled in.
 */
export const pageReply = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Lexed Markdown; its headings start at level 2 (the page renders `title` as the h1). */
  body: markdownTokens,
  resources: z.array(resourceGroup),
  products: z.array(productDetail),
  /** With the `downloads` key: the downloads of the named products, in order. */
  downloads: z.array(downloadItem),
});
export type ContentPage = z.infer<typeof pageReply>;

const idTitle = { id: z.number(), title: z.string() };

/** GET /api/message/route: the voice message menu ("list of id, title, subcategories"). */
export const messageRouteReply = z.array(z.object({ ...idTitle, subcategories: z.array(z.object(idTitle)) }));
export type MessageRoute = z.infer<typeof messageRouteReply>;

/** GET /api/message/category: the categories with their descriptions and message counts. */
export const messageCategoryListReply = z.array(
  z.object({
    ...idTitle,
    description: z.string(),
    subcategories: z.array(z.object({ ...idTitle, description: z.string(), messageCount: z.number() })),
  }),
);
export type MessageCategorySummary = z.infer<typeof messageCategoryListReply>[number];

export const messageSummary = z.object({ ...idTitle, durationSeconds: z.number() });
export type MessageSummary = z.infer<typeof messageSummary>;

/** GET /api/message/category/:id: a category, each subcategory with its messages. */
export const messageCategoryReply = z.object({
  ...idTitle,
  description: z.string(),
  subcategories: z.array(
    z.object({ ...idTitle, description: z.string(), messages: z.array(messageSummary) }),
  ),
});
export type MessageCategory = z.infer<typeof messageCategoryReply>;

/** GET /api/message/subcategory/:id */
export const messageSubcategoryReply = z.object({
  ...idTitle,
  description: z.string(),
  category: z.object(idTitle),
  messages: z.array(messageSummary),
});
export type MessageSubcategory = z.infer<typeof messageSubcategoryReply>;

/** GET /api/message/:id: one message, what it says and its recording. */
export const messageReply = z.object({
  ...idTitle,
  /** Exactly what the recording says. */
  text: z.string(),
  durationSeconds: z.number(),
  category: z.object(idTitle),
  subcategory: z.object(idTitle),
  audio: z.object({ url: z.string(), fileName: z.string(), size: z.number(), contentType: z.string() }),
});
export type VoiceMessage = z.infer<typeof messageReply>;

export const catalogueMessages = {
  invalidEmail: 'Please enter a valid e-mail address.',
  downloadLinkSent: (email: string) => `We have sent a download link to ${email}. It works for 24 hours.`,
  downloadLinkExpired:
    'This download link has expired: links work for 24 hours. Ask for a new one on the message page.',
  downloadLinkInvalid: 'This download link is not valid. Ask for a new one on the message page.',
  messageNotFound: 'There is no voice message with that number.',
} as const;

/** POST /api/download-link: mail a link to a message's recording that works for 24 hours. */
export const downloadLinkBody = z.object({
  messageId: z.int32().check(z.positive()),
  email: z.string().check(z.trim(), z.maxLength(254), z.email({ error: catalogueMessages.invalidEmail })),
});
export type DownloadLinkBody = z.infer<typeof downloadLinkBody>;

export const downloadLinkReply = z.object({ message: z.string() });

/** How long a mailed download link works. */
export const DOWNLOAD_LINK_HOURS = 24;
