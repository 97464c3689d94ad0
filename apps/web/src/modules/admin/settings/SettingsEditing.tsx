import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../ui/AdminTable';
import { type ChangeLine, EditDialog, ReasonInput, useProblemText } from './SettingsParts';
import { type Change, hasProblems, type Problems, refusedFields } from './settings-form';

/** What a settings table hands to the edit dialog of the row picked. */
export type EditDialogOf<Item> = { item: Item; opened: boolean; onClose: () => void };

type EditableTableProps<Item> = {
  caption: string;
  /** The columns before the last one, which holds each row's "Edit" button. */
  columns: ReadonlyArray<AdminColumn<Item>>;
  rows: readonly Item[];
  rowKey: (row: Item) => string;
  empty: string;
  /** Names the row in its "Edit" button's accessible name, e.g. "Edit EURUSD". */
  editName: (row: Item) => string;
  editTestId: (row: Item) => string;
  /** The edit dialog of the row picked. */
  dialog: (props: EditDialogOf<Item>) => ReactNode;
};

/**
 * A settings table: the rows, an "Edit" button on each, and the edit dialog of the row picked
 * (kept while it closes; a new one, with a fresh form, for each row picked).
 */
export function EditableTable<Item>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  editName,
  editTestId,
  dialog,
}: EditableTableProps<Item>) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Item | null>(null);
  const [isEditing, setEditing] = useState(false);
  const actions: AdminColumn<Item> = {
    key: 'actions',
    header: t('admin.settings.common.actions'),
    render: (row) => (
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          setSelected(row);
          setEditing(true);
        }}
        aria-label={t('admin.settings.common.editNamed', { name: editName(row) })}
        data-testid={editTestId(row)}
      >
        {t('admin.settings.common.edit')}
      </Button>
    ),
  };
  return (
    <>
      <AdminTable caption={caption} columns={[...columns, actions]} rows={rows} rowKey={rowKey} empty={empty} />
      {selected !== null && (
        <Fragment key={rowKey(selected)}>
          {dialog({ item: selected, opened: isEditing, onClose: () => setEditing(false) })}
        </Fragment>
      )}
    </>
  );
}

type SettingsMutation<Variables> = Pick<
  UseMutationResult<unknown, Error, Variables>,
  'mutateAsync' | 'reset' | 'isError' | 'error'
>;

/** The form behind an edit dialog; hand it to `SettingsFormDialog`. */
export type SettingsForm<Values extends { reason: string }, Field extends string> = {
  values: Values;
  /** Sets a field other than the reason; a refusal shown stays until the form is edited again. */
  set: <K extends Exclude<keyof Values, 'reason'>>(field: K, value: Values[K]) => void;
  /** The field's problem, or the server's refusal of it. */
  fieldError: (field: Field) => string | undefined;
  setReason: (reason: string) => void;
  /** The reason's problem, once the operator has typed in it. */
  reasonError: string | undefined;
  isValid: boolean;
  /** The server's refusal of the last try. */
  error: unknown;
  save: () => Promise<void>;
  onClose: () => void;
};

/**
 * An edit dialog's form: the values typed, their problems, the server's refusal (fields it names
 * marked), and the save, which says so and closes the dialog when the server takes the change.
 */
export function useSettingsForm<Values extends { reason: string }, Field extends string, Variables>({
  initial,
  validate,
  mutation,
  request,
  name,
  onClose,
}: {
  initial: () => Values;
  validate: (values: Values) => Problems<Field | 'reason'>;
  mutation: SettingsMutation<Variables>;
  /** What the mutation is sent for these values, or null when there is nothing to send. */
  request: (values: Values) => Variables | null;
  /** Names what is changed in the toast after saving. */
  name: string;
  onClose: () => void;
}): SettingsForm<Values, Field> {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [values, setValues] = useState<Values>(initial);
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validate(values);
  const refused = refusedFields(mutation.error);

  const save = async () => {
    const variables = request(values);
    if (variables === null) return;
    try {
      await mutation.mutateAsync(variables);
      notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
      onClose();
    } catch {
      // The refusal is shown beside the form (and toasted); nothing changed.
    }
  };

  return {
    values,
    set: (field, value) => {
      if (mutation.isError) mutation.reset();
      setValues((current) => ({ ...current, [field]: value }));
    },
    fieldError: (field) =>
      problemText(problems[field]) ?? (refused.includes(field) ? t('admin.settings.common.refusedField') : undefined),
    setReason: (reason) => {
      setValues((current) => ({ ...current, reason }));
      setReasonTouched(true);
    },
    reasonError: isReasonTouched ? problemText(problems.reason) : undefined,
    isValid: !hasProblems(problems),
    error: mutation.error,
    save,
    onClose,
  };
}

/** The confirmation's lines for the changes: each field's label, its value now and the value it will have. */
export function changeLines<Field extends string>(
  changes: readonly Change<Field>[],
  label: (field: Field) => string,
  shown: (field: Field, value: string | boolean | null) => string,
): ChangeLine[] {
  return changes.map((change) => ({
    key: change.field,
    label: label(change.field),
    before: shown(change.field, change.before),
    after: shown(change.field, change.after),
  }));
}

/** The edit dialog of a form from `useSettingsForm`: its fields, then the reason, then "Save changes". */
export function SettingsFormDialog<Values extends { reason: string }, Field extends string>({
  form,
  opened,
  title,
  subject,
  changes,
  children,
}: {
  form: SettingsForm<Values, Field>;
  opened: boolean;
  /** The dialog's heading. */
  title: string;
  /** What is changed, named in the confirmation's title. */
  subject: string;
  changes: readonly ChangeLine[];
  /** The fields other than the reason. */
  children: ReactNode;
}) {
  return (
    <EditDialog
      opened={opened}
      onClose={form.onClose}
      title={title}
      subject={subject}
      changes={changes}
      reason={form.values.reason}
      isValid={form.isValid}
      error={form.error}
      onSave={form.save}
    >
      {children}
      <ReasonInput value={form.values.reason} onChange={form.setReason} error={form.reasonError} />
    </EditDialog>
  );
}
