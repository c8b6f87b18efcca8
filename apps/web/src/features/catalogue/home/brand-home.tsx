import type { DownloadItem, ImageRef, ContentPage as Page } from '@app/contract/catalogue';
import { type ComponentType, type ReactNode, useId } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { CUSTOM_MEDIA } from '../../../lib/breakpoints';
import { ContentPageFrame } from '../components/content-page-frame';
import { Picture } from '../components/picture';
import { type ProductCard, ProductCards } from '../components/product-cards';
import { fileTypeLabel, formatBytes } from '../format';
import { useMediaUrl } from '../use-media-url';
import { CompareTable } from './compare-table';
import styles from './home.module.css';
import type { HomeContent, HomeProduct, HomeTask } from './home-content';

function defaultFacts(product: HomeProduct): string[] {
  return [
    product.channels ? `${product.channels} channels` : undefined,
    product.resolution,
    product.storage,
  ].filter((fact): fact is string => Boolean(fact));
}

function TaskLink({ task, downloads }: { task: HomeTask; downloads: DownloadItem[] }) {
  const mediaUrl = useMediaUrl();
  if ('download' in task) {
    const file = downloads.find((item) => item.fileName === task.download);
    if (!file) return null;
    return (
      <a
        className={styles.taskLink}
        href={mediaUrl(file.url)}
        download={file.fileName}
        type={file.contentType.split(';')[0]}
      >
        {task.label}
        <span className={styles.taskMeta}>
          {' '}
          ({fileTypeLabel(file.contentType)}, {formatBytes(file.size)})
        </span>
      </a>
    );
  }
  // A section of this page: the browser scrolls to it.
  if (task.to.startsWith('#')) {
    return (
      <a className={styles.taskLink} href={task.to}>
        {task.label}
      </a>
    );
  }
  return (
    <Link className={styles.taskLink} to={task.to}>
      {task.label}
    </Link>
  );
}

/** The things visitors come for, each a link with a line saying what is there. */
export function HomeTasks({
  tasks,
  downloads = [],
}: {
  tasks: HomeContent['tasks'];
  downloads?: DownloadItem[];
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.tasks}>
      <h2 id={id} className={styles.sectionHeading}>
        {tasks.heading}
      </h2>
      <ul className={styles.taskList}>
        {tasks.items.map((task) => (
          <li key={task.label} className={styles.task}>
            <TaskLink task={task} downloads={downloads} />
            <p>{task.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The range as cards: picture, name (the link), summary and the facts a buyer compares. */
export function HomeProducts({
  content,
  products,
  linkTo,
}: {
  content: HomeContent['products'];
  products: HomeProduct[];
  linkTo: (product: HomeProduct) => string;
}) {
  const id = useId();
  const cards: ProductCard[] = products.map((product) => ({
    to: linkTo(product),
    title: product.title,
    summary: product.summary,
    image: product.image,
    facts: content.facts?.[product.name] ?? defaultFacts(product),
  }));
  return (
    <section aria-labelledby={id} className={styles.products}>
      <h2 id={id} className={styles.sectionHeading}>
        {content.heading}
      </h2>
      <ProductCards label={content.label} cards={cards} />
    </section>
  );
}

/**
 * The range's picture, chosen by home.json: shown large, as the first thing on the page. A drawn
 * picture is shown from its SVG, a few kilobytes however wide the screen, so on a weak connection
 * it arrives with the page's words rather than after them; a phone gets the drawing with its small
 * print, unreadable at that size, drawn as bars, which costs its main thread next to nothing.
 */
export function HeroPicture({ image }: { image: ImageRef | undefined }) {
  const mediaUrl = useMediaUrl();
  if (!image) return null;
  const { alt, width, height, drawing, phoneDrawing } = image;
  // Full width on a phone; the wider of the hero's two columns (6 of 11) beside the sidebar.
  const picture = (
    <Picture
      image={drawing ? { url: drawing, alt, width, height } : image}
      sizes="(max-width: 767px) 100vw, 50vw"
      fetchPriority="high"
      loading="eager"
    />
  );
  if (!drawing || !phoneDrawing) return picture;
  // Each screen asks only for its own drawing, before the page's stylesheet is in.
  const phone = CUSTOM_MEDIA['--narrow-screen'];
  preload(mediaUrl(phoneDrawing), { as: 'image', media: phone, fetchPriority: 'high' });
  preload(mediaUrl(drawing), {
    as: 'image',
    media: CUSTOM_MEDIA['--not-narrow-screen'],
    fetchPriority: 'high',
  });
  return (
    <picture>
      <source media={phone} srcSet={mediaUrl(phoneDrawing)} />
      {picture}
    </picture>
  );
}

/** The product whose picture home.json names, and which of its pictures. */
export function heroImage(content: HomeContent, products: HomeProduct[] | undefined): ImageRef | undefined {
  const { product: name, view = 0 } = content.hero.picture;
  const product = products?.find((p) => p.name === name);
  if (!product) return undefined;
  return product.images?.[view] ?? product.image;
}

export interface BrandHomeProps {
  content: HomeContent;
  /** The range, once it has arrived. */
  products: HomeProduct[] | undefined;
  /** Where a product's card and table row link to. */
  linkTo: (product: HomeProduct) => string;
  /** The hero picture (else the product home.json names). */
  picture?: ImageRef | undefined;
  /** Files the tasks may name. */
  downloads?: DownloadItem[];
  /** After the page's text and products (e.g. the voice message library). */
  children?: ReactNode;
  /** Draws the products and files home.md lists, for a home page that lists them (ContentPageFrame). */
  sections?: ComponentType<{ page: Page }>;
}

/**
 * A sister brand's home page: the heading with one sentence and the range's picture, the tasks
 * visitors come for, the range as cards (and side by side, where home.json has a comparison),
 * then the page's text from content/<brand>/pages/home.md.
 */
export function BrandHome({
  content,
  products,
  linkTo,
  picture,
  downloads,
  children,
  sections,
}: BrandHomeProps) {
  const image = picture ?? heroImage(content, products);
  return (
    <ContentPageFrame
      slug="home"
      sections={sections}
      intro={content.hero.sentence}
      picture={<HeroPicture image={image} />}
      before={
        <>
          <HomeTasks tasks={content.tasks} downloads={downloads} />
          {products && <HomeProducts content={content.products} products={products} linkTo={linkTo} />}
          {products && content.compare && (
            <CompareTable compare={content.compare} products={products} linkTo={linkTo} />
          )}
        </>
      }
    >
      {children}
    </ContentPageFrame>
  );
}
