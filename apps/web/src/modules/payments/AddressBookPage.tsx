import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TAddressBookEntry, TWalletPublicConfig } from '@openbourse/contracts';
import { withdrawalsEndpoints } from '@openbourse/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { QueryState } from '../../shared/ui/QueryState';
import { useLocale } from '../market/use-locale';
import { PaymentsScreen, StatusBadge } from './parts';
import { paymentsKeys, useAddressBook, useWalletConfig } from './payments.api';
import { addressFormatOf, looksLikeAddress } from './payments-logic';

/** `/profile/withdrawal-addresses`: the addresses withdrawals may pay to, each confirmed by e-mail and then cooled. */
export default function AddressBookPage() {
  return (
    <PaymentsScreen screen="book">
      <AddressBook />
    </PaymentsScreen>
  );
}

function AddressBook() {
  const { t } = useTranslation();
  const config = useWalletConfig();
  return (
    <Stack gap="lg">
      <QueryState query={config}>{(data) => <AddAddress config={data} />}</QueryState>
      <Entries />
      <Anchor component={Link} to="/withdraw" w="fit-content">
        {t('payments.book.toWithdraw')}
      </Anchor>
    </Stack>
  );
}

function AddAddress({ config }: { config: TWalletPublicConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const networks = config.networks;
  const [network, setNetwork] = useState(networks[0]?.network ?? '');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const format = addressFormatOf(network);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    if (!looksLikeAddress(network, address)) {
      setAddressError(t(`payments.book.formatHints.${format}`));
      return;
    }
    setAddressError(null);
    setSending(true);
    try {
      await callApi(withdrawalsEndpoints.addWithdrawalAddress, {
        body: { network: network as TAddressBookEntry['network'], address: address.trim(), label: label.trim() },
      });
      setAddress('');
      setLabel('');
      setOutcome({ ok: true, message: t('payments.book.added') });
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.addressBook });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="book-add-title">
      <Title order={2} size="h3" id="book-add-title" mb="sm">
        {t('payments.book.addTitle')}
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('payments.common.network')}
              value={network}
              onChange={(event) => {
                setNetwork(event.currentTarget.value);
                setAddressError(null);
              }}
              data={networks.map((item) => ({ value: item.network, label: item.label }))}
              data-testid="book-network"
            />
            <TextInput
              label={t('payments.book.label')}
              description={t('payments.book.labelHint')}
              maxLength={60}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
              data-testid="book-label"
            />
          </SimpleGrid>
          <TextInput
            label={t('payments.book.address')}
            description={t(`payments.book.formatHints.${format}`)}
            spellCheck={false}
            autoComplete="off"
            value={address}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onBlur={() =>
              setAddressError(
                address && !looksLikeAddress(network, address) ? t(`payments.book.formatHints.${format}`) : null,
              )
            }
            error={addressError}
            required
            data-testid="book-address"
          />
          <Button type="submit" loading={isSending} w="fit-content" data-testid="book-add">
            {t('payments.book.add')}
          </Button>
          {outcome && (
            <Alert
              color={outcome.ok ? 'teal' : 'red'}
              role={outcome.ok ? 'status' : 'alert'}
              data-testid="book-outcome"
            >
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** Why an entry cannot be used yet, and until when. */
export function EntryState({ entry }: { entry: TAddressBookEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (entry.status === 'unconfirmed') return <Text size="sm">{t('payments.book.whyUnconfirmed')}</Text>;
  if (entry.status === 'cooling') {
    return (
      <Text size="sm">
        {t('payments.book.whyCooling', { until: entry.usableAt ? time.format(new Date(entry.usableAt)) : '—' })}
      </Text>
    );
  }
  return null;
}

function Entries() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const book = useAddressBook();
  const [toDelete, setToDelete] = useState<TAddressBookEntry | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setFailure(null);
    try {
      await callApi(withdrawalsEndpoints.deleteWithdrawalAddress, { params: { id: toDelete.id } });
      setToDelete(null);
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.addressBook });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="book-list-title">
      <Title order={2} size="h3" id="book-list-title" mb="sm">
        {t('payments.book.listTitle')}
      </Title>
      <QueryState query={book}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="md" data-testid="book-empty">
              {t('payments.book.empty')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" className="ob-plain-list" data-testid="book-list">
              {data.items.map((entry) => (
                <Card
                  key={entry.id}
                  withBorder
                  padding="sm"
                  component="li"
                  data-testid="book-entry"
                  data-status={entry.status}
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600}>{entry.label || t('payments.book.noLabel')}</Text>
                    <StatusBadge status={entry.status} testId="book-entry-status" />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {entry.networkLabel}
                  </Text>
                  <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }} my={4}>
                    {entry.address}
                  </Code>
                  <EntryState entry={entry} />
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    mt={4}
                    w="fit-content"
                    onClick={() => setToDelete(entry)}
                    aria-label={t('payments.book.deleteNamed', { name: entry.label || entry.address })}
                  >
                    {t('payments.book.delete')}
                  </Button>
                </Card>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('payments.book.deleteTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('payments.book.deleteText')}</Text>
          {toDelete && (
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
              {toDelete.address}
            </Code>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('payments.common.cancel')}
            </Button>
            <Button color="red" loading={isDeleting} onClick={() => void remove()} data-testid="book-delete-confirm">
              {t('payments.book.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
