/** How the chart draws prices, and which indicators it adds; remembered in local storage. */
export const CHART_TYPES = ['candles', 'line', 'area'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Moving averages and Bollinger bands draw over the prices; RSI and MACD get a pane each. */
export const INDICATORS = ['sma', 'ema', 'bollinger', 'rsi', 'macd'] as const;
export type IndicatorId = (typeof INDICATORS)[number];
export const PANE_INDICATORS: readonly IndicatorId[] = ['rsi', 'macd'];

export type ChartSettings = { type: ChartType; indicators: IndicatorId[] };

export const DEFAULT_CHART_SETTINGS: ChartSettings = { type: 'candles', indicators: [] };
const STORAGE_KEY = 'ob.chartSettings';

/** Reads what was stored; anything unknown or malformed falls back to the defaults. */
export function parseChartSettings(text: string | null): ChartSettings {
  if (!text) return DEFAULT_CHART_SETTINGS;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return DEFAULT_CHART_SETTINGS;
    const record = value as Record<string, unknown>;
    const type = CHART_TYPES.find((known) => known === record.type) ?? DEFAULT_CHART_SETTINGS.type;
    const listed = Array.isArray(record.indicators) ? record.indicators : [];
    // In the menu's order, each once.
    const indicators = INDICATORS.filter((known) => listed.includes(known));
    return { type, indicators };
  } catch {
    return DEFAULT_CHART_SETTINGS;
  }
}

export function readChartSettings(): ChartSettings {
  try {
    return parseChartSettings(localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_CHART_SETTINGS;
  }
}

export function storeChartSettings(settings: ChartSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
