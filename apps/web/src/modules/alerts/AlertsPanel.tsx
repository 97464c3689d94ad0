import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { AlertDirection, TAlert } from '@openbourse/contracts';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/errors';
import { QueryState } from '../../shared/ui/QueryState';
import { formatPrice, formatQuantity, NO_VALUE } from '../market/format';
import { useMarketInfo } from '../market/market.api';
import { useAllMarkets } from '../market/use-all-markets';
import { useLivePrices } from '../market/use-live-prices';
import { useLocale } from '../market/use-locale';
import { useAlerts, useCreateAlert, useDeleteAlert } from './alerts.api';

const PRICE = /^\d{1,20}(\.\d{1,12})?$/;

/**
 * The user's price alerts (issue 16), in the positions dock: set one (instrument, above or below,
 * the price prefilled with the current one), the list with each alert's state, and delete with a
 * confirmation. A fired alert arrives over the socket; the layout's AlertToasts toasts it and has
 * the list read again, so its status changes live. Its texts (`alerts.panel.*`) are loaded by
 * the dock, which shows the Alerts tab only once they are in.
 */
export default function AlertsPanel({ code }: { code: string | null }) {
  return (
    <Stack gap="md" data-testid="alerts-panel">
      <CreateAlertForm initialCode={code} />
      <AlertList />
    </Stack>
  );
}

