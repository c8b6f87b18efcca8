import type { NavGroup, NavMenus } from '@app/brands';
import type { Session } from '../../lib/session';

/** SPEC.md section 6: master user menu, else the signed-in menu, else the dashboard (signed-out) menu. */
export function selectMenu(menus: NavMenus, session: Pick<Session, 'signedIn' | 'master'>): NavGroup[] {
  if (session.signedIn && session.master && menus.master) return menus.master;
  if (session.signedIn && menus.signedIn) return menus.signedIn;
  return menus.signedOut;
}
