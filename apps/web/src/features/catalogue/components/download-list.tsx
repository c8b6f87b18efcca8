import type { DownloadItem } from '@app/contract/catalogue';
import type { CSSProperties } from 'react';
import { FileFacts } from '../../../components/file-facts';
import { fileTypeLabel, formatBytes, kindLabels } from '../format';
import { useMediaUrl } from '../use-media-url';
import styles from './catalogue.module.css';

const platformLabels = { windows: 'Windows', macos: 'macOS' } as const;

/** Downloadable files: each a link with its kind, then its size, version, date and SHA-256. */
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
            {[kindLabels[item.kind], item.platform && platformLabels[item.platform]]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {item.description && <span className={styles.downloadText}>{item.description}</span>}
          <FileFacts
            size={`${fileTypeLabel(item.contentType)}, ${formatBytes(item.size)}`}
            version={item.version}
            released={item.released}
            sha256={item.sha256}
          />
        </li>
      ))}
    </ul>
  );
}
