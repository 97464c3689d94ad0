// The rise/fall convention lives in shared/ui/trend-colours.ts (one place for every module);
// the market module's older imports keep working through this file.
export {
  type ColourConvention,
  changeTextColour,
  setColourConvention,
  type TrendColours,
  trendColours,
  useColourConvention,
} from '../../shared/ui/trend-colours';
