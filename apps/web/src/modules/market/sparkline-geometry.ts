/** SPEC §9: the sparkline keeps 10% of its height free above and below the line. */
export const SPARKLINE_PADDING = 0.1;

/**
 * The SVG path of a price line: points spread evenly from left to right (oldest first), the
 * highest price at the top padding and the lowest at the bottom one. A flat series lies in the
 * middle. Fewer than two prices make no line.
 */
export function sparklinePath(
  values: readonly number[],
  width: number,
  height: number,
  padding = SPARKLINE_PADDING,
): string {
  const points = values.filter((value) => Number.isFinite(value));
  if (points.length < 2) return '';
  const min = Math.min(...points);
  const max = Math.max(...points);
  const top = height * padding;
  const usable = height - 2 * top;
  const step = width / (points.length - 1);
  const round = (value: number) => Math.round(value * 100) / 100;
  return points
    .map((value, index) => {
      const x = round(index * step);
      const y = round(max === min ? height / 2 : top + ((max - value) / (max - min)) * usable);
      return `${index === 0 ? 'M' : 'L'}${x},${y}`;
    })
    .join(' ');
}
