import type { NavGroup } from '@app/brands';
import {
  type ComponentType,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { RequestsMenuCount } from '../../features/requests/slots';
import { useBrand } from '../../lib/brand';
import { useSession } from '../../lib/session';
import { MAIN_CONTENT_ID, SIDEBAR_ID } from './ids';
import { mergeNavEntries, type NavEntry, useNavSourceLinks } from './nav-sources';
import { selectMenu } from './select-menu';
import styles from './sidebar.module.css';

/** SPEC.md section 4: on narrow screens the menu closes this long after a link tap. */
export const SIDEBAR_CLOSE_DELAY_MS = 500;

export interface SidebarProps {
  /** Always true on wide screens. */
  open: boolean;
  /** 767px or less: the sidebar is an off-canvas drawer. */
  narrow: boolean;
  onClose: () => void;
  /** The top bar's toggle: focus returns to it when the drawer closes (Escape, close button, outside tap). */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

function containsPath(entries: NavEntry[], pathname: string): boolean {
  return entries.some((entry) => entry.to === pathname || containsPath(entry.children ?? [], pathname));
}

/** What a menu entry shows beside its label, by path: the open requests beside the desk's entry. */
const entryBadges: Partial<Record<string, ComponentType>> = { '/requests': RequestsMenuCount };

function EntryLink({ entry, onLinkClick }: { entry: NavEntry; onLinkClick: () => void }) {
  if (entry.external) {
    return (
      <a
        className={styles.link}
        href={entry.to}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onLinkClick}
      >
        {entry.label}
        <span className={styles.visuallyHidden}> (opens in a new tab)</span>
      </a>
    );
  }
  const Badge = entryBadges[entry.to];
  return (
    <RouterNavLink
      className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
      to={entry.to}
      end
      onClick={onLinkClick}
    >
      {entry.label}
      {Badge && <Badge />}
    </RouterNavLink>
  );
}

function EntryList({ entries, onLinkClick }: { entries: NavEntry[]; onLinkClick: () => void }) {
  return entries.map((entry) => (
    <li key={`${entry.label}|${entry.to}`}>
      <EntryLink entry={entry} onLinkClick={onLinkClick} />
      {entry.children && entry.children.length > 0 && (
        <ul className={styles.nested}>
          <EntryList entries={entry.children} onLinkClick={onLinkClick} />
        </ul>
      )}
    </li>
  ));
}

function NavGroupItem({ group, onLinkClick }: { group: NavGroup; onLinkClick: () => void }) {
  const sourceEntries = useNavSourceLinks(group.source);
  const entries = mergeNavEntries(group, sourceEntries);
  const { pathname } = useLocation();
  const containsActive = containsPath(entries, pathname);
  const [expanded, setExpanded] = useState(containsActive);
  const listId = useId();

  // Opening a page of a collapsed group (from the footer, say) shows where it sits in the menu.
  useEffect(() => {
    if (containsActive) setExpanded(true);
  }, [containsActive]);

  const isGroup = group.children !== undefined || group.source !== undefined;
  if (!isGroup) {
    return group.to ? (
      <li>
        <EntryLink entry={{ label: group.label, to: group.to }} onLinkClick={onLinkClick} />
      </li>
    ) : null;
  }

  return (
    <li>
      <button
        type="button"
        className={styles.groupToggle}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((value) => !value)}
      >
        <span>{group.label}</span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className={styles.groupList} hidden={!expanded}>
        {group.to && (
          <li>
            <EntryLink entry={{ label: group.label, to: group.to }} onLinkClick={onLinkClick} />
          </li>
        )}
        <EntryList entries={entries} onLinkClick={onLinkClick} />
      </ul>
    </li>
  );
}

// Radix and the drawer load only on a phone, where they are needed: no weight on a wide screen's first paint.
const Drawer = lazy(() => import('./drawer').then((m) => ({ default: m.Drawer })));

export function Sidebar({ open, narrow, onClose, toggleRef }: SidebarProps) {
  const brand = useBrand();
  const session = useSession();
  const menu = selectMenu(brand.navRoute, session);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set when a link tap closes the drawer: focus then goes on to the new page, not back to the toggle.
  const closedByLink = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onLinkClick = () => {
    if (!narrow) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      closedByLink.current = true;
      onClose();
    }, SIDEBAR_CLOSE_DELAY_MS);
  };

  const contents = (
    <>
      <Link to="/" className={styles.brand} onClick={onLinkClick}>
        <img
          className={styles.logo}
          src={brand.logoDetails.logo}
          // The logo draws the brand's name, so its alt says it: the name is shown once at the top.
          alt={brand.name}
          width={brand.logoDetails.width}
          height={brand.logoDetails.height}
        />
      </Link>
      <nav aria-label="Main menu">
        <ul className={styles.menu}>
          {menu.map((group) => (
            <NavGroupItem key={`${group.label}|${group.to ?? ''}`} group={group} onLinkClick={onLinkClick} />
          ))}
        </ul>
      </nav>
    </>
  );

  if (!narrow) {
    return (
      <div id={SIDEBAR_ID} className={styles.sidebar} data-narrow={false}>
        {contents}
      </div>
    );
  }

  return (
    <Suspense fallback={null}>
      <Drawer
        open={open}
        onClose={onClose}
        onClosed={() => {
          const byLink = closedByLink.current;
          closedByLink.current = false;
          if (byLink) document.getElementById(MAIN_CONTENT_ID)?.focus();
          else toggleRef.current?.focus();
        }}
      >
        {contents}
      </Drawer>
    </Suspense>
  );
}
