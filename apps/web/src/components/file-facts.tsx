import { formatUkDate } from '@app/contract/dates';
import type { ReactNode } from 'react';
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

/** The checksum in groups of eight digits that a line may break between; copied, it is one string. */
function breakable(sha256: string): ReactNode[] {
  const parts: ReactNode[] = [];
  for (let at = 0; at < sha256.length; at += 8) {
    if (at > 0) parts.push(<wbr key={at} />);
    parts.push(sha256.slice(at, at + 8));
  }
  return parts;
}

/**
 * What a visitor checks before opening a downloaded file: size, version, date and SHA-256.
 * The checksum is shown in full on a line of its own, in groups of eight digits a line may
 * break between, so on a phone it takes two lines instead of widening the page.
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
            {breakable(sha256)}
          </code>
        </dd>
      </div>
    </dl>
  );
}
