import { type RefObject, useRef } from 'react';
import { useBrand } from '../../lib/brand';
import { usePublishedHeight } from '../../lib/published-height';
import { SIDEBAR_ID } from './ids';
import { QuickMenu } from './quick-menu';
import styles from './top-bar.module.css';

export interface TopBarProps {
  /** Only narrow screens have a toggle; on wide screens the sidebar is always shown. */
  showToggle: boolean;
  menuOpen: boolean;
  onToggleMenu: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function TopBar({ showToggle, menuOpen, onToggleMenu, toggleRef }: TopBarProps) {
  const brand = useBrand();
  const ref = useRef<HTMLElement>(null);

  // The page's scroll padding and the toasts keep clear of the bar.
  usePublishedHeight(ref, '--top-bar-height');

  return (
    <header ref={ref} className={styles.topBar}>
      {showToggle && (
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          data-menu-toggle
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={SIDEBAR_ID}
          onClick={onToggleMenu}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      )}
      {/* On wide screens the sidebar's logo names the brand; the bar says it only when the sidebar is a drawer. */}
      {showToggle && (
        <span className={styles.brandName} data-narrow="true">
          {brand.name}
        </span>
      )}
      {brand.showQuickMenu && <QuickMenu />}
    </header>
  );
}
