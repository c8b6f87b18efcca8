import type { BrandConfig } from '@app/brands';
import { useEffect } from 'react';

/** Home: the brand's title; any other page: "<page title> | <brand name>". */
export function documentTitle(
  brand: Pick<BrandConfig, 'title' | 'name'>,
  pageTitle: string,
  isHome: boolean,
): string {
  return isHome ? brand.title : `${pageTitle} | ${brand.name}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
