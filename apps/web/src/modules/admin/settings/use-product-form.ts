import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsForm } from './SettingsEditing';
import { refusedFields } from './settings-form';

/** A validation problem: a text key under the tab's `errors`, with the values it names. */
export type FormProblem = { key: string; values?: Record<string, string> };

/** A product form from `useProductForm`: a `SettingsForm` (hand it to `SettingsFormDialog`), with its problems. */
export type ProductForm<Values extends { reason: string }, Field extends string> = SettingsForm<Values, Field> & {
  problems: Partial<Record<Field, FormProblem>>;
  /** Sets several fields other than the reason at once (e.g. another strategy and its parameters). */
  patch: (changes: Partial<Omit<Values, 'reason'>>) => void;
};

/**
 * The form of a product's create/edit dialog (loans, savings, smart plans, options): the values
 * typed, their problems in the reader's language (from `<textsKey>.errors`), the fields a server
 * refusal names marked, and the save, which says so and closes the dialog when the server takes it.
 */
export function useProductForm<Values extends { reason: string }, Field extends string>({
  initial,
  validate,
  textsKey,
  mutation,
  send,
  fieldOfIssue,
  name,
  onClose,
  isShown = () => true,
}: {
  initial: () => Values;
  validate: (values: Values) => Partial<Record<Field, FormProblem>>;
  /** Where the tab's texts are, e.g. `admin.loans`. */
  textsKey: string;
  /** The mutation the dialog sends with (create or update): its refusal, and a reset when the form is edited. */
  mutation: { isError: boolean; error: unknown; reset: () => void };
  /** Sends the values (call on a valid form); rejects when the server refuses. */
  send: (values: Values) => Promise<unknown>;
  /** The form field a refusal's issue path names (`body.` taken off), or null. */
  fieldOfIssue: (path: string, values: Values) => Field | null;
  /** Names the product in the toast after saving. */
  name: string;
  onClose: () => void;
  /** Whether a field's problem is shown yet (a new form's empty fields are not mistakes until edited). */
  isShown?: (field: Field) => boolean;
}): ProductForm<Values, Field> {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [isReasonTouched, setReasonTouched] = useState(false);
  const problems = validate(values);
  const refused = refusedFields(mutation.error)
    .map((path) => fieldOfIssue(path, values))
    .filter((field): field is Field => field !== null);
  const problemText = (problem: FormProblem | undefined) =>
    problem ? t(`${textsKey}.errors.${problem.key}`, problem.values ?? {}) : undefined;
  const reasonProblem = (problems as Partial<Record<string, FormProblem>>).reason;

  const patch = (changes: Partial<Omit<Values, 'reason'>>) => {
    if (mutation.isError) mutation.reset();
    setValues((current) => ({ ...current, ...changes }));
  };

  return {
    values,
    problems,
    set: (field, value) => {
      if (mutation.isError) mutation.reset();
      setValues((current) => ({ ...current, [field]: value }));
    },
    patch,
    fieldError: (field) =>
      (isShown(field) ? problemText(problems[field]) : undefined) ??
      (refused.includes(field) ? t('admin.settings.common.refusedField') : undefined),
    setReason: (reason) => {
      setValues((current) => ({ ...current, reason }));
      setReasonTouched(true);
    },
    reasonError: isReasonTouched ? problemText(reasonProblem) : undefined,
    isValid: Object.keys(problems).length === 0,
    error: mutation.error,
    save: async () => {
      try {
        await send(values);
        notifications.show({ color: 'green', message: t('admin.settings.common.saved', { name }) });
        onClose();
      } catch {
        // The refusal is shown beside the form, its fields marked (and toasted); nothing changed.
      }
    },
    onClose,
  };
}
