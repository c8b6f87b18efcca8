import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brandById } from '@app/brands';
import type { SignDownload } from '@app/contract/sign-downloads';
import { z } from 'zod';
import { repoRoot } from '../../env';
import { renderManualPdf } from '../content/pdf';
import { renderSignArtwork } from './artwork';

export const signsContentDir = path.join(repoRoot, 'content', 'signs');

const fileName = z.string().regex(/^[a-z0-9-]+\.pdf$/, 'a lower-case file name ending in .pdf');
const common = {
  file: fileName,
  title: z.string().min(1),
  description: z.string().min(1),
  version: z.string().min(1),
  released: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date'),
};
const catalogueSchema = z.object({
  items: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({
          ...common,
          kind: z.literal('artwork'),
          artwork: z.object({ size: z.enum(['A3', 'A4', 'A5']), layout: z.enum(['portrait', 'landscape']) }),
        }),
        z.object({
          ...common,
          kind: z.literal('guide'),
          source: z.string().regex(/^guides\/[a-z0-9-]+\.md$/),
        }),
      ]),
    )
    .min(1),
});
type CatalogueItem = z.infer<typeof catalogueSchema>['items'][number];

export interface RenderedDownload {
  item: SignDownload;
  pdf: Buffer;
  /** 16 hex digits of the SHA-256: the version in the file's URL and its ETag. */
  version: string;
}

/** `---` front matter of a guide: its title and description; the rest is the body. */
function splitGuide(source: string): { title: string; description: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  const meta: Record<string, string> = {};
  for (const line of (match?.[1] ?? '').split(/\r?\n/)) {
    const pair = /^([a-z]+):\s*(.*)$/.exec(line);
    if (pair?.[1]) meta[pair[1]] = (pair[2] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return {
    title: meta.title ?? '',
    description: meta.description ?? '',
    body: source.slice(match?.[0].length ?? 0),
  };
}

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function render(item: CatalogueItem, contentDir: string): Promise<Buffer> {
  const author = brandById('signs').name;
  if (item.kind === 'artwork') {
    return renderSignArtwork(item.artwork, {
      title: item.title,
      registerHost: 'www.cctvsignregister.co.uk',
      author,
    });
  }
  const guide = splitGuide(await readFile(path.join(contentDir, item.source), 'utf8'));
  return renderManualPdf(guide.body, {
    title: guide.title || item.title,
    description: guide.description,
    author,
    version: item.version,
    released: item.released,
  });
}

/** The URL names the file's version, so it can be cached for good. */
export const downloadUrl = (version: string, file: string) => `/api/downloads/signs/${version}/${file}`;

/**
 * The signs site's downloads (content/signs/downloads.json), each rendered to PDF from code
 * (artwork) or Markdown (guides). Rendering is deterministic, so the files are made once per
 * process, on first use, and kept in memory: a few kilobytes each. Size and SHA-256 are measured
 * from the bytes served.
 */
export function signDownloads(contentDir = signsContentDir) {
  let rendered: Promise<RenderedDownload[]> | undefined;

  async function renderAll(): Promise<RenderedDownload[]> {
    const catalogue = catalogueSchema.parse(
      JSON.parse(await readFile(path.join(contentDir, 'downloads.json'), 'utf8')),
    );
    return Promise.all(
      catalogue.items.map(async (item) => {
        const pdf = await render(item, contentDir);
        const paper = item.kind === 'artwork' ? `${item.artwork.size} ${item.artwork.layout}` : 'A4 portrait';
        const sha256 = createHash('sha256').update(pdf).digest('hex');
        const version = sha256.slice(0, 16);
        return {
          pdf,
          version,
          item: {
            file: item.file,
            title: item.title,
            description: item.description,
            kind: item.kind,
            paper,
            pages: pageCount(pdf),
            bytes: pdf.length,
            sha256,
            version: item.version,
            released: item.released,
            url: downloadUrl(version, item.file),
          },
        };
      }),
    );
  }

  return {
    all(): Promise<RenderedDownload[]> {
      rendered ??= renderAll().catch((error: unknown) => {
        rendered = undefined; // a fixed content file is picked up on the next request
        throw error;
      });
      return rendered;
    },
    async find(file: string): Promise<RenderedDownload | undefined> {
      return (await this.all()).find((d) => d.item.file === file);
    },
  };
}
