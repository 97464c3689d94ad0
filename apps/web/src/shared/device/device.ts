/** SPEC §2: the mobile shell for Android, iPhone, iPad and iPod user agents; desktop otherwise. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod/i.test(userAgent);
}

export const DESKTOP_DESIGN_WIDTH = 1920;
export const MOBILE_DESIGN_WIDTH = 750;
export const MAX_ROOT_FONT_PX = 100;

/**
 * SPEC §9: the root font size scales with the viewport against the design width (1rem = 100px
 * at the design width), capped at 100px.
 */
export function rootFontSizePx(viewportWidth: number, isMobile: boolean): number {
  const designWidth = isMobile ? MOBILE_DESIGN_WIDTH : DESKTOP_DESIGN_WIDTH;
  return Math.min(MAX_ROOT_FONT_PX, (viewportWidth / designWidth) * 100);
}
