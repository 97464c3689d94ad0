import { createAreaTexts } from '../../../shared/i18n/area-texts';

/**
 * The chart's own texts (its tools, legend and line dialogs) live beside it and load with the
 * chart's chunk, never with the first page: under `tradingChart.chart`.
 */
export const useChartTexts = createAreaTexts(
  'tradingChart',
  import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json'),
);
