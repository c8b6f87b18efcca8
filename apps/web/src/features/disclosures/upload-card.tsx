import { useFocusOutcome } from '../../lib/focus-outcome';
import styles from './disclosures.module.css';
import { formatBytes, formatSpeed, formatTimeLeft } from './format';
import type { UploadItem } from './use-uploads';

const percentOf = (item: UploadItem) => (item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 0);

/** One upload under way: its progress, speed and time left, and Pause/Resume and Cancel. */
export function UploadCard({
  item,
  onPause,
  onResume,
  onCancel,
}: {
  item: UploadItem;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const failureRef = useFocusOutcome<HTMLParagraphElement>(item.failures);
  const percent = percentOf(item);
  const headingId = `upload-${item.key}`;
  const canResume = item.state === 'paused';
  const status =
    item.state === 'starting'
      ? 'Starting…'
      : item.state === 'failed'
        ? 'Not uploaded'
        : item.state === 'paused'
          ? `Paused at ${percent}%`
          : `${percent}%`;

  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {item.name}
      </h3>
      {item.state !== 'failed' && (
        <>
          <progress
            className={styles.progress}
            max={item.size}
            value={item.sent}
            aria-labelledby={headingId}
            aria-valuetext={`${percent}%`}
          />
          <p className={styles.progressText}>
            <span>{status}</span>
            <span>
              {formatBytes(item.sent)} of {formatBytes(item.size)}
            </span>
            {item.state === 'sending' && item.speed !== null && item.speed > 0 && (
              <>
                <span>{formatSpeed(item.speed)}</span>
                <span>{formatTimeLeft((item.size - item.sent) / item.speed)}</span>
              </>
            )}
          </p>
        </>
      )}
      {item.failure && (
        <p ref={failureRef} role="alert" tabIndex={-1} className={styles.error}>
          {item.failure.message}
        </p>
      )}
      <div className={styles.actions}>
        {item.state !== 'failed' &&
          (canResume ? (
            <button
              type="button"
              className={styles.button}
              aria-label={`Resume ${item.name}`}
              onClick={onResume}
            >
              Resume
            </button>
          ) : (
            <button
              type="button"
              className={styles.secondary}
              onClick={onPause}
              aria-label={`Pause ${item.name}`}
              disabled={item.state === 'starting'}
            >
              Pause
            </button>
          ))}
        <button
          type="button"
          className={styles.secondary}
          aria-label={`${item.state === 'failed' ? 'Dismiss' : 'Cancel'} ${item.name}`}
          onClick={onCancel}
        >
          {item.state === 'failed' ? 'Dismiss' : 'Cancel'}
        </button>
      </div>
    </li>
  );
}
