import { Box, Group, Text } from '@mantine/core';
import type { TLoan } from '@openbourse/contracts';
import { Decimal } from '@openbourse/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../market/use-locale';
import { formatLtv } from './loan-format';
import { gaugeMaximumPercent, gaugePosition, type LtvZone, ltvZone } from './loan-math';

const ZONE_COLOURS: Record<LtvZone, string> = {
  healthy: 'var(--mantine-color-teal-7)',
  marginCall: 'var(--mantine-color-orange-7)',
  liquidation: 'var(--mantine-color-red-8)',
};

/**
 * The loan's current LTV on a bar from 0 to 100% with the initial, margin-call and liquidation
 * thresholds marked (issue 17). For assistive technology it is a meter: its value the LTV in
 * percent, and a text that says it in words with the thresholds. The marks carry their own
 * labels below the bar, so nothing depends on colour alone.
 */
export function LtvGauge({ collateral }: { collateral: NonNullable<TLoan['collateral']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const labelId = useId();
  const ltv = collateral.ltv === null ? null : Decimal.parse(collateral.ltv);
  const initial = Decimal.parse(collateral.initialLtv);
  const marginCall = Decimal.parse(collateral.marginCallLtv);
  const liquidation = Decimal.parse(collateral.liquidationLtv);
  const maximum = gaugeMaximumPercent(ltv);
  const zone = ltv === null ? null : ltvZone(ltv, marginCall, liquidation);
  const thresholds = {
    initial: formatLtv(collateral.initialLtv, locale),
    marginCall: formatLtv(collateral.marginCallLtv, locale),
    liquidation: formatLtv(collateral.liquidationLtv, locale),
  };
  const valueText =
    ltv === null || zone === null
      ? t('lending.gauge.noValue', thresholds)
      : t('lending.gauge.valueText', {
          ltv: formatLtv(collateral.ltv, locale),
          zone: t(`lending.gauge.zones.${zone}`),
          ...thresholds,
        });
  const marks: Array<{ key: string; ratio: Decimal; label: string }> = [
    { key: 'initial', ratio: initial, label: t('lending.common.ltv.initial') },
    { key: 'marginCall', ratio: marginCall, label: t('lending.common.ltv.marginCall') },
    { key: 'liquidation', ratio: liquidation, label: t('lending.common.ltv.liquidation') },
  ];

  const bars = (
    <>
      {/* The zones behind the needle: healthy up to the margin call, then warning, then liquidation. */}
      <div
        className="ob-ltv-zone"
        style={{
          insetInlineStart: 0,
          width: `${gaugePosition(marginCall, maximum)}%`,
          background: 'var(--mantine-color-teal-1)',
        }}
      />
      <div
        className="ob-ltv-zone"
        style={{
          insetInlineStart: `${gaugePosition(marginCall, maximum)}%`,
          width: `${Decimal.parse(gaugePosition(liquidation, maximum))
            .sub(Decimal.parse(gaugePosition(marginCall, maximum)))
            .toFixed(2)}%`,
          background: 'var(--mantine-color-orange-1)',
        }}
      />
      <div
        className="ob-ltv-zone"
        style={{
          insetInlineStart: `${gaugePosition(liquidation, maximum)}%`,
          insetInlineEnd: 0,
          background: 'var(--mantine-color-red-1)',
        }}
      />
      {ltv !== null && zone !== null && (
        <div
          className="ob-ltv-fill"
          style={{ width: `${gaugePosition(ltv, maximum)}%`, background: ZONE_COLOURS[zone] }}
        />
      )}
      {marks.map((mark) => (
        <div
          key={mark.key}
          className="ob-ltv-mark"
          style={{ insetInlineStart: `${gaugePosition(mark.ratio, maximum)}%` }}
          aria-hidden
        />
      ))}
    </>
  );

  return (
    <Box data-testid="ltv-gauge" data-zone={zone ?? 'none'}>
      <Group justify="space-between" gap="xs" mb={6} wrap="wrap">
        <Text size="sm" fw={600} id={labelId}>
          {t('lending.gauge.label')}
        </Text>
        <Text size="lg" fw={700} c={zone === 'healthy' ? undefined : zone ? 'red.8' : 'dimmed'} data-testid="ltv-value">
          <span className="ob-amount">{formatLtv(collateral.ltv, locale)}</span>
          {zone && ` · ${t(`lending.gauge.zones.${zone}`)}`}
        </Text>
      </Group>
      {/* A meter needs a value: without a fresh price the bar is a picture and the text says why. */}
      {ltv === null ? (
        <div className="ob-ltv-gauge" aria-hidden data-testid="ltv-meter">
          {bars}
        </div>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a native <meter> draws no threshold marks or zones; this one does, with the same semantics
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={Number(maximum.toString())}
          aria-valuenow={Number(ltv.mul(Decimal.fromInteger(100)).round(2, 'half-even').toString())}
          aria-valuetext={valueText}
          className="ob-ltv-gauge"
          data-testid="ltv-meter"
        >
          {bars}
        </div>
      )}
      {ltv === null && (
        <Text size="sm" c="dimmed" mt={6}>
          {valueText}
        </Text>
      )}
      <Group gap="md" mt={6} wrap="wrap" aria-hidden>
        {marks.map((mark) => (
          <Text key={mark.key} size="xs" c="dimmed">
            {mark.label}: <span className="ob-amount">{formatLtv(mark.ratio.toString(), locale)}</span>
          </Text>
        ))}
      </Group>
    </Box>
  );
}
