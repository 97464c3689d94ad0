import { Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TAdminContentItemDetail } from '@openbourse/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../ui/ConfirmButton';
import { useUpdateItem } from './content-admin.api';
import { reasonOrUndefined } from './content-editor';
import { type ItemPlacement, ItemPlacementFields } from './ItemPlacementFields';
import { ReasonInput } from './ReasonInput';
import { RefusalAlert } from './RefusalAlert';

/**
 * An item's own fields: its footer group (type), its order and whether the public site shows it.
 * The parent keys it by the stored values, so it starts again from them after a save.
 */
export function ItemSettingsForm({ item }: { item: TAdminContentItemDetail }) {
  const { t } = useTranslation();
  const [placement, setPlacement] = useState<ItemPlacement>({
    type: item.type,
    sortOrder: item.sortOrder,
    isPublished: item.isPublished,
  });
  const { type, sortOrder, isPublished } = placement;
  const [reason, setReason] = useState('');
  const update = useUpdateItem(item.id);

  const yesNo = (value: boolean) => (value ? t('admin.content.yes') : t('admin.content.no'));
  const changes = [
    type !== item.type && {
      key: 'type',
      text: t('admin.content.change', {
        field: t('admin.content.item.type'),
        from: t(`admin.content.types.${item.type}`),
        to: t(`admin.content.types.${type}`),
      }),
    },
    sortOrder !== item.sortOrder && {
      key: 'order',
      text: t('admin.content.change', {
        field: t('admin.content.item.order'),
        from: String(item.sortOrder),
        to: String(sortOrder),
      }),
    },
    isPublished !== item.isPublished && {
      key: 'published',
      text: t('admin.content.change', {
        field: t('admin.content.item.published'),
        from: yesNo(item.isPublished),
        to: yesNo(isPublished),
      }),
    },
  ].filter((change) => change !== false);

  const confirm = async () => {
    await update.mutateAsync({
      ...(type !== item.type ? { type } : {}),
      ...(sortOrder !== item.sortOrder ? { sortOrder } : {}),
      ...(isPublished !== item.isPublished ? { isPublished } : {}),
      reason: reasonOrUndefined(reason),
    });
    notifications.show({ color: 'green', message: t('admin.content.item.saved') });
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" wrap="wrap">
        <ItemPlacementFields value={placement} onChange={setPlacement} publishedOffset={{ mb: 8 }} />
        <ConfirmButton
          variant="default"
          disabled={changes.length === 0}
          title={t('admin.content.item.confirmTitle', { slug: item.slug })}
          message={
            <>
              <List size="sm">
                {changes.map((change) => (
                  <List.Item key={change.key}>{change.text}</List.Item>
                ))}
              </List>
              <Text size="sm" mt="sm">
                {t('admin.content.atOnce')}
              </Text>
              <ReasonInput value={reason} onChange={setReason} />
            </>
          }
          onConfirm={confirm}
        >
          {t('admin.content.item.save')}
        </ConfirmButton>
      </Group>
      {update.isError && <RefusalAlert error={update.error} fieldLabels={{}} />}
    </Stack>
  );
}
