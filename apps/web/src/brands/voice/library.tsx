import type { MessageCategorySummary } from '@app/contract/catalogue';
import { useId } from 'react';
import { Link } from 'react-router';
import { useMessageCategories } from '../../features/catalogue/api/get-message-categories';
import styles from './voice.module.css';

function Category({ category }: { category: MessageCategorySummary }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.libraryCategory}>
      <h3 id={id}>
        <Link to={`/category/${category.id}`}>{category.title}</Link>
      </h3>
      <p>{category.description}</p>
      <ul className={styles.subcategories}>
        {category.subcategories.map((sub) => (
          <li key={sub.id}>
            <Link to={`/subcategory/${sub.id}`}>{sub.title}</Link>{' '}
            <span className={styles.duration}>
              ({sub.messageCount} message{sub.messageCount === 1 ? '' : 's'})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The whole message library by category and subcategory (GET /api/message/category). */
export function Library({ heading }: { heading: string }) {
  const { data } = useMessageCategories();
  if (!data) return null;
  return (
    <section aria-labelledby="library-heading" className={styles.library}>
      <h2 id="library-heading">{heading}</h2>
      <div className={styles.libraryGrid}>
        {data.map((category) => (
          <Category key={category.id} category={category} />
        ))}
      </div>
    </section>
  );
}
