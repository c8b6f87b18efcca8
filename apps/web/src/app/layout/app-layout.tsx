import { matchPage } from '@app/brands/pages';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthDialogProvider } from '../../features/auth/auth-dialog-provider';
import { useBrand } from '../../lib/brand';
import { NARROW_SCREEN_QUERY, useMediaQueryOrUnknown } from '../../lib/media-query';
import { NOT_FOUND_PATH } from '../pages/not-found-page';
import styles from './app-layout.module.css';
import { FixedFooter, SignsFooter } from './footer';
import { MAIN_CONTENT_ID } from './ids';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus moves without touching the URL, which the router owns.
  event.preventDefault();
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

/** The frame of every page: skip link, sidebar, top bar, main content and the brand's footer. */
export function AppLayout() {
  const brand = useBrand();
  const { pathname } = useLocation();
  // Unknown on the server and while its page hydrates: both the sidebar and the menu button are
  // drawn then, and the stylesheet shows the one that suits the screen, so nothing moves after.
  const screen = useMediaQueryOrUnknown(NARROW_SCREEN_QUERY);
  const narrow = screen === true;
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // A drawer left open must not reappear after the window is widened and narrowed again.
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);

  const allowed = pathname === NOT_FOUND_PATH || matchPage(brand, pathname) !== undefined;

  return (
    <AuthDialogProvider>
      <div
        className={styles.layout}
        data-footer={brand.showFooter}
        data-screen={screen === null ? 'unknown' : undefined}
      >
        <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
          Skip to main content
        </a>
        <Sidebar open={!narrow || menuOpen} narrow={narrow} onClose={closeMenu} toggleRef={toggleRef} />
        <div className={styles.body}>
          <TopBar
            showToggle={screen !== false}
            menuOpen={menuOpen}
            onToggleMenu={() => setMenuOpen((open) => !open)}
            toggleRef={toggleRef}
          />
          <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
            {allowed ? <Outlet /> : <Navigate to={NOT_FOUND_PATH} replace />}
          </main>
          {brand.showFooter === 'signs' ? <SignsFooter /> : <FixedFooter />}
        </div>
      </div>
      <ScrollRestoration />
    </AuthDialogProvider>
  );
}
