import { Alert, Anchor, Button, Drawer, Group, List, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/errors';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { ConfirmButton } from '../ui/ConfirmButton';
import { ItemFactsList, ItemFiles } from './QueueItemFacts';
import { StatusBadge, useAmountText, useLocale, useMe } from './queue-parts';
import { firstApprover, hasApproved, nextApproval, type QueueItem, rejectionReasons } from './queue-rules';
import { type Decision, useQueueDecision } from './queues.api';

type Props = {
  /** The item shown; null closes the drawer. */
  item: QueueItem | null;
  kindName: string;
  onClose: () => void;
  /** The server's answer to a claim or decision: the item as it now is. */
  onAnswer: (item: QueueItem) => void;
  operatorName: (id: string) => string;
  userName: (id: string) => string;
  /** The reasons the server listed with the kind's items, in the reader's language. */
  reasons?: ReadonlyArray<{ code: string; text: string }>;
};

/** One review item's facts and, while it is pending, its claim, approval and rejection (#14). */
export function QueueItemDrawer({ item, kindName, onClose, onAnswer, operatorName, userName, reasons }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      // An identity verification's photos sit side by side: a wider drawer.
      size={item?.kind === 'kyc' ? 'xl' : 'lg'}
      title={item ? t('admin.queues.item.title', { kind: kindName, id: item.id }) : ''}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {item && (
        <ItemDetails
          key={item.id}
          item={item}
          kindName={kindName}
          onAnswer={onAnswer}
          operatorName={operatorName}
          userName={userName}
          reasons={reasons}
        />
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed" w={150} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function ItemDetails({
  item,
  kindName,
  onAnswer,
  operatorName,
  userName,
  reasons,
}: {
  item: QueueItem;
  kindName: string;
  onAnswer: (item: QueueItem) => void;
  operatorName: (id: string) => string;
  userName: (id: string) => string;
  reasons: ReadonlyArray<{ code: string; text: string }> | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useMe();
  const amountText = useAmountText();
  const decision = useQueueDecision();
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }), [locale]);
  const when = (iso: string) => time.format(new Date(iso));
  const amount = amountText(item);
  const first = firstApprover(item);

  const act: Act = async (run, success) => {
    const next = await decision.mutateAsync({ kind: item.kind, id: item.id, decision: run });
    onAnswer(next);
    notifications.show({ color: 'green', message: success(next) });
  };

  return (
    <Stack gap="md">
      <Stack component="dl" gap={6} m={0}>
        <Fact label={t('admin.queues.item.status')}>
          <StatusBadge status={item.status} />
        </Fact>
        <Fact label={t('admin.queues.item.user')}>
          <Anchor component={Link} to={`/admin/users/${item.userId}`} size="sm">
            {userName(item.userId)}
          </Anchor>
        </Fact>
        <Fact label={t('admin.queues.item.summary')}>{item.summary}</Fact>
        <Fact label={t('admin.queues.item.amount')}>{amount ?? t('admin.queues.noAmount')}</Fact>
        <Fact label={t('admin.queues.item.requestedBy')}>
          {item.requestedBy ? operatorName(item.requestedBy) : t('admin.queues.item.system')}
        </Fact>
        <Fact label={t('admin.queues.item.created')}>{when(item.createdAt)}</Fact>
        <Fact label={t('admin.queues.item.approvals')}>
          <Stack gap={2}>
            <span>
              {t('admin.queues.approvalsCount', { count: item.approvals.length, required: item.requiredApprovals })}
            </span>
            {item.approvals.length > 0 && (
              <List size="sm" spacing={2}>
                {item.approvals.map((approval) => (
                  <List.Item key={`${approval.operatorId}-${approval.at}`}>
                    {t('admin.queues.item.approvedAt', {
                      operator: operatorName(approval.operatorId),
                      time: when(approval.at),
                    })}
                    {approval.operatorId === item.requestedBy && ` ${t('admin.queues.item.byRequest')}`}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Fact>
        <Fact label={t('admin.queues.item.claimedBy')}>
          {item.claimedBy && item.claimedAt
            ? t('admin.queues.item.claimedAt', { operator: operatorName(item.claimedBy), time: when(item.claimedAt) })
            : t('admin.queues.notClaimed')}
        </Fact>
        {item.decidedBy && item.decidedAt && (
          <Fact label={t('admin.queues.item.decidedBy')}>
            {t('admin.queues.item.decidedAt', { operator: operatorName(item.decidedBy), time: when(item.decidedAt) })}
          </Fact>
        )}
        {item.rejection && (
          <>
            <Fact label={t('admin.queues.item.rejectionReason')}>{item.rejection.reasonText}</Fact>
            {item.rejection.note && <Fact label={t('admin.queues.item.rejectionNote')}>{item.rejection.note}</Fact>}
          </>
        )}
      </Stack>

      <ItemFactsList item={item} />
      <ItemFiles item={item} />

      {first && item.status === 'pending' && (
        <Alert color="blue" data-testid="queue-item-waiting">
          {t('admin.queues.item.waitingForSecond', { operator: operatorName(first) })}
        </Alert>
      )}

      {decision.isError && (
        <Alert color="red" title={t('admin.queues.item.notDone')} role="alert">
          {errorMessage(decision.error)}
        </Alert>
      )}

      {item.status === 'pending' ? (
        <PendingActions
          item={item}
          me={me}
          kindName={kindName}
          amount={amount}
          first={first}
          operatorName={operatorName}
          isBusy={decision.isPending}
          act={act}
          served={reasons}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('admin.queues.item.decided')}
        </Text>
      )}
    </Stack>
  );
}

type Act = (decision: Decision, success: (next: QueueItem) => string) => Promise<void>;

function PendingActions({
  item,
  me,
  kindName,
  amount,
  first,
  operatorName,
  isBusy,
  act,
  served,
}: {
  item: QueueItem;
  me: string | null;
  kindName: string;
  amount: string | null;
  first: string | null;
  operatorName: (id: string) => string;
  isBusy: boolean;
  act: Act;
  served: ReadonlyArray<{ code: string; text: string }> | undefined;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reasons = rejectionReasons(item.kind, currentLanguage(), served);
  const isMine = me !== null && item.claimedBy === me;
  const alreadyApproved = me !== null && hasApproved(item, me);
  const step = nextApproval(item);
  const names = { kind: kindName, id: item.id, summary: item.summary, userId: item.userId };

  const approveMessage = (
    <Stack gap="xs">
      <Text size="sm">
        {amount
          ? t('admin.queues.approve.message', { ...names, amount })
          : t('admin.queues.approve.messageNoAmount', names)}
      </Text>
      <Text size="sm" fw={600} data-testid="approve-step">
        {step.effect === 'records'
          ? step.ordinal === 1 && step.required === 2
            ? t('admin.queues.approve.firstOfTwo')
            : t('admin.queues.approve.recorded', { count: step.ordinal, required: step.required })
          : step.required === 2 && first
            ? t('admin.queues.approve.secondOfTwo', { operator: operatorName(first) })
            : t('admin.queues.approve.decides')}
      </Text>
    </Stack>
  );

  const rejectMessage = (
    <Stack gap="sm">
      <Text size="sm">{t('admin.queues.reject.message', names)}</Text>
      <NativeSelect
        label={t('admin.queues.reject.reason')}
        required
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setReasonError(null);
        }}
        error={reasonError}
        data={[{ value: '', label: t('admin.queues.reject.reasonPlaceholder'), disabled: true }, ...reasons]}
      />
      <Textarea
        label={t('admin.queues.reject.note')}
        description={t('admin.queues.reject.noteDescription')}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={1000}
        autosize
        minRows={2}
        maxRows={6}
      />
    </Stack>
  );

  return (
    <Stack gap="sm">
      {item.claimedBy && (
        <Text size="sm">
          {isMine
            ? t('admin.queues.item.claimedByYou')
            : t('admin.queues.item.claimedByOther', { operator: operatorName(item.claimedBy) })}
        </Text>
      )}
      {alreadyApproved && (
        <Alert color="yellow" id={`approved-note-${item.id}`}>
          {t('admin.queues.approve.alreadyApproved')}
        </Alert>
      )}
      {reasons.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.queues.reject.noReasons')}
        </Text>
      )}
      <Group gap="sm">
        {!isMine && (
          <Button
            variant="default"
            loading={isBusy}
            onClick={() =>
              void act({ action: 'claim' }, () => t('admin.queues.claim.success', { id: item.id })).catch(() => {
                // The refusal is toasted and shown above.
              })
            }
          >
            {t('admin.queues.claim.button')}
          </Button>
        )}
        <ConfirmButton
          // White on green.8 is 3.4:1; teal.9 keeps the approving colour at 5:1 in both themes.
          color="teal.9"
          disabled={alreadyApproved || isBusy}
          aria-describedby={alreadyApproved ? `approved-note-${item.id}` : undefined}
          title={t('admin.queues.approve.title', names)}
          message={approveMessage}
          confirmLabel={t('admin.queues.approve.confirm')}
          onConfirm={() =>
            act({ action: 'approve' }, (next) =>
              next.status === 'approved'
                ? t('admin.queues.approve.successDecided', { id: item.id })
                : t('admin.queues.approve.successRecorded', { id: item.id }),
            )
          }
        >
          {t('admin.queues.approve.button')}
        </ConfirmButton>
        <ConfirmButton
          color="red"
          variant="outline"
          disabled={reasons.length === 0 || isBusy}
          title={t('admin.queues.reject.title', names)}
          message={rejectMessage}
          confirmLabel={t('admin.queues.reject.confirm')}
          onConfirm={async () => {
            if (!reason) {
              setReasonError(t('admin.queues.reject.reasonRequired'));
              throw new Error('reason required');
            }
            await act({ action: 'reject', reason, ...(note.trim() ? { note: note.trim() } : {}) }, () =>
              t('admin.queues.reject.success', { id: item.id }),
            );
          }}
        >
          {t('admin.queues.reject.button')}
        </ConfirmButton>
      </Group>
    </Stack>
  );
}
