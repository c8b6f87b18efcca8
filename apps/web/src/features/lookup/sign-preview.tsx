import type { Scheme } from '@app/contract/lookup';
import { signContactLines, signWording } from '@app/contract/sign-wording';
import styles from './sign-preview.module.css';

/**
 * The camera pictogram of the printed sign (apps/api/src/modules/print/sign-pdf.ts), in the same
 * paths: a box camera on an arm from a wall bracket, tipped down to the viewer's left.
 */
function CameraPictogram() {
  return (
    <svg className={styles.camera} viewBox="0 0 172 100" aria-hidden="true" focusable="false">
      <g fill="#111111">
        <rect x="154" y="0" width="16" height="52" rx="3" />
        <rect x="118" y="14" width="40" height="11" />
        <rect x="118" y="14" width="11" height="30" />
        <g transform="rotate(-15 124 44)">
          <rect x="34" y="40" width="100" height="36" rx="6" />
          <rect x="48" y="62" width="72" height="5" rx="2" fill="#ffd400" />
          <polygon points="18,30 138,30 138,42 26,42" />
          <rect x="16" y="44" width="20" height="28" />
          <circle cx="20" cy="58" r="6" fill="#ffd400" />
        </g>
      </g>
    </svg>
  );
}

/**
 * What the printed sign will show, drawn in the page from the words the PDF is made from
 * (@app/contract/sign-wording) and the sign's own data, in the A4 proportions of the paper: the
 * owner checks it before printing. The PDF itself fits long text by shrinking it; here it wraps.
 */
export function SignPreview({
  signRef,
  scheme,
  qrUrl,
  pageUrl,
}: {
  signRef: string;
  scheme: Scheme;
  qrUrl: string;
  pageUrl: string;
}) {
  const purpose = scheme.purpose.trim();
  return (
    <figure className={styles.figure} aria-labelledby="sign-preview-caption">
      <figcaption id="sign-preview-caption" className={styles.caption}>
        Preview of the printed sign
      </figcaption>
      <div className={styles.sheet}>
        <CameraPictogram />
        <p className={styles.headline}>{signWording.headline}</p>
        <p className={styles.inOperation}>{signWording.inOperation}</p>
        <p className={styles.recorded}>{signWording.recorded}</p>
        {purpose && <p className={styles.purpose}>{purpose}</p>}
        <hr className={styles.rule} />
        <p className={styles.operatedBy}>{signWording.operatedBy}</p>
        <p className={styles.operator}>{scheme.operator}</p>
        {signContactLines(scheme.contact).map((line) => (
          <p key={line.kind} className={line.kind === 'note' ? styles.note : styles.contact}>
            {line.text}
          </p>
        ))}
        <div className={styles.panel}>
          <img className={styles.qr} src={qrUrl} alt={`QR code for sign ${signRef}`} width={96} height={96} />
          <div className={styles.panelText}>
            <p className={styles.scan}>{signWording.scan}</p>
            <p className={styles.refLabel}>{signWording.referenceLabel}</p>
            <p className={styles.ref}>{signRef}</p>
            <p className={styles.url}>{pageUrl}</p>
          </div>
        </div>
      </div>
    </figure>
  );
}
