import { brands } from '@app/brands';
import { readableTextOn } from '@app/brands/theme';
import type { CSSProperties } from 'react';
import { PageShell } from '../../components/page-shell';
import { useBrand } from '../../lib/brand';
import { useSiteLocation } from '../../lib/site-location';
import { brandSiteUrl } from './brand-site-url';
import { FlipCard } from './flip-card';
import styles from './our-brands.module.css';

/** /our-brands: a flip card for each sister brand, coloured by this brand's `brandPage`. */
export function OurBrandsPage() {
  const brand = useBrand();
  const location = useSiteLocation();
  const sisters = brands.filter((b) => b.id !== brand.id);
  const { overlayColor, flipCardBackColor } = brand.brandPage;
  const colours = {
    '--overlay-color': overlayColor,
    '--back-color': flipCardBackColor,
    '--back-text': readableTextOn(flipCardBackColor, '#ffffff'),
  } as CSSProperties;

  return (
    <PageShell
      intro={`${brand.name} is one of a family of sites from the same UK CCTV and security products company. Turn a card to read what each one does, or visit its site.`}
    >
      <ul className={styles.cards} style={colours}>
        {sisters.map((sister) => (
          <FlipCard key={sister.id} brand={sister} siteUrl={brandSiteUrl(sister, location)} />
        ))}
      </ul>
    </PageShell>
  );
}
