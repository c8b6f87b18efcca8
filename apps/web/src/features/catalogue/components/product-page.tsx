import { useParams } from 'react-router';
import { PageShell } from '../../../components/page-shell';
import { useProduct } from '../api/get-product';
import { ProductDetail } from './product-detail';
import { QueryView } from './query-view';

/** /products/{name}: one product in full, or a not-found page for a name the brand does not sell. */
export function ProductPage() {
  const { name } = useParams();
  const query = useProduct(name);
  return (
    <QueryView
      query={query}
      notFound={{
        title: 'Product not found',
        text: `We do not have a product called ${name ?? ''}. It may have been renamed or withdrawn.`,
        backTo: '/',
        backLabel: 'See all our products on the home page',
      }}
    >
      {(product) => (
        <PageShell title={product.title} intro={product.summary}>
          <ProductDetail product={product} showSummary={false} />
        </PageShell>
      )}
    </QueryView>
  );
}
