import type { ProductSummary } from '@app/contract/catalogue';
import { useProducts } from '../../features/catalogue/api/get-products';
import { ContentPage } from '../../features/catalogue/components/content-page';
import { ProductCards } from '../../features/catalogue/components/product-cards';

function facts(product: ProductSummary): string[] {
  return [
    product.channels ? `${product.channels} channels` : undefined,
    product.resolution,
    product.storage,
  ].filter((fact): fact is string => Boolean(fact));
}

function Recorders() {
  const { data } = useProducts();
  if (!data) return null;
  return (
    <section aria-labelledby="recorders-heading">
      <h2 id="recorders-heading">The recorders</h2>
      <ProductCards
        label="ZipVision recorders"
        cards={data.map((product) => ({
          to: `/products/${encodeURIComponent(product.name)}`,
          title: product.title,
          summary: product.summary,
          image: product.image,
          facts: facts(product),
        }))}
      />
    </section>
  );
}

/** `/`: the range explained, then a card for each recorder. */
export function HomePage() {
  return (
    <ContentPage slug="home">
      <Recorders />
    </ContentPage>
  );
}
