import { Alert, Anchor, Button, Card, Code, Container, Stack, Text, Title } from '@mantine/core';
import type { TAddressBookEntry } from '@openbourse/contracts';
import { withdrawalsEndpoints } from '@openbourse/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { EntryState } from './AddressBookPage';
import { WithPaymentsTexts } from './payments-i18n';

/**
 * `/profile/withdrawal-addresses/confirm?token=…`, the e-mailed link. Opening it changes nothing
 * (mail scanners open links): only the button confirms the address.
 */
export default function ConfirmAddressPage() {
  return (
    <WithPaymentsTexts>
      <ConfirmAddress />
    </WithPaymentsTexts>
  );
}

function ConfirmAddress() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [isSending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState<TAddressBookEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    try {
      setConfirmed(await callApi(withdrawalsEndpoints.confirmWithdrawalAddress, { body: { token } }));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="md">
        {t('payments.book.confirmTitle')}
      </Title>
      <Card withBorder padding="lg">
        {token === '' ? (
          <Alert color="red" role="alert" data-testid="confirm-no-token">
            {t('payments.book.confirmNoToken')}
          </Alert>
        ) : confirmed ? (
          <Stack gap="sm" data-testid="confirm-done">
            <Alert color="teal" role="status">
              {t('payments.book.confirmDone')}
            </Alert>
            <Text size="sm" c="dimmed">
              {confirmed.networkLabel}
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
              {confirmed.address}
            </Code>
            <EntryState entry={confirmed} />
            <Anchor component={Link} to="/profile/withdrawal-addresses" w="fit-content">
              {t('payments.book.title')}
            </Anchor>
          </Stack>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>{t('payments.book.confirmText')}</Text>
            <Button loading={isSending} onClick={() => void confirm()} data-testid="confirm-address">
              {t('payments.book.confirmButton')}
            </Button>
            {failure && (
              <Alert color="red" role="alert" data-testid="confirm-error">
                {failure}
              </Alert>
            )}
          </Stack>
        )}
      </Card>
    </Container>
  );
}
