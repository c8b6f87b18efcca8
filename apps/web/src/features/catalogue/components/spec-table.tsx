import styles from './catalogue.module.css';

/** The product's specification: one row per label and value, captioned with the product's name. */
export function SpecTable({ title, specs }: { title: string; specs: [string, string][] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.specTable}>
        <caption className={styles.caption}>Specification of {title}</caption>
        <tbody>
          {specs.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
