import { brandById } from '@app/brands';
import { brandThemeVars } from '@app/brands/theme';
import { expect, it } from 'vitest';
import { applyBrandTheme } from './theme';

it("writes the brand's custom properties on the root element", () => {
  const dvr = brandById('dvr');
  applyBrandTheme(dvr);
  const style = document.documentElement.style;
  for (const [name, value] of Object.entries(brandThemeVars(dvr))) {
    expect(style.getPropertyValue(name)).toBe(value);
  }
  expect(style.getPropertyValue('--color-primary')).toBe(dvr.primaryColor);
});
