import { Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { THoursClosure } from '@openbourse/contracts';
import { LANGUAGE_BCP47, marketAdminEndpoints, marketHoursEndpoints } from '@openbourse/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../shared/api/client';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { QueryState } from '../../../shared/ui/QueryState';
import { AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { closureWindowProblem, localInputValue, REASON_MIN } from './trading-hours';

const HOUR_MS = 3_600_000;
const STATE_COLOURS: Record<THoursClosure['state'], string> = {
  active: 'red',
  upcoming: 'yellow',
  ended: 'gray',
  cancelled: 'gray',
};

function useDateTimeFormat() {
  return new Intl.DateTimeFormat(LANGUAGE_BCP47[currentLanguage()], { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Trading-hours overrides (#14): an admin closes one instrument for a window its schedule has
 * open — an exchange outage, an unscheduled holiday — and lifts it early when it is over. Times
 * are entered and shown in the operator's own time zone and sent as instants.
 */
export function TradingHoursTab() {
  const { t } = useTranslation();
  const instruments = useQuery({
    queryKey: ['admin', 'settings', 'instruments'],
    queryFn: ({ signal }) => callApi(marketAdminEndpoints.instruments, { signal }),
  });
  const [code, setCode] = useState<string | null>(null);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('admin.hours.intro')}
      </Text>
      <QueryState query={instruments}>
        {(data) => (
          <Select
            label={t('admin.hours.instrument')}
            placeholder={t('admin.hours.instrumentPlaceholder')}
            searchable
            maw={360}
            data={data.items.map((item) => ({ value: item.code, label: `${item.code} · ${item.name}` }))}
            value={code}
            onChange={setCode}
            nothingFoundMessage={t('admin.hours.noInstrument')}
          />
        )}
      </QueryState>
      {code && <InstrumentClosures code={code} />}
    </Stack>
  );
}

function InstrumentClosures({ code }: { code: string }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const queryClient = useQueryClient();
  const closures = useQuery({
    queryKey: ['admin', 'settings', 'closures', code],
    queryFn: ({ signal }) => callApi(marketHoursEndpoints.closures, { params: { code }, signal }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'closures', code] });
  const lift = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(marketHoursEndpoints.cancelClosure, { params: { code, id }, body: { reason } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('admin.hours.lifted', { code }), autoClose: 3000 });
      void refresh();
    },
  });
  return (
    <Stack>
      <NewClosure code={code} onCreated={() => void refresh()} />
      <Title order={2} size="h4">
        {t('admin.hours.listTitle', { code })}
      </Title>
      <QueryState query={closures}>
        {(data) => (
          <AdminTable<THoursClosure>
            caption={t('admin.hours.listTitle', { code })}
            rows={data.items}
            rowKey={(row) => row.id}
            empty={t('admin.hours.empty')}
            columns={[
              {
                key: 'from',
                header: t('admin.hours.from'),
                render: (row) => format.format(new Date(row.startsAt)),
                sortValue: (row) => row.startsAt,
              },
              {
                key: 'until',
                header: t('admin.hours.until'),
                render: (row) => format.format(new Date(row.endsAt)),
                sortValue: (row) => row.endsAt,
              },
              {
                key: 'state',
                header: t('admin.hours.state'),
                render: (row) => (
                  <Badge color={STATE_COLOURS[row.state]} variant="light">
                    {t(`admin.hours.states.${row.state}`)}
                  </Badge>
                ),
                sortValue: (row) => row.state,
              },
              { key: 'reason', header: t('admin.hours.reason'), render: (row) => row.reason },
              { key: 'by', header: t('admin.hours.by'), render: (row) => row.createdBy ?? '—' },
              {
                key: 'actions',
                header: t('admin.hours.actions'),
                render: (row) =>
                  row.state === 'active' || row.state === 'upcoming' ? (
                    <LiftButton closure={row} onLift={(reason) => lift.mutateAsync({ id: row.id, reason })} />
                  ) : null,
              },
            ]}
          />
        )}
      </QueryState>
    </Stack>
  );
}

function LiftButton({ closure, onLift }: { closure: THoursClosure; onLift: (reason: string) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  const tooShort = reason.trim().length < REASON_MIN;
  return (
    <ConfirmButton
      size="xs"
      variant="light"
      title={t('admin.hours.liftTitle', { code: closure.code })}
      confirmLabel={t('admin.hours.lift')}
      message={
        <>
          <Text size="sm">{t('admin.hours.liftMessage', { code: closure.code })}</Text>
          <Textarea
            mt="sm"
            label={t('admin.hours.liftReason')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={isProblemShown && tooShort ? t('admin.hours.reasonTooShort', { min: REASON_MIN }) : null}
            data-autofocus
          />
        </>
      }
      onConfirm={async () => {
        if (tooShort) {
          setProblemShown(true);
          throw new Error('reason too short');
        }
        await onLift(reason.trim());
      }}
    >
      {t('admin.hours.lift')}
    </ConfirmButton>
  );
}

function NewClosure({ code, onCreated }: { code: string; onCreated: () => void }) {
  const { t } = useTranslation();
  const format = useDateTimeFormat();
  const [startsAt, setStartsAt] = useState(() => localInputValue(new Date()));
  const [endsAt, setEndsAt] = useState(() => localInputValue(new Date(Date.now() + HOUR_MS)));
  const [reason, setReason] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  const problem = closureWindowProblem(startsAt, endsAt, reason, Date.now());
  const create = useMutation({
    mutationFn: () =>
      callApi(marketHoursEndpoints.createClosure, {
        params: { code },
        body: {
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          reason: reason.trim(),
        },
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('admin.hours.created', { code }), autoClose: 3000 });
      setReason('');
      setProblemShown(false);
      onCreated();
    },
  });
  const describe = (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : format.format(date);
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="hours-new-closure">
      <Title order={2} size="h4" id="hours-new-closure" mb="sm">
        {t('admin.hours.newTitle', { code })}
      </Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          type="datetime-local"
          label={t('admin.hours.from')}
          value={startsAt}
          onChange={(event) => setStartsAt(event.currentTarget.value)}
          required
        />
        <TextInput
          type="datetime-local"
          label={t('admin.hours.until')}
          value={endsAt}
          onChange={(event) => setEndsAt(event.currentTarget.value)}
          required
          error={isProblemShown && problem && problem !== 'reasonTooShort' ? t(`admin.hours.${problem}`) : null}
        />
        <Textarea
          label={t('admin.hours.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          required
          autosize
          minRows={1}
          maxLength={500}
          miw={260}
          error={
            isProblemShown && problem === 'reasonTooShort' ? t('admin.hours.reasonTooShort', { min: REASON_MIN }) : null
          }
        />
      </Group>
      <Group mt="md">
        {problem ? (
          <Button color="red" variant="light" onClick={() => setProblemShown(true)}>
            {t('admin.hours.close')}
          </Button>
        ) : (
          <ConfirmButton
            color="red"
            variant="light"
            title={t('admin.hours.closeTitle', { code })}
            confirmLabel={t('admin.hours.close')}
            message={t('admin.hours.closeMessage', { code, from: describe(startsAt), until: describe(endsAt) })}
            onConfirm={() => create.mutateAsync()}
          >
            {t('admin.hours.close')}
          </ConfirmButton>
        )}
      </Group>
    </Card>
  );
}
