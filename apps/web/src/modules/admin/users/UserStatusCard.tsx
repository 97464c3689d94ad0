import { Group, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminUserDetail } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../ui/ConfirmButton';
import { UserCard } from './UserCard';
import { StatusBadge } from './user-badges';
import { REASON_MAX, REASON_MIN, reasonProblem } from './user-rules';
import { useSetUserStatus } from './users.api';

/**
 * The user's status, and for an admin the button that disables or enables them with a written
 * reason (kept in the audit log). Disabling ends every session of the user at once.
 */
export function UserStatusCard({
  user,
  canChange,
  isSelf,
}: {
  user: TAdminUserDetail;
  canChange: boolean;
  isSelf: boolean;
}) {
  const { t } = useTranslation();
  const setStatus = useSetUserStatus(user.id);
  const [reason, setReason] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  const next = user.status === 'active' ? 'disabled' : 'active';
  const problem = reasonProblem(reason);
  const action = next === 'disabled' ? 'disable' : 'enable';

  const confirm = async () => {
    if (problem) {
      // The field says why; the dialog stays open for the reason.
      setProblemShown(true);
      throw new Error(problem);
    }
    await setStatus.mutateAsync({ status: next, reason: reason.trim() });
    notifications.show({
      color: 'green',
      message: t(`admin.users.statusCard.done.${action}`, { name: user.userName }),
      autoClose: 4000,
    });
    setReason('');
    setProblemShown(false);
  };

  return (
    <UserCard title={t('admin.users.statusCard.title')}>
      <Group gap="sm">
        <StatusBadge status={user.status} />
        {user.status === 'disabled' && (
          <Text size="sm" c="dimmed">
            {t('admin.users.statusCard.disabledHint')}
          </Text>
        )}
      </Group>
      {canChange && isSelf && next === 'disabled' && (
        <Text size="sm" c="dimmed">
          {t('admin.users.statusCard.notSelf')}
        </Text>
      )}
      {canChange && !(isSelf && next === 'disabled') && (
        <ConfirmButton
          // A new status remounts the button, so its closing dialog never shows the opposite action.
          key={user.status}
          w="fit-content"
          color={next === 'disabled' ? 'red' : 'teal'}
          confirmColor={next === 'disabled' ? 'red.9' : 'teal.9'}
          variant="light"
          title={t(`admin.users.statusCard.${action}Title`, { name: user.userName })}
          confirmLabel={t(`admin.users.statusCard.${action}`)}
          message={
            <>
              <Text size="sm">{t(`admin.users.statusCard.${action}Message`, { name: user.userName })}</Text>
              <Textarea
                mt="sm"
                label={t('admin.users.statusCard.reason')}
                description={t('admin.users.statusCard.reasonHint', { min: REASON_MIN, max: REASON_MAX })}
                required
                rows={3}
                maxLength={REASON_MAX}
                value={reason}
                data-autofocus
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  if (isProblemShown && !reasonProblem(event.currentTarget.value)) setProblemShown(false);
                }}
                onBlur={() => {
                  if (reason !== '' && problem) setProblemShown(true);
                }}
                error={isProblemShown && problem ? t(`admin.users.statusCard.${problem}`, { min: REASON_MIN }) : null}
              />
            </>
          }
          onConfirm={confirm}
        >
          {t(`admin.users.statusCard.${action}`)}
        </ConfirmButton>
      )}
      {!canChange && (
        <Text size="sm" c="dimmed">
          {t('admin.users.adminOnly')}
        </Text>
      )}
    </UserCard>
  );
}
