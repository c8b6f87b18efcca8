import { matchPage } from '@app/brands/pages';
import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import { Link } from 'react-router';
import { useBrand } from '../../lib/brand';
import styles from './content.module.css';
import { ContentPage } from './content-page';

/** The site map: the text of site-map.md, then every page of `siteMapPages`, titled from the brand config. */
export function SiteMapPage({ page }: { page: LexedMarkdown }) {
  const brand = useBrand();
  return (
    <ContentPage page={page}>
      <ul className={styles.siteMap} aria-label="Pages of this site">
        {brand.siteMapPages.map((path) => (
          <li key={path}>
            <Link to={path}>{matchPage(brand, path)?.title ?? path}</Link>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
