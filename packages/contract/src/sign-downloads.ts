import { z } from './zod';

/** One file of the signs site's /download page: sign artwork or a printable guide. */
export const signDownload = z.object({
  file: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(['artwork', 'guide']),
  /** Paper size and orientation, e.g. "A4 portrait". */
  paper: z.string(),
  pages: z.number().int().positive(),
  bytes: z.number().int().positive(),
  /** SHA-256 of the PDF the link serves, 64 lower-case hex digits. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  version: z.string(),
  /** ISO date of this version. */
  released: z.string(),
  /** Where to download it: GET answers the PDF as an attachment. */
  url: z.string(),
});
export type SignDownload = z.infer<typeof signDownload>;

// ---- GET /api/downloads/signs
export const signDownloadsReply = z.object({ items: z.array(signDownload) });
export type SignDownloadsReply = z.infer<typeof signDownloadsReply>;

export const signDownloadParams = z.object({ file: z.string().max(100) });
export const signDownloadVersionParams = z.object({ version: z.string().max(64), file: z.string().max(100) });
