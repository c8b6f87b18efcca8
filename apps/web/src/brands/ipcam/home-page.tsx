import content from '../../../../../content/ipcam/home.json';
import { useProducts } from '../../features/catalogue/api/get-products';
import { BrandHome } from '../../features/catalogue/home/brand-home';
import type { HomeContent } from '../../features/catalogue/home/home-content';

const home: HomeContent = content;

/** `/`: IPCam Scout in one sentence and picture, where to go next, the tool as a card. */
export function HomePage() {
  const { data } = useProducts();
  return <BrandHome content={home} products={data} linkTo={() => '/product'} />;
}
