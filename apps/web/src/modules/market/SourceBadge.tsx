import { Badge, type MantineSize } from '@mantine/core';
import { NON_LIVE_SOURCES } from '@openbourse/contracts/constants';
import { useTranslation } from 'react-i18next';

type BadgeSpec = { kind: 'sandbox' | 'replay' | 'test' | 'stale' | 'none'; color: string };

/** Which badges a price carries (SPEC §0.2): none for a fresh price from a live market. */
export function sourceBadges(source: string, stale: boolean): BadgeSpec[] {
  if (source === 'none') return [{ kind: 'none', color: 'gray.7' }];
  const badges: BadgeSpec[] = [];
  if ((NON_LIVE_SOURCES as readonly string[]).includes(source)) {
    const kind = source === 'sandbox' ? 'sandbox' : source === 'test' ? 'test' : 'replay';
    badges.push({ kind, color: kind === 'sandbox' ? 'grape.9' : kind === 'test' ? 'red.9' : 'indigo.9' });
  }
  if (stale) badges.push({ kind: 'stale', color: 'yellow.5' });
  return badges;
}

/**
 * The visible label every price carries when it is not a fresh live-market price: "Sandbox
 * data", "Replay", "Stale" or "No feed". Shown next to every price and chart.
 */
export function SourceBadge({
  source,
  stale = false,
  size = 'sm',
}: {
  source: string;
  stale?: boolean;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  const badges = sourceBadges(source, stale);
  if (badges.length === 0) return null;
  return (
    <>
      {badges.map((badge) => (
        <Badge
          key={badge.kind}
          size={size}
          variant="filled"
          color={badge.color}
          autoContrast
          className="ob-source-badge"
          title={t(`market.source.${badge.kind}Hint`)}
          data-testid="source-badge"
          data-source={badge.kind}
        >
          {t(`market.source.${badge.kind}`)}
        </Badge>
      ))}
    </>
  );
}
