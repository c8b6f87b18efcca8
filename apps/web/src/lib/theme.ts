import type { BrandTheme } from '@app/brands/start';
import { brandThemeVars } from '@app/brands/theme';

/** Sets the brand's CSS custom properties on the root element (the server wrote the same into the page). */
export function applyBrandTheme(brand: BrandTheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandThemeVars(brand))) root.style.setProperty(name, value);
}
