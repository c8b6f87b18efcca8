import content from '../../../../../content/nvr/home.json';
import { useProducts } from '../../features/catalogue/api/get-products';
import { BrandHome } from '../../features/catalogue/home/brand-home';
import type { HomeContent } from '../../features/catalogue/home/home-content';

const home: HomeContent = content;

/** `/`: the range's picture and what it is, where to go next, the recorders as cards and side by side. */
export function HomePage() {
  const { data } = useProducts();
  return (
    <BrandHome
      content={home}
      products={data}
      linkTo={(product) => `/products/${encodeURIComponent(product.name)}`}
    />
  );
}
