import content from '../../../../../content/anpr/home.json';
import type { HomeContent } from '../../features/catalogue/home/home-content';
import { PageProductsHome } from '../../features/catalogue/home/page-products-home';

const home: HomeContent = content;

/** `/`: PlateSight in one sentence, where to go next, the products as cards, then each in full. */
export function HomePage() {
  return <PageProductsHome content={home} />;
}