function CreateAlertForm({ initialCode }: { initialCode: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const markets = useAllMarkets();
  const [code, setCode] = useState<string | null>(initialCode);
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [price, setPrice] = useState('');
  /** The instrument whose current price was put in the field (typed prices are never overwritten). */
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const create = useCreateAlert();
  const formId = useId();

  useEffect(() => {
    if (initialCode) setCode(initialCode);
  }, [initialCode]);
  const firstCode = markets.items[0]?.code ?? null;
  useEffect(() => {
    if (code === null && firstCode !== null) setCode(firstCode);
  }, [code, firstCode]);

  const info = useMarketInfo(code);
  const live = useLivePrices(info.data ? [info.data] : undefined, info.dataUpdatedAt)?.[0];
  const current = live && live.code === code ? live.price : null;
  useEffect(() => {
    if (code !== null && current !== null && prefilledFor !== code) {
      setPrice(current);
      setPrefilledFor(code);
    }
  }, [code, current, prefilledFor]);

  const options = useMemo(
    () => markets.items.map((item) => ({ value: item.code, label: `${item.code} · ${item.appName}` })),
    [markets.items],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const typed = price.trim();
    if (!code) return;
    if (!PRICE.test(typed)) {
      setProblem(t('alerts.panel.priceRequired'));
      return;
    }
    setProblem(null);
    create.mutate(
      { code, direction, price: typed },
      {
        onSuccess: (alert) =>
          setDone(
            t('alerts.panel.createdToast', {
              code: alert.code,
              direction: t(`alerts.panel.${alert.direction}`),
              price: formatQuantity(alert.price, locale, 12),
            }),
          ),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${formId}-title`} data-testid="alert-form" noValidate>
      <Stack gap="xs">
        <Text fw={600} id={`${formId}-title`}>
          {t('alerts.panel.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('alerts.panel.intro')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('alerts.panel.instrument')}
            data={options}
            value={code}
            onChange={(value) => {
              if (value) setCode(value);
              setProblem(null);
            }}
            searchable
            allowDeselect={false}
            nothingFoundMessage={NO_VALUE}
            w={{ base: '100%', xs: 240 }}
            data-testid="alert-code"
          />
          <div>
            <Text component="label" size="sm" fw={500} display="block" id={`${formId}-direction`} mb={4}>
              {t('alerts.panel.direction')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${formId}-direction`}
              value={direction}
              onChange={(value) => {
                setDirection(value === 'below' ? 'below' : 'above');
                setProblem(null);
              }}
              data={[
                { value: 'above', label: t('alerts.panel.above') },
                { value: 'below', label: t('alerts.panel.below') },
              ]}
              data-testid="alert-direction"
            />
          </div>
          <TextInput
            label={t('alerts.panel.price')}
            value={price}
            onChange={(event) => {
              setPrice(event.currentTarget.value);
              setProblem(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            description={
              current !== null && info.data
                ? t('alerts.panel.currentPrice', { price: formatPrice(current, info.data.precision, locale) })
                : undefined
            }
            error={problem !== null}
            aria-describedby={problem ? `${formId}-problem` : undefined}
            w={{ base: '100%', xs: 200 }}
            className="ob-amount"
            data-testid="alert-price"
          />
          <Button type="submit" loading={create.isPending} disabled={!code} data-testid="alert-create">
            {t('alerts.panel.create')}
          </Button>
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert" id={`${formId}-problem`} data-testid="alert-problem">
            {problem}
          </Text>
        )}
        <Text size="sm" c="dimmed" role="status" data-testid="alert-created">
          {done ?? ''}
        </Text>
      </Stack>
    </form>
  );
}

function AlertList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const [toDelete, setToDelete] = useState<TAlert | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }), [locale]);
  const priceText = (value: string) => formatQuantity(value, locale, 12);
  const describe = (alert: TAlert) => ({
    code: alert.code,
    direction: t(`alerts.panel.${alert.direction}`),
    price: priceText(alert.price),
  });

  const confirmDelete = () => {
    if (!toDelete) return;
    setFailure(null);
    remove.mutate(toDelete.id, {
      onSuccess: () => setToDelete(null),
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  return (
    <>
      <QueryState query={alerts}>
        {(data) =>
          data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="md" data-testid="alerts-empty">
              {t('alerts.panel.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped data-testid="alerts-table">
                <Table.Caption className="ob-visually-hidden">{t('alerts.panel.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('alerts.panel.instrument')}</Table.Th>
                    <Table.Th scope="col">{t('alerts.panel.direction')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('alerts.panel.price')}
                    </Table.Th>
                    <Table.Th scope="col">{t('alerts.panel.status')}</Table.Th>
                    <Table.Th scope="col">{t('alerts.panel.created')}</Table.Th>
                    <Table.Th scope="col">{t('alerts.panel.fired')}</Table.Th>
                    <Table.Th scope="col">
                      <span className="ob-visually-hidden">{t('alerts.panel.actions')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((alert) => (
                    <Table.Tr key={alert.id} data-testid={`alert-row-${alert.id}`} data-status={alert.status}>
                      <Table.Th scope="row">{alert.code}</Table.Th>
                      <Table.Td>{t(`alerts.panel.${alert.direction}`)}</Table.Td>
                      <Table.Td ta="end" className="ob-amount">
                        {priceText(alert.price)}
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          color={alert.status === 'fired' ? 'orange.6' : 'teal.9'}
                          autoContrast
                          variant="filled"
                          data-testid="alert-status"
                        >
                          {alert.status === 'fired' ? t('alerts.panel.firedStatus') : t('alerts.panel.active')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{date.format(new Date(alert.createdAt))}</Table.Td>
                      <Table.Td>
                        {alert.firedAt ? (
                          <Stack gap={0}>
                            <span>{date.format(new Date(alert.firedAt))}</span>
                            {alert.firedPrice && (
                              <Text size="xs" c="dimmed" className="ob-amount">
                                {t('alerts.panel.firedAt', { price: priceText(alert.firedPrice) })}
                              </Text>
                            )}
                          </Stack>
                        ) : (
                          NO_VALUE
                        )}
                      </Table.Td>
                      <Table.Td ta="end">
                        <Button
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          onClick={() => {
                            setFailure(null);
                            setToDelete(alert);
                          }}
                          aria-label={t('alerts.panel.deleteLabel', describe(alert))}
                          data-testid="alert-delete"
                        >
                          {t('alerts.panel.delete')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('alerts.panel.confirmTitle')}
        centered
      >
        <Stack gap="sm">
          {toDelete && <Text size="sm">{t('alerts.panel.confirmBody', describe(toDelete))}</Text>}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)}>
              {t('alerts.panel.confirmCancel')}
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={confirmDelete} data-testid="alert-delete-confirm">
              {t('alerts.panel.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
