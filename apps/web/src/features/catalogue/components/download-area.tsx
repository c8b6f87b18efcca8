import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBrand } from '../../../lib/brand';
import styles from './catalogue.module.css';

/**
 * The frame of a page's downloads, from the brand's downloadPage settings: an opening title and
 * description (when showHeader), the files, then links to other resources.
 */
export function DownloadArea({ children }: { children: ReactNode }) {
  const { downloadPage } = useBrand();
  return (
    <div className={styles.downloadArea}>
      {downloadPage.showHeader && (
        <div className={styles.downloadHeader}>
          <h2>{downloadPage.openingTitle}</h2>
          <p>{downloadPage.openingDescription}</p>
        </div>
      )}
      {children}
      {downloadPage.otherResources.length > 0 && (
        <nav aria-label="Other resources" className={styles.otherResources}>
          <h2>Other resources</h2>
          <ul>
            {downloadPage.otherResources.map((link) => (
              <li key={link.to}>
                {link.external ? (
                  <a href={link.to} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className={styles.visuallyHidden}> (opens in a new tab)</span>
                  </a>
                ) : (
                  <Link to={link.to}>{link.label}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
