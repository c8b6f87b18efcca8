import type { DownloadItem } from '@app/contract/catalogue';
import { formatUkDate } from '@app/contract/dates';
import type { CSSProperties } from 'react';
import { fileTypeLabel, formatBytes, kindLabels } from '../format';
import { useMediaUrl } from '../use-media-url';
import styles from './catalogue.module.css';

const platformLabels = { windows: 'Windows', macos: 'macOS' } as const;

/** Downloadable files: each a link with its kind, file type, size and, for release notes, version and date. */
export function DownloadList({ items, columns = 1 }: { items: DownloadItem[]; columns?: number }) {
  const mediaUrl = useMediaUrl();
  if (items.length === 0) return <p>There are no downloads here at the moment.</p>;
  return (
    <ul className={styles.downloads} style={{ '--download-columns': columns } as CSSProperties}>
      {items.map((item) => (
        <li key={`${item.url}|${item.label}`} className={styles.download}>
          <a href={mediaUrl(item.url)} download={item.fileName} type={item.contentType.split(';')[0]}>
            {item.label}
          </a>
          <span className={styles.downloadMeta}>
            {[
              kindLabels[item.kind],
              item.platform && platformLabels[item.platform],
              `${fileTypeLabel(item.contentType)}, ${formatBytes(item.size)}`,
              item.version && `version ${item.version}`,
              item.released && `released ${formatUkDate(item.released)}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {item.description && <span className={styles.downloadText}>{item.description}</span>}
        </li>
      ))}
    </ul>
  );
}
