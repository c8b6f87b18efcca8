import { useProducts } from '../../features/catalogue/api/get-products';
import { ContentPage } from '../../features/catalogue/components/content-page';
import { ProductCards } from '../../features/catalogue/components/product-cards';
import { Library } from './library';

function Players() {
  const { data } = useProducts();
  if (!data) return null;
  return (
    <section aria-labelledby="players-heading">
      <h2 id="players-heading">The players</h2>
      <ProductCards
        label="VoxAlert players"
        cards={data.map((product) => ({
          to: `/products/${encodeURIComponent(product.name)}`,
          title: product.title,
          summary: product.summary,
          image: product.image,
        }))}
      />
    </section>
  );
}

/** `/`: what VoxAlert does, the players and the message library. */
export function HomePage() {
  return (
    <ContentPage slug="home">
      <Players />
      <Library heading="The message library" />
    </ContentPage>
  );
}
