import type { BrandConfig } from '@app/brands';
import { type CSSProperties, useId, useState } from 'react';
import styles from './our-brands.module.css';

export interface FlipCardProps {
  brand: BrandConfig;
  siteUrl: string;
}

/**
 * A sister brand: its name, then a card whose front shows the logo and tagline and whose back
 * its description. The button under it turns the card (Enter or Space, like any button); the
 * hidden face is inert, so only the visible words are read and nothing hidden takes focus.
 */
export function FlipCard({ brand, siteUrl }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  const id = useId();
  const frontId = `${id}-front`;
  const backId = `${id}-back`;
  const titleId = `${id}-title`;

  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {brand.name}
      </h2>
      <div className={styles.flipper} data-flipped={flipped}>
        <div
          id={frontId}
          className={`${styles.face} ${styles.front}`}
          // Logos are drawn for their own brand's colour, as in that brand's sidebar.
          style={{ '--logo-back': brand.primaryColor } as CSSProperties}
          inert={flipped}
        >
          <img
            className={styles.logo}
            src={brand.logoDetails.logo}
            // The heading above names the brand; the logo adds nothing to read out.
            alt=""
            width={brand.logoDetails.width}
            height={brand.logoDetails.height}
            loading="lazy"
          />
          <p className={styles.overlay}>{brand.tagline}</p>
        </div>
        <div id={backId} className={`${styles.face} ${styles.back}`} inert={!flipped}>
          <p>{brand.ogDesc}</p>
        </div>
      </div>
      <div className={styles.cardActions}>
        <button
          type="button"
          className={styles.flipButton}
          aria-expanded={flipped}
          aria-controls={backId}
          aria-label={`${flipped ? 'Show the logo of' : 'More about'} ${brand.name}`}
          onClick={() => setFlipped((shown) => !shown)}
        >
          {/* Both labels share one cell and the hidden one keeps its room, so turning the card never
              changes the button's width (a wider button wrapped the actions and stretched the row). */}
          <span className={styles.flipLabels}>
            <span data-shown={!flipped}>More about</span>
            <span data-shown={flipped}>Show the logo</span>
          </span>
        </button>
        <a className={styles.visit} href={siteUrl} aria-label={`Visit the site of ${brand.name}`}>
          Visit the site
        </a>
      </div>
    </li>
  );
}
