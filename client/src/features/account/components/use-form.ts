// Form state of the account screens, kept out of the store: the values, and which fields show
// their errors (a field once left, every field once a submit was tried). First failing rule wins.
import { useState } from 'react';
import { type Rule, validate, type Value } from '../../../validation/rules';

export function useForm<Values extends Record<string, Value>>(
  initial: Values,
  ruleSets: { [Field in keyof Values]?: readonly Rule[] },
) {
  type Field = keyof Values & string;
  const [values, setValues] = useState(initial);
  const [shown, setShown] = useState<Partial<Record<Field, boolean>>>({});
  const ruleError = (field: Field) => validate(values[field], ruleSets[field] ?? []);

  return {
    values,
    change<F extends Field>(field: F, value: Values[F]) {
      setValues((previous) => ({ ...previous, [field]: value }));
    },
    leave(field: Field) {
      setShown((previous) => ({ ...previous, [field]: true }));
    },
    /**
     * The message under a field: its first failing rule once shown; when every rule passes,
     * `later` (an availability answer or the server's message), which shows at once.
     */
    error(field: Field, later: string | null = null): string | null {
      const message = ruleError(field);
      if (message) return shown[field] ? message : null;
      return later;
    },
    /** Shows every field's error; true when every rule passes. */
    submit(): boolean {
      const fields = Object.keys(values) as Field[];
      setShown(Object.fromEntries(fields.map((field) => [field, true])) as Record<Field, boolean>);
      return fields.every((field) => !ruleError(field));
    },
  };
}
