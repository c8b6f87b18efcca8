/**
 * The headers of every file the API serves (content media, the signs site's downloads): one
 * policy, so a file is cached the same way whichever route answers it.
 */

/** For a URL that names the file's version: the bytes behind it never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** For an unversioned URL or an old version: the browser or CDN checks its copy (ETag) each time. */
export const REVALIDATE = 'no-cache';

/** `filename*` keeps any name safe in the header; our names are plain ASCII anyway. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  return `${kind}; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
