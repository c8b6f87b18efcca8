import type { ImageRef } from '@app/contract/catalogue';

/**
 * The words of a sister brand's home page around its catalogue: content/<brand>/home.json, bundled
 * with the brand's home page (docs/decisions/0026). The catalogue itself (models, pictures,
 * channels, downloads) comes from the content API like every other page.
 */
export interface HomeContent {
  hero: {
    /** One sentence under the heading: what the company sells. */
    sentence: string;
    /** The range's picture: the DVR range introduction's, or a product's (its `view`th picture, 0 by default). */
    picture: { intro?: boolean; product?: string; view?: number };
  };
  /** The two or three things visitors come for. */
  tasks: { heading: string; items: HomeTask[] };
  products: {
    heading: string;
    /** The list's accessible name. */
    label: string;
    /** The facts a buyer compares, by product name; else channels, resolution and storage. */
    facts?: Record<string, string[]>;
  };
  /** DVR and NVR: the models side by side. */
  compare?: {
    heading: string;
    caption: string;
    /** Columns beyond channels, resolution and drive bays, filled from `rows`. */
    columns: { key: string; label: string }[];
    rows: Record<string, Record<string, string>>;
    note?: string;
  };
}

/** A route of the brand (`/connect`), a section of the page (`#which-kit`), or a file the page lists. */
export type HomeTask = { label: string; text: string } & ({ to: string } | { download: string });

/** A product of the range as the home page shows it: from the list call, or from the page's own products. */
export interface HomeProduct {
  name: string;
  title: string;
  summary: string;
  image: ImageRef;
  /** Every picture, where the reply has them (a page's products); else just `image`. */
  images?: ImageRef[];
  channels?: number;
  resolution?: string;
  storage?: string;
}
