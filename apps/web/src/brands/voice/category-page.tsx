import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useMessageCategory } from '../../features/catalogue/api/get-message-category';
import { QueryView } from '../../features/catalogue/components/query-view';
import { Breadcrumbs } from './breadcrumbs';
import { MessageList } from './message-list';
import styles from './voice.module.css';

function Subcategory({
  id,
  title,
  description,
  messages,
}: {
  id: number;
  title: string;
  description: string;
  messages: Parameters<typeof MessageList>[0]['messages'];
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.group}>
      <h2 id={headingId}>
        <Link to={`/subcategory/${id}`}>{title}</Link>
      </h2>
      <p>{description}</p>
      <MessageList messages={messages} />
    </section>
  );
}

/** `/category/{id}`: a category, each subcategory with its messages. */
export function CategoryPage() {
  const { id } = useParams();
  const query = useMessageCategory(id);
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'Category not found',
        text: 'There is no voice message category with that number.',
        backTo: '/messages',
        backLabel: 'Browse all voice messages',
      }}
    >
      {(category) => (
        <PageShell title={category.title} intro={category.description}>
          <Breadcrumbs trail={[{ label: 'Voice messages', to: '/messages' }]} current={category.title} />
          {category.subcategories.map((sub) => (
            <Subcategory key={sub.id} {...sub} />
          ))}
        </PageShell>
      )}
    </QueryView>
  );
}
