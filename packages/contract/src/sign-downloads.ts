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
  /** Where to download it: GET answers the PDF as an attachment. */
  url: z.string(),
});
export type SignDownload = z.infer<typeof signDownload>;

// ---- GET /api/downloads/signs
export const signDownloadsReply = z.object({ items: z.array(signDownload) });
export type SignDownloadsReply = z.infer<typeof signDownloadsReply>;

export const signDownloadParams = z.object({ file: z.string().max(100) });
