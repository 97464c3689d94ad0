import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../identity/session';
import { MyOptionsList } from './MyOptions';
import { OptionsScreen, RiskWarning } from './parts';

/**
 * /options (issue 19): all the user's options in the current book (live or demo, the app's
 * switch): the open ones valued at the current bid with their P&L and the way to sell them back,
 * the ended ones with their close or settlement. Options are bought from an instrument's chain.
 */
export default function OptionsPage() {
  return (
    <OptionsScreen testId="options-page">
      <MyOptionsPage />
    </OptionsScreen>
  );
}

function MyOptionsPage() {
  const { t } = useTranslation();
  const { token, mode } = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('options.mine.title')}
        </Title>
        <Text c="dimmed">{t('options.mine.intro')}</Text>
        {token && (
          <Text size="sm" c="dimmed" mt={4} data-testid="options-page-book">
            {t(mode === 'demo' ? 'options.mine.bookDemo' : 'options.mine.bookLive')}
          </Text>
        )}
      </div>
      <RiskWarning />
      {token ? (
        <MyOptionsList />
      ) : (
        <Alert color="blue" role="status" title={t('options.mine.signInTitle')} data-testid="options-sign-in">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('options.mine.signIn')}</Text>
            <Button component={Link} to="/pass/login" state={{ from: '/options' }} size="sm">
              {t('options.mine.signInAction')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Button component={Link} to="/market" variant="subtle" w="fit-content">
        {t('options.mine.toMarkets')}
      </Button>
    </Stack>
  );
}
