// Form state of the account screens, kept out of the store: the values, and which fields show
// their errors (a field once left, every field once a submit was tried). First failing rule wins.
import { type FormEvent, useState } from 'react';
import { type Rule, validate, type Value } from '../../../validation/rules';

export function useForm<Values extends Record<string, Value>>(
  initial: Values,
  ruleSets: { [Field in keyof Values]?: readonly Rule[] },
) {
  type Field = keyof Values & string;
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<Partial<Record<Field, boolean>>>({});
  const ruleError = (field: Field) => validate(values[field], ruleSets[field] ?? []);

  /** Shows every field's error; true when every rule passes. */
  function submit(): boolean {
    const fields = Object.keys(values) as Field[];
    setShown(Object.fromEntries(fields.map((field) => [field, true])) as Record<Field, boolean>);
    return fields.every((field) => !ruleError(field));
  }

  function change<F extends Field>(field: F, value: Values[F]) {
    setValues((previous) => ({ ...previous, [field]: value }));
  }

  /**
   * The message under a field: its first failing rule once shown; when every rule passes,
   * `later` (an availability answer or the server's message), which shows at once.
   */
  function error(field: Field, later: string | null = null): string | null {
    const message = ruleError(field);
    if (message) return shown[field] ? message : null;
    return later;
  }

  return {
    values,
    change,
    /** A text field's change, for `bound` (fields.tsx). */
    edit: change,
    leave(field: Field) {
      setShown((previous) => ({ ...previous, [field]: true }));
    },
    error,
    /** A field's message from its rules alone, for `bound` (fields.tsx). */
    errorOf: (field: Field) => error(field),
    submit,
    /** The form's submit handler: every field's error shown, then `send` when every rule passes. */
    onSubmit(send: () => void) {
      return (event: FormEvent) => {
        event.preventDefault();
        if (submit()) send();
      };
    },
  };
}
