import { ActionIcon, Badge, Button, Checkbox, Group, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconChartLine, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHART_TYPES, type ChartSettings, type ChartType, INDICATORS, type IndicatorId } from './chart-settings';

type Props = {
  settings: ChartSettings;
  onChange: (settings: ChartSettings) => void;
  isFullscreen: boolean;
  onToggleFullscreen: () => void;
  /** Where the indicator menu opens while the chart is full screen. */
  portalTarget: HTMLElement | null;
};

/** Line, area or candles; the indicator menu (checkboxes); full screen on and off. */
export function ChartToolbar({ settings, onChange, isFullscreen, onToggleFullscreen, portalTarget }: Props) {
  const { t } = useTranslation();
  const toggleIndicator = (id: IndicatorId, on: boolean) => {
    const chosen = new Set(settings.indicators);
    if (on) chosen.add(id);
    else chosen.delete(id);
    onChange({ ...settings, indicators: INDICATORS.filter((known) => chosen.has(known)) });
  };
  const count = settings.indicators.length;
  return (
    <Group gap="xs" justify="space-between" role="toolbar" aria-label={t('tradingChart.chart.toolbar')}>
      <SegmentedControl
        size="xs"
        value={settings.type}
        onChange={(value) => {
          const type = CHART_TYPES.find((known) => known === value);
          if (type) onChange({ ...settings, type: type satisfies ChartType });
        }}
        aria-label={t('tradingChart.chart.type.label')}
        data={CHART_TYPES.map((value) => ({ value, label: t(`tradingChart.chart.type.${value}`) }))}
        data-testid="chart-type"
      />
      <Group gap="xs">
        <Popover
          position="bottom-end"
          shadow="md"
          trapFocus
          withinPortal
          {...(portalTarget ? { portalProps: { target: portalTarget } } : {})}
        >
          <Popover.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconChartLine size={14} aria-hidden />}
              rightSection={
                count > 0 ? (
                  <Badge size="xs" variant="filled" circle>
                    {count}
                  </Badge>
                ) : undefined
              }
              data-testid="chart-indicators-button"
            >
              {t('tradingChart.chart.indicators.button')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown data-testid="chart-indicators-menu">
            <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
              <Text component="legend" size="sm" fw={600} mb={4}>
                {t('tradingChart.chart.indicators.title')}
              </Text>
              {INDICATORS.map((id) => (
                <Checkbox
                  key={id}
                  size="sm"
                  label={t(`tradingChart.chart.indicators.${id}`)}
                  checked={settings.indicators.includes(id)}
                  onChange={(event) => toggleIndicator(id, event.currentTarget.checked)}
                  data-testid={`chart-indicator-${id}`}
                />
              ))}
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <ActionIcon
          variant="default"
          size="md"
          onClick={onToggleFullscreen}
          aria-label={t(isFullscreen ? 'tradingChart.chart.fullscreen.leave' : 'tradingChart.chart.fullscreen.enter')}
          aria-pressed={isFullscreen}
          title={t(isFullscreen ? 'tradingChart.chart.fullscreen.leave' : 'tradingChart.chart.fullscreen.enter')}
          data-testid="chart-fullscreen"
        >
          {isFullscreen ? <IconMinimize size={16} aria-hidden /> : <IconMaximize size={16} aria-hidden />}
        </ActionIcon>
      </Group>
    </Group>
  );
}
