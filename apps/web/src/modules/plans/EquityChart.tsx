import { Text } from '@mantine/core';
import type { TEquityPoint } from '@openbourse/contracts';
import { curveGeometry } from './plan-math';

const WIDTH = 320;
const HEIGHT = 80;

/**
 * A small equity curve (a backtest's or a plan's) as an SVG line over the starting level (dashed),
 * with its text alternative: `describe` words the period, the first and last values and the
 * extremes. Without two points it says `empty`: no line is drawn from nothing (SPEC §0.2).
 */
export function EquityChart({
  points,
  title,
  describe,
  empty,
  testId,
}: {
  points: readonly TEquityPoint[];
  /** Names the chart (shown above it). */
  title: string;
  describe: (values: { first: string; last: string; low: string; high: string; from: string; to: string }) => string;
  empty: string;
  testId: string;
}) {
  const geometry = curveGeometry(points, WIDTH, HEIGHT);
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="ob-equity" data-testid={testId}>
      <Text component="figcaption" size="xs" c="dimmed" mb={4}>
        {title}
      </Text>
      {geometry && first && last ? (
        <svg
          role="img"
          aria-label={describe({ ...geometry, from: first.time, to: last.time })}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="ob-equity-chart"
          data-testid={`${testId}-svg`}
          data-points={points.length}
        >
          <line
            x1={0}
            x2={WIDTH}
            y1={geometry.baselineY}
            y2={geometry.baselineY}
            className="ob-equity-baseline"
            vectorEffect="non-scaling-stroke"
          />
          <path d={geometry.path} className="ob-equity-line" vectorEffect="non-scaling-stroke" />
        </svg>
      ) : (
        <Text size="sm" c="dimmed" className="ob-equity-empty" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      )}
    </figure>
  );
}
