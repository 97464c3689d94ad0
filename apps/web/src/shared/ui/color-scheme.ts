import { localStorageColorSchemeManager, useComputedColorScheme } from '@mantine/core';

/**
 * Light, dark or the system's preference (issue 16): "auto" until the reader picks one in the
 * settings or the header menu; the choice is kept in local storage under this key. index.html's
 * nonced boot script reads the same key before the first paint, so a dark page never flashes white.
 */
export const COLOR_SCHEME_KEY = 'ob.colorScheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export type ResolvedScheme = 'light' | 'dark';

/** The canvas colours of the price chart (it draws outside CSS, so it is told them). */
export type ChartTheme = { background: string; text: string; grid: string; border: string };

const CHART_THEMES: Record<ResolvedScheme, ChartTheme> = {
  // Mantine's white, gray.8 text (10:1), gray.1 grid and gray.3 scale borders.
  light: { background: '#ffffff', text: '#343a40', grid: '#f1f3f5', border: '#dee2e6' },
  // Mantine's dark.7 page, dark.0 text (9:1), dark.6 grid and dark.4 scale borders.
  dark: { background: '#242424', text: '#c9c9c9', grid: '#2e2e2e', border: '#424242' },
};

export function chartTheme(scheme: ResolvedScheme): ChartTheme {
  return CHART_THEMES[scheme];
}

/** The theme in force now (the system's when the reader chose "auto"), updated when it changes. */
export function useResolvedScheme(): ResolvedScheme {
  return useComputedColorScheme('light', { getInitialValueInEffect: false });
}

export function useChartTheme(): ChartTheme {
  return chartTheme(useResolvedScheme());
}
