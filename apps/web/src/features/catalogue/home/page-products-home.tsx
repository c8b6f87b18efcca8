import { usePage } from '../api/get-page';
import { PageSections, productSectionId } from '../components/page-sections';
import { BrandHome } from './brand-home';
import type { HomeContent } from './home-content';

/**
 * The home page of a brand without product pages (ANPR, cable multiplexer): home.md lists the
 * products in full below its text, so the cards link down to them, and the tasks can offer the
 * files those products list. The page's one call feeds both.
 */
export function PageProductsHome({ content }: { content: HomeContent }) {
  const { data: page } = usePage('home');
  return (
    <BrandHome
      content={content}
      products={page?.products}
      linkTo={(product) => `#${productSectionId(product.name)}`}
      downloads={page?.products.flatMap((product) => product.downloads)}
      sections={PageSections}
    />
  );
}
