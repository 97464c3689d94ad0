import { Button, type ButtonProps, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/QueryState';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { ConfirmButton } from '../ui/ConfirmButton';
import { REASON_MAX_LENGTH } from './settings-form';

/** What a product table hands to its dialog: the product picked (null: a new one), and whether it is open. */
export type ProductDialogProps<Item> = { item: Item | null; opened: boolean; onClose: () => void };

type ProductSettingsTableProps<Item extends { id: string }> = {
  intro: string;
  /** The "New … product" button above the table. */
  newLabel: string;
  newTestId: string;
  query: UseQueryResult<{ items: Item[] }>;
  /** Names the table for screen readers. */
  caption: string;
  empty: string;
  /** The columns before the last one, which holds each row's "Edit" button and then `actions`. */
  columns: ReadonlyArray<AdminColumn<Item>>;
  /** Names the product in its "Edit" button's accessible name, e.g. "loan product 3". */
  named: (row: Item) => string;
  editTestId: (row: Item) => string;
  /** The row's buttons after "Edit" (enable, pause, …). */
  actions: (row: Item) => ReactNode;
  /** `stack`: the row's buttons one above another (more than two); `row`: side by side. */
  actionsLayout?: 'row' | 'stack';
  /** The create/edit dialog; a new one (a fresh form) each time "New" or "Edit" is pressed. */
  dialog: (props: ProductDialogProps<Item>) => ReactNode;
};

/**
 * The scaffold the product tabs of the settings area share (loans, savings, smart plans,
 * options): the tab's introduction, "New … product", the table with "Edit" and the row's own
 * actions in its last column, and the create/edit dialog of the product picked (kept while it
 * closes, so its closing animation runs).
 */
export function ProductSettingsTable<Item extends { id: string }>({
  intro,
  newLabel,
  newTestId,
  query,
  caption,
  empty,
  columns,
  named,
  editTestId,
  actions,
  actionsLayout = 'row',
  dialog,
}: ProductSettingsTableProps<Item>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ item: Item | null; key: number } | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = (item: Item | null) => {
    setPicked({ item, key: Date.now() });
    setOpen(true);
  };
  const actionsColumn: AdminColumn<Item> = {
    key: 'actions',
    header: t('admin.settings.common.actions'),
    render: (row) => {
      const buttons = (
        <>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => open(row)}
            aria-label={t('admin.settings.common.editNamed', { name: named(row) })}
            data-testid={editTestId(row)}
          >
            {t('admin.settings.common.edit')}
          </Button>
          {actions(row)}
        </>
      );
      return actionsLayout === 'stack' ? (
        <Stack gap={6} align="stretch" miw={150}>
          {buttons}
        </Stack>
      ) : (
        <Group gap="xs" wrap="nowrap">
          {buttons}
        </Group>
      );
    },
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <Group>
        <Button onClick={() => open(null)} data-testid={newTestId}>
          {newLabel}
        </Button>
      </Group>
      <QueryState query={query}>
        {(data) => (
          <AdminTable
            caption={caption}
            columns={[...columns, actionsColumn]}
            rows={data.items}
            rowKey={(row) => row.id}
            empty={empty}
          />
        )}
      </QueryState>
      {picked !== null && (
        <Fragment key={picked.key}>
          {dialog({ item: picked.item, opened: isOpen, onClose: () => setOpen(false) })}
        </Fragment>
      )}
    </Stack>
  );
}

type ReasonConfirmButtonProps = {
  /** The button's text, also the confirming button's. */
  label: string;
  /** Names the product: in the button's accessible name ("Enable: loan product 3") and the toast. */
  name: string;
  color: ButtonProps['color'];
  /** The confirmation's title. */
  title: string;
  /** What happens once confirmed. */
  message: ReactNode;
  /** Shown under the reason when it was left empty. */
  requiredText: string;
  testId?: string;
  /** Sends the change with the reason typed (trimmed); a refusal keeps the confirmation open. */
  onConfirm: (reason: string) => Promise<unknown>;
};

/**
 * A product's on/off switch (enable, disable, pause, resume): a confirmation that says what
 * happens and asks for the reason kept in the audit log.
 */
export function ReasonConfirmButton({
  label,
  name,
  color,
  title,
  message,
  requiredText,
  testId,
  onConfirm,
}: ReasonConfirmButtonProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [isProblemShown, setProblemShown] = useState(false);
  return (
    <ConfirmButton
      size="compact-sm"
      variant="light"
      color={color}
      title={title}
      confirmLabel={label}
      aria-label={`${label}: ${name}`}
      data-testid={testId}
      message={
        <>
          <Text size="sm">{message}</Text>
          <Textarea
            mt="sm"
            label={t('admin.settings.common.reason')}
            required
            autosize
            minRows={2}
            maxLength={REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={isProblemShown && reason.trim() === '' ? requiredText : null}
            data-autofocus
          />
        </>
      }
      onConfirm={async () => {
        if (reason.trim() === '') {
          setProblemShown(true);
          throw new Error('reason required');
        }
        await onConfirm(reason.trim());
        notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
        setReason('');
        setProblemShown(false);
      }}
    >
      {label}
    </ConfirmButton>
  );
}
