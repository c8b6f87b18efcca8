import type { ImageRef } from '@app/contract/catalogue';
import { Link } from 'react-router';
import { CUSTOM_MEDIA } from '../../../lib/breakpoints';
import styles from './catalogue.module.css';
import { Heading, type HeadingLevel } from './heading';
import { Picture } from './picture';

/** Cards share rows of at least 15rem: on a phone one card is the screen's width. */
const CARD_SIZES = `${CUSTOM_MEDIA['--not-narrow-screen']} 24rem, 100vw`;

export interface ProductCard {
  to: string;
  title: string;
  summary: string;
  image: ImageRef;
  /** Short facts under the summary, e.g. "8 channels". */
  facts?: string[];
}

/** A grid of products, each a card with its picture, a link named by its title, and a summary. */
export function ProductCards({
  cards,
  level = 3,
  label,
}: {
  cards: ProductCard[];
  level?: HeadingLevel;
  label: string;
}) {
  return (
    <ul className={styles.cards} aria-label={label}>
      {cards.map((card) => (
        <li key={card.to} className={styles.card}>
          <Picture image={card.image} sizes={CARD_SIZES} alt="" loading="lazy" />
          <Heading level={level} className={styles.cardTitle}>
            {/* A section of this page (products listed in full below): the browser scrolls to it. */}
            {card.to.startsWith('#') ? (
              <a href={card.to}>{card.title}</a>
            ) : (
              <Link to={card.to}>{card.title}</Link>
            )}
          </Heading>
          <p>{card.summary}</p>
          {card.facts && card.facts.length > 0 && (
            <ul className={styles.facts}>
              {card.facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
