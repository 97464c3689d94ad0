import { Button, CloseButton, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OnboardingChoice } from '@openbourse/contracts/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMobileUserAgent } from '../../shared/device/device';
import { session } from '../identity/session';
import { useChooseOnboarding, useOnboardingChoice } from './onboarding.api';
import { WithOnboardingTexts } from './onboarding-i18n';
import { demoStartPath } from './tour-steps';

/**
 * The first choice, offered at once to a new user (after registration, and on sign-in until made
 * or dismissed; issue 16, fix 7): start with the 100,000 USDT demo — one click switches to the
 * demo book and starts the ticket tour — or fund the live account. Not a modal: the page stays usable.
 */
export default function WelcomePrompt() {
  return (
    <WithOnboardingTexts>
      <Prompt />
    </WithOnboardingTexts>
  );
}

function Prompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const state = useOnboardingChoice();
  const choose = useChooseOnboarding();
  if (state.data?.choice !== null || state.data === undefined) return null;

  const pick = async (choice: OnboardingChoice) => {
    try {
      await choose.mutateAsync(choice);
    } catch {
      return; // The mutation toast says why; the offer stays.
    }
    if (choice === 'demo') {
      session.setMode('demo');
      // An instrument's ticket and the tour: beside the market list on a desk, on the
      // instrument page (its sticky Buy/Sell bar and bottom sheet) on a phone.
      navigate(demoStartPath(isMobileUserAgent(navigator.userAgent) ? 'phone' : 'desk'));
    } else if (choice === 'live') {
      session.setMode('live');
      navigate('/deposit');
    }
  };

  return (
    <Container size="xl" pt="md">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId} data-testid="welcome-prompt">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap="xs">
            <Title order={2} size="h3" id={headingId}>
              {t('start.welcome.title')}
            </Title>
            <Text size="sm">{t('start.welcome.text')}</Text>
          </Stack>
          <CloseButton
            aria-label={t('start.welcome.dismiss')}
            onClick={() => void pick('dismissed')}
            data-testid="welcome-dismiss"
          />
        </Group>
        <Group mt="md" gap="sm">
          <Button onClick={() => void pick('demo')} loading={choose.isPending} data-testid="welcome-demo">
            {t('start.welcome.demo')}
          </Button>
          <Button variant="light" onClick={() => void pick('live')} data-testid="welcome-live">
            {t('start.welcome.live')}
          </Button>
        </Group>
      </Paper>
    </Container>
  );
}
