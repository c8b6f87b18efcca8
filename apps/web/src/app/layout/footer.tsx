import type { NavLink as BrandLink } from '@app/brands';
import { brandStarts } from '@app/brands/start';
import { useRef } from 'react';
import { Link } from 'react-router';
import { brandSiteUrl } from '../../features/brands-page/brand-site-url';
import { useBrand } from '../../lib/brand';
import { usePublishedHeight } from '../../lib/published-height';
import { useSiteLocation } from '../../lib/site-location';
import styles from './footer.module.css';
import { SocialIcon } from './social-icon';

/**
 * Where a link goes: a route here, an address elsewhere, or a sister brand's site wherever the
 * sites run (only the sister's host keys are needed, not its whole configuration).
 */
function useLinkHref(link: BrandLink): string {
  const here = useBrand();
  const location = useSiteLocation();
  if (!link.site) return link.to;
  return brandSiteUrl({ hostKeys: brandStarts[link.site].hostKeys, url: link.to }, location, here);
}

function FooterLink({ link }: { link: BrandLink }) {
  const href = useLinkHref(link);
  if (link.external) {
    return (
      <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
        {link.label}
        <span className={styles.visuallyHidden}> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link className={styles.link} to={link.to}>
      {link.label}
    </Link>
  );
}

/** SPEC.md "Signs brand footer": Quick Links, Legal, Support and Follow Us, then the copyright line. */
export function SignsFooter() {
  const { footerDetails } = useBrand();
  return (
    <footer className={styles.signsFooter}>
      <div className={styles.columns}>
        {footerDetails.footerLinks.map((column) => (
          <section key={column.title} className={styles.column}>
            <h2 className={styles.columnTitle}>{column.title}</h2>
            <ul className={styles.list}>
              {column.links.map((link) => (
                <li key={`${link.label}|${link.to}`}>
                  <FooterLink link={link} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className={styles.column}>
          <h2 className={styles.columnTitle}>Follow Us</h2>
          <ul className={styles.social}>
            {footerDetails.socialLinks.map((social) => (
              <li key={social.href}>
                <a
                  className={styles.socialLink}
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${social.label} (opens in a new tab)`}
                >
                  <SocialIcon icon={social.icon} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className={styles.copyright}>{footerDetails.copyrightText}</p>
    </footer>
  );
}

/**
 * The slim footer of the product sites, fixed to the bottom on a wide screen. Its height is
 * published as --fixed-footer-height.
 */
export function FixedFooter() {
  const { footerDetails } = useBrand();
  const ref = useRef<HTMLElement>(null);
  const links = footerDetails.footerLinks.flatMap((column) => column.links);

  // The main content's padding keeps clear of it, even when its links wrap.
  usePublishedHeight(ref, '--fixed-footer-height');

  return (
    <footer ref={ref} className={styles.fixedFooter}>
      <p className={styles.fixedCopyright}>{footerDetails.copyrightText}</p>
      {links.length > 0 && (
        <ul className={styles.fixedLinks}>
          {links.map((link) => (
            <li key={`${link.label}|${link.to}`}>
              <FooterLink link={link} />
            </li>
          ))}
        </ul>
      )}
    </footer>
  );
}
