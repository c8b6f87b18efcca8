import type { DvrSummary } from '@app/contract/catalogue';
import { useDvrs } from '../../features/catalogue/api/get-dvrs';
import { ProductCards } from '../../features/catalogue/components/product-cards';

function facts(dvr: DvrSummary): string[] {
  return [dvr.channels ? `${dvr.channels} channels` : undefined, dvr.resolution, dvr.storage].filter(
    (fact): fact is string => Boolean(fact),
  );
}

/** The DVR models as cards linking to their pages; nothing until they arrive. */
export function DvrCards({ level = 3 }: { level?: 2 | 3 }) {
  const { data } = useDvrs();
  if (!data) return null;
  return (
    <ProductCards
      label="Alien DVR models"
      level={level}
      cards={data.map((dvr) => ({
        to: `/dvrs/${encodeURIComponent(dvr.dvrName)}`,
        title: dvr.title,
        summary: dvr.summary,
        image: dvr.image,
        facts: facts(dvr),
      }))}
    />
  );
}
