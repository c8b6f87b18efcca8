import { matchPage } from '@app/brands/pages';
import { type ReactNode, useEffect, useRef } from 'react';
import { type Params, useLocation, useParams } from 'react-router';
import { useBrand } from '../lib/brand';
import { documentTitle, useDocumentTitle } from '../lib/document-title';
import { focusOnceUsable, wantsHeadingFocus } from '../lib/page-focus';
import styles from './page-shell.module.css';

export interface PageShellProps {
  /** One line under the heading; a function receives the route's parameters (e.g. `dvrName`). */
  intro: ReactNode | ((params: Readonly<Params>) => ReactNode);
  /** Replaces the heading from the brand config, e.g. with a product's name. */
  title?: string;
  /** A picture beside the heading and intro (a home page's hero); below them on a phone. */
  picture?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every page: the heading from the brand config (`brand.pages[pattern].title`), an
 * intro line and the document title. Page components render their content as children.
 */
export function PageShell({ intro, title, picture, children }: PageShellProps) {
  const brand = useBrand();
  const location = useLocation();
  const { pathname } = location;
  const params = useParams();
  const page = matchPage(brand, pathname);
  const heading = title ?? page?.title ?? brand.name;
  useDocumentTitle(documentTitle(brand, heading, page?.pattern === '/'));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = wantsHeadingFocus(location.state);
  const arrival = location.key;

  // Once per arrival (location.key), when the navigation asked for it (lib/page-focus). Confirming
  // an account from the mailed link can arrive here while the start-up overlay still keeps the page
  // inert (the dialog sits outside it): the heading then takes focus as the overlay leaves.
  useEffect(() => {
    const heading = headingRef.current;
    if (focusHeading && arrival && heading) return focusOnceUsable(heading);
  }, [focusHeading, arrival]);

  const top = (
    <>
      <h1 ref={headingRef} className={styles.title} tabIndex={-1}>
        {heading}
      </h1>
      <p className={styles.intro}>{typeof intro === 'function' ? intro(params) : intro}</p>
    </>
  );
  return (
    <article className={styles.page}>
      {picture ? (
        <div className={styles.hero}>
          <div className={styles.heroText}>{top}</div>
          <div className={styles.heroPicture}>{picture}</div>
        </div>
      ) : (
        top
      )}
      {children}
    </article>
  );
}
