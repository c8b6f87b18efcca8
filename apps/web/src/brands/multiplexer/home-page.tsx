import content from '../../../../../content/multiplexer/home.json';
import type { HomeContent } from '../../features/catalogue/home/home-content';
import { PageProductsHome } from '../../features/catalogue/home/page-products-home';

const home: HomeContent = content;

/** `/`: CableMux in one sentence, where to go next, the kits as cards, then each in full. */
export function HomePage() {
  return <PageProductsHome content={home} />;
}
