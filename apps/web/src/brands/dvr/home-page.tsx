import content from '../../../../../content/dvr/home.json';
import { useDvrIntro } from '../../features/catalogue/api/get-dvr-intro';
import { useDvrs } from '../../features/catalogue/api/get-dvrs';
import { BrandHome } from '../../features/catalogue/home/brand-home';
import type { HomeContent } from '../../features/catalogue/home/home-content';

const home: HomeContent = content;

/** `/`: the range's picture and what it is, where to go next, the models as cards and side by side. */
export function HomePage() {
  const { data: dvrs } = useDvrs();
  const { data: intro } = useDvrIntro();
  return (
    <BrandHome
      content={home}
      products={dvrs?.map(({ dvrName, ...dvr }) => ({ name: dvrName, ...dvr }))}
      linkTo={(dvr) => `/dvrs/${encodeURIComponent(dvr.name)}`}
      picture={intro?.image}
    />
  );
}
