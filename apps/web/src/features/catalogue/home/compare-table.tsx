import { useId } from 'react';
import { Link } from 'react-router';
import styles from './home.module.css';
import type { HomeContent, HomeProduct } from './home-content';

/**
 * The models side by side: a table with a caption, column and row headers (the model's name,
 * linking to its page). On a phone it scrolls sideways inside a labelled region that takes
 * keyboard focus, with the model column kept in view, and says so above it. The caption is shown
 * above the region, in the column's width: inside the table it was as wide as the table and a
 * phone cut it off.
 */
export function CompareTable({
  compare,
  products,
  linkTo,
}: {
  compare: NonNullable<HomeContent['compare']>;
  products: HomeProduct[];
  linkTo: (product: HomeProduct) => string;
}) {
  const headingId = useId();
  const captionId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.compare}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {compare.heading}
      </h2>
      {/* The caption's words for the eye; a screen reader reads the table's own caption. */}
      <p className={styles.caption} aria-hidden="true">
        {compare.caption}
      </p>
      {/* Shown (by a container query) only when the table is wider than its column. */}
      <p className={styles.scrollHint}>Scroll the table sideways (swipe on a phone) to see every column.</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus so a keyboard can scroll it */}
      <section className={styles.tableScroll} aria-labelledby={captionId} tabIndex={0}>
        <table className={styles.compareTable}>
          <caption id={captionId} className={styles.visuallyHidden}>
            {compare.caption}
          </caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Channels</th>
              <th scope="col">Resolution</th>
              {compare.columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
              <th scope="col">Drive bays</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.name}>
                <th scope="row">
                  <Link to={linkTo(product)}>{product.name}</Link>
                </th>
                <td>{product.channels ?? ''}</td>
                <td>{product.resolution ?? ''}</td>
                {compare.columns.map((column) => (
                  <td key={column.key}>{compare.rows[product.name]?.[column.key] ?? ''}</td>
                ))}
                <td>{product.storage ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {compare.note && <p className={styles.note}>{compare.note}</p>}
    </section>
  );
}
