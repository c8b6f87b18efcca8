import { useId } from 'react';
import styles from './catalogue.module.css';

/** The product's specification: one row per label and value, captioned with the product's name. */
export function SpecTable({ title, specs }: { title: string; specs: [string, string][] }) {
  const captionId = useId();
  return (
    // A named region in the tab order: a table wider than a phone can be scrolled by keyboard.
    <section
      className={styles.tableWrap}
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className={styles.specTable}>
        <caption id={captionId} className={styles.caption}>
          Specification of {title}
        </caption>
        <tbody>
          {specs.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
