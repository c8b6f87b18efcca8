import type { LexedMarkdown } from '@app/contract/markdown-tokens';
import type { SignDownload } from '@app/contract/sign-downloads';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { FileFacts } from '../../components/file-facts';
import { slugify } from '../../components/markdown';
import { useBrand } from '../../lib/brand';
import { useSignDownloads } from './api/get-sign-downloads';
import styles from './content.module.css';
import { ContentPage } from './content-page';

/** `12 KB`, `1.2 MB` */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function DownloadCard({ item }: { item: SignDownload }) {
  const details = `${item.paper}, ${item.pages} ${item.pages === 1 ? 'page' : 'pages'}`;
  return (
    <li className={styles.downloadCard}>
      <h3 className={styles.downloadTitle}>{item.title}</h3>
      <p className={styles.downloadDescription}>{item.description}</p>
      <p className={styles.downloadDetails}>{details}</p>
      <FileFacts
        size={`PDF, ${formatSize(item.bytes)}`}
        version={item.version}
        released={item.released}
        sha256={item.sha256}
      />
      <a
        className={styles.downloadLink}
        href={item.url}
        download={item.file}
        aria-label={`Download PDF: ${item.title}`}
      >
        Download PDF
      </a>
    </li>
  );
}

function DownloadGroup({ title, items, columns }: { title: string; items: SignDownload[]; columns: number }) {
  if (items.length === 0) return null;
  const headingId = `downloads-${slugify(title)}`;
  return (
    <section className={styles.downloadGroup} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className={styles.downloadGrid} style={{ '--columns': columns } as CSSProperties}>
        {items.map((item) => (
          <DownloadCard key={item.file} item={item} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /download: the opening title and description of the brand's `downloadPage`, the words of
 * download.md, the files the API renders (sign artwork, guides) in `columns` columns, and the
 * other resources.
 */
export function DownloadPage({ page }: { page: LexedMarkdown }) {
  const { downloadPage } = useBrand();
  const downloads = useSignDownloads();
  const items = downloads.data?.items ?? [];

  return (
    <ContentPage
      page={page}
      lead={
        downloadPage.showHeader && (
          <div className={styles.downloadHeader}>
            <h2>{downloadPage.openingTitle}</h2>
            <p>{downloadPage.openingDescription}</p>
          </div>
        )
      }
    >
      {downloads.isPending && <p aria-busy="true">Loading the list of files…</p>}
      {downloads.isError && (
        <p role="alert" className={styles.errorText}>
          The list of files could not be loaded. Please reload the page to try again.
        </p>
      )}
      <DownloadGroup
        title="Sign artwork"
        items={items.filter((i) => i.kind === 'artwork')}
        columns={downloadPage.columns}
      />
      <DownloadGroup
        title="Guides"
        items={items.filter((i) => i.kind === 'guide')}
        columns={downloadPage.columns}
      />
      {downloadPage.otherResources.length > 0 && (
        <section className={styles.downloadGroup} aria-labelledby="downloads-other">
          <h2 id="downloads-other">Other resources</h2>
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
        </section>
      )}
    </ContentPage>
  );
}
