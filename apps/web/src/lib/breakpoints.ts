/**
 * The screen widths the layout changes at (SPEC.md section 9): 767px or less is a phone (the
 * sidebar becomes a drawer), 768px and more a tablet or desktop, 1224px and more a wide screen.
 * The one place they are written: stylesheets name them as custom media (`@media (--wide-screen)`,
 * replaced at build time by apps/web/custom-media.ts) and scripts read the same queries here.
 */
export const CUSTOM_MEDIA = {
  '--narrow-screen': '(max-width: 767px)',
  '--not-narrow-screen': '(min-width: 768px)',
  '--wide-screen': '(min-width: 1224px)',
} as const;
