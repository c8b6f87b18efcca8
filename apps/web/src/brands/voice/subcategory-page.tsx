import { useParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useMessageSubcategory } from '../../features/catalogue/api/get-message-subcategory';
import { QueryView } from '../../features/catalogue/components/query-view';
import { Breadcrumbs } from './breadcrumbs';
import { MessageList } from './message-list';

/** `/subcategory/{id}`: the messages of one subcategory. */
export function SubcategoryPage() {
  const { id } = useParams();
  const query = useMessageSubcategory(id);
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'Subcategory not found',
        text: 'There is no voice message subcategory with that number.',
        backTo: '/messages',
        backLabel: 'Browse all voice messages',
      }}
    >
      {(sub) => (
        <PageShell title={sub.title} intro={sub.description}>
          <Breadcrumbs
            trail={[
              { label: 'Voice messages', to: '/messages' },
              { label: sub.category.title, to: `/category/${sub.category.id}` },
            ]}
            current={sub.title}
          />
          <h2>
            {sub.messages.length} message{sub.messages.length === 1 ? '' : 's'}
          </h2>
          <MessageList messages={sub.messages} />
        </PageShell>
      )}
    </QueryView>
  );
}
