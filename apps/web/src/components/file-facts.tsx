import { formatUkDate } from '@app/contract/dates';
import styles from './file-facts.module.css';

export interface FileFactsProps {
  /** "PDF, 12 KB": the file's type and its size in bytes, measured from the file. */
  size: string;
  version: string;
  /** ISO date of this version. */
  released: string;
  /** SHA-256 of the file the link serves, 64 hex digits. */
  sha256: string;
}

/**
 * What a visitor checks before opening a downloaded file: size, version, date and SHA-256.
 * The checksum is shown in full in a monospace face that breaks anywhere, so on a phone it
 * wraps onto a second line instead of widening the page.
 */
export function FileFacts({ size, version, released, sha256 }: FileFactsProps) {
  return (
    <dl className={styles.facts}>
      <div className={styles.fact}>
        <dt>Size</dt>
        <dd>{size}</dd>
      </div>
      <div className={styles.fact}>
        <dt>Version</dt>
        <dd>{version}</dd>
      </div>
      <div className={styles.fact}>
        <dt>Date</dt>
        <dd>{formatUkDate(released)}</dd>
      </div>
      <div className={`${styles.fact} ${styles.checksum}`}>
        <dt>SHA-256</dt>
        <dd>
          <code className={styles.hash} data-sha256={sha256}>
            {sha256}
          </code>
        </dd>
      </div>
    </dl>
  );
}
