import { type ChangeEvent, useState } from 'react';

/**
 * Text fields of a form with their error messages: `set(field)` is the change handler,
 * `check(field, isValid, message)` validates one field at once (e.g. the e-mail before a code
 * is sent), showing or clearing its message.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  type Field = keyof T & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const setField = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears the event's target before the updater runs.
    const { value } = event.currentTarget;
    setField(field, value);
  };
  const check = (field: Field, isValid: boolean, message: string) => {
    setErrors((current) => ({ ...current, [field]: isValid ? undefined : message }));
    return isValid;
  };
  return { values, setValues, setField, set, errors, setErrors, check };
}
