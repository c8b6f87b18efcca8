import { brandById } from '@app/brands';
import { describe, expect, it } from 'vitest';
import { applyBrandTheme, DEFAULT_BODY_COLOR, readableTextOn } from './theme';

describe('brand theme', () => {
  it("writes the brand's colours as custom properties on the root element", () => {
    const signs = brandById('signs');
    applyBrandTheme(signs);
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--color-primary')).toBe(signs.primaryColor);
    expect(style.getPropertyValue('--color-nav-font')).toBe(signs.navFontColor);
    expect(style.getPropertyValue('--color-active')).toBe(signs.activeColor);
    expect(style.getPropertyValue('--color-body')).toBe(signs.bodyColor);
  });

  it('falls back to light grey when the brand has no body colour', () => {
    applyBrandTheme({ ...brandById('dvr'), bodyColor: '' });
    expect(document.documentElement.style.getPropertyValue('--color-body')).toBe(DEFAULT_BODY_COLOR);
  });

  it('picks black text on light colours and white on dark ones', () => {
    expect(readableTextOn('#ffc20e')).toBe('#000000');
    expect(readableTextOn('#0b3d91')).toBe('#ffffff');
    expect(readableTextOn('#fff')).toBe('#000000');
    expect(readableTextOn('rebeccapurple', '#123456')).toBe('#123456');
  });
});
