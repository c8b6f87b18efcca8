import content from '../../../../../content/voice/home.json';
import { useProducts } from '../../features/catalogue/api/get-products';
import { BrandHome } from '../../features/catalogue/home/brand-home';
import type { HomeContent } from '../../features/catalogue/home/home-content';
import { Library } from './library';

const home: HomeContent = content;

/** `/`: what VoxAlert does, where to go next, the players and the message library. */
export function HomePage() {
  const { data } = useProducts();
  return (
    <BrandHome
      content={home}
      products={data}
      linkTo={(product) => `/products/${encodeURIComponent(product.name)}`}
    >
      <Library heading="The message library" />
    </BrandHome>
  );
}
