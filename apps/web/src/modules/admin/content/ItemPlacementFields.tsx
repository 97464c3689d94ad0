import { Checkbox, NativeSelect, NumberInput } from '@mantine/core';
import type { ContentType } from '@openbourse/contracts';
import { useTranslation } from 'react-i18next';
import { CONTENT_TYPE_CHOICES } from './content-editor';

/** The contract's bounds of an item's order. */
const ORDER_LIMIT = 1_000_000;

/** Where an item stands: its footer group (type), its order and whether the public site shows it. */
export type ItemPlacement = { type: ContentType; sortOrder: number; isPublished: boolean };

function typeFrom(value: string): ContentType {
  return CONTENT_TYPE_CHOICES.find((type) => String(type) === value) ?? 3;
}

/**
 * The fields of an item's placement, for the new item's form and an item's settings: the type,
 * the order and "published". They sit in the caller's row; `publishedOffset` lines the checkbox
 * up with the inputs beside it (their labels above, so it needs a margin).
 */
export function ItemPlacementFields({
  value,
  onChange,
  publishedOffset,
}: {
  value: ItemPlacement;
  onChange: (value: ItemPlacement) => void;
  publishedOffset: { mt: number } | { mb: number };
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('admin.content.item.type')}
        value={String(value.type)}
        onChange={(event) => onChange({ ...value, type: typeFrom(event.currentTarget.value) })}
        data={CONTENT_TYPE_CHOICES.map((type) => ({
          value: String(type),
          label: t(`admin.content.types.${type}`),
        }))}
        w={220}
      />
      <NumberInput
        label={t('admin.content.item.order')}
        value={value.sortOrder}
        onChange={(order) =>
          onChange({ ...value, sortOrder: typeof order === 'number' ? order : Number.parseInt(order, 10) || 0 })
        }
        allowDecimal={false}
        min={-ORDER_LIMIT}
        max={ORDER_LIMIT}
        clampBehavior="strict"
        w={140}
      />
      <Checkbox
        label={t('admin.content.item.published')}
        checked={value.isPublished}
        onChange={(event) => onChange({ ...value, isPublished: event.currentTarget.checked })}
        {...publishedOffset}
      />
    </>
  );
}
