import { ContentPage } from '../../features/catalogue/components/content-page';
import { DvrCards } from './dvr-cards';

/** `/`: the welcome text and the range of models. */
export function HomePage() {
  return (
    <ContentPage slug="home">
      <section aria-labelledby="dvr-models-heading">
        <h2 id="dvr-models-heading">The Alien DVR range</h2>
        <DvrCards />
      </section>
    </ContentPage>
  );
}
