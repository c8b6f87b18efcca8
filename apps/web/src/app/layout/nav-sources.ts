import type { BrandConfig, NavGroup, NavLink, NavSource } from '@app/brands';
import { useQuery } from '@tanstack/react-query';
import { contentQuery } from '../../features/catalogue/api/content-query';
import { useBrand } from '../../lib/brand';

/** A sidebar entry; entries built from the catalogue may nest (voice categories and their subcategories). */
export interface NavEntry extends NavLink {
  children?: NavEntry[];
}

function records(data: unknown): Record<string, unknown>[] {
  return Array.isArray(data)
    ? data.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** One link per product title; the URL uses the product's `name` (its URL key) when the reply has one. */
function productEntries(data: unknown): NavEntry[] {
  return records(data).flatMap((item) => {
    const title = text(item.title);
    const key = text(item.name) ?? title;
    return title && key ? [{ label: title, to: `/products/${encodeURIComponent(key)}` }] : [];
  });
}

interface SourceLinks {
  /** The content API call whose reply lists the entries; pages that show the same list share it. */
  path: string;
  entries: (data: unknown) => NavEntry[];
}

/** How each catalogue source becomes links (SPEC.md section 2 and the calls of section 7). */
const sourceLinks: Record<NavSource, SourceLinks> = {
  dvrModels: {
    path: '/api/dvrs',
    entries: (data) =>
      records(data).flatMap((item) => {
        const name = text(item.dvrName);
        return name ? [{ label: name, to: `/dvrs/${encodeURIComponent(name)}` }] : [];
      }),
  },
  voiceCategories: {
    path: '/api/message/route',
    entries: (data) =>
      records(data).flatMap((category) => {
        const id = text(category.id);
        const title = text(category.title);
        if (!id || !title) return [];
        const children = records(category.subcategories).flatMap((sub) => {
          const subId = text(sub.id);
          const subTitle = text(sub.title);
          return subId && subTitle
            ? [{ label: subTitle, to: `/subcategory/${encodeURIComponent(subId)}` }]
            : [];
        });
        return [{ label: title, to: `/category/${encodeURIComponent(id)}`, children }];
      }),
  },
  voiceProducts: { path: '/api/products', entries: productEntries },
  nvrProducts: { path: '/api/products', entries: productEntries },
};

/**
 * The content queries of the signed-out menu's sources: what the server loads before it draws a
 * page of `brand`, so the sidebar is drawn with its links in the one drawing.
 */
export function signedOutNavQueries(brand: BrandConfig) {
  const paths = new Set(
    brand.navRoute.signedOut.flatMap((group) => (group.source ? [sourceLinks[group.source].path] : [])),
  );
  return [...paths].map((path) => contentQuery<unknown>(brand.id, path));
}

const NO_ENTRIES: NavEntry[] = [];
const noEntries = () => NO_ENTRIES;

/** The links a group's `source` adds; none while loading, on failure, or without a source. */
export function useNavSourceLinks(source: NavSource | undefined): NavEntry[] {
  const brand = useBrand();
  const links = source ? sourceLinks[source] : undefined;
  const query = useQuery({
    ...contentQuery<unknown>(brand.id, links?.path ?? ''),
    enabled: links !== undefined,
    // Stable functions, so the links are built once per reply, not on every render.
    select: links?.entries ?? noEntries,
  });
  return query.data ?? NO_ENTRIES;
}

/** The group's own children with the source's links inserted after `insertAfter` (or at the end). */
export function mergeNavEntries(group: NavGroup, sourceEntries: NavEntry[]): NavEntry[] {
  const own: NavEntry[] = group.children ?? [];
  if (sourceEntries.length === 0) return own;
  const index = group.insertAfter ? own.findIndex((link) => link.label === group.insertAfter) : -1;
  if (index === -1) return [...own, ...sourceEntries];
  return [...own.slice(0, index + 1), ...sourceEntries, ...own.slice(index + 1)];
}
