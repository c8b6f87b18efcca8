import { describe, expect, it } from 'vitest';
import { brandById } from './index';
import { brandThemeVars, DEFAULT_BODY_COLOR, readableTextOn } from './theme';

describe('brand theme', () => {
  it("gives the brand's colours as custom properties", () => {
    const signs = brandById('signs');
    expect(brandThemeVars(signs)).toMatchObject({
      '--color-primary': signs.primaryColor,
      '--color-nav-font': signs.navFontColor,
      '--color-active': signs.activeColor,
      '--color-body': signs.bodyColor,
      '--footer-margin': `${signs.footerMargin}px`,
    });
  });

  it('falls back to light grey when the brand has no body colour', () => {
    expect(brandThemeVars({ ...brandById('dvr'), bodyColor: '' })['--color-body']).toBe(DEFAULT_BODY_COLOR);
  });

  it('picks black text on light colours and white on dark ones', () => {
    expect(readableTextOn('#ffc20e')).toBe('#000000');
    expect(readableTextOn('#0b3d91')).toBe('#ffffff');
    expect(readableTextOn('#fff')).toBe('#000000');
    expect(readableTextOn('rebeccapurple', '#123456')).toBe('#123456');
  });
});
