import {
  Card,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ColourConvention, useColourConvention } from './trend-colours';

/**
 * The profile's Appearance section (issue 16): the theme (the system's, light or dark) and the
 * rise/fall colours (by language, green up or red up). Both are kept on this device.
 */
export function AppearanceSettings() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { choice, setConvention } = useColourConvention();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="appearance-title" data-testid="appearance">
      <Title order={2} size="h3" id="appearance-title" mb="sm">
        {t('appearance.title')}
      </Title>
      <Stack gap="md">
        <div>
          <Text fw={600} size="sm" id="appearance-theme" mb={6}>
            {t('appearance.theme')}
          </Text>
          <SegmentedControl
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            data={[
              { value: 'auto', label: t('appearance.themeAuto') },
              { value: 'light', label: t('appearance.themeLight') },
              { value: 'dark', label: t('appearance.themeDark') },
            ]}
            aria-labelledby="appearance-theme"
            data-testid="appearance-theme"
            fullWidth
            classNames={{ label: 'ob-segment-label' }}
          />
        </div>
        <div>
          <Text fw={600} size="sm" id="appearance-colours" mb={6}>
            {t('appearance.colours')}
          </Text>
          <SegmentedControl
            value={choice ?? 'language'}
            onChange={(value) => setConvention(value === 'language' ? null : (value as ColourConvention))}
            data={[
              { value: 'language', label: t('appearance.coloursAuto') },
              { value: 'green-up', label: t('appearance.coloursGreenUp') },
              { value: 'red-up', label: t('appearance.coloursRedUp') },
            ]}
            aria-labelledby="appearance-colours"
            aria-describedby="appearance-colours-hint"
            data-testid="appearance-colours"
            // As wide as the card, the labels wrapping: three long labels (Arabic, German) in one
            // row ran past a phone's edge.
            fullWidth
            classNames={{ label: 'ob-segment-label' }}
          />
          <Text size="xs" c="dimmed" mt={6} id="appearance-colours-hint">
            {t('appearance.coloursHint')}
          </Text>
        </div>
      </Stack>
    </Card>
  );
}

/** The theme choices as menu items (the desktop header's account menu). */
export function useThemeChoices(): Array<{
  value: MantineColorScheme;
  label: string;
  current: boolean;
  pick: () => void;
}> {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (['auto', 'light', 'dark'] as const).map((value) => ({
    value,
    label: t(
      value === 'auto' ? 'appearance.themeAuto' : value === 'light' ? 'appearance.themeLight' : 'appearance.themeDark',
    ),
    current: colorScheme === value,
    pick: () => setColorScheme(value),
  }));
}
