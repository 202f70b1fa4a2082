// A form of My account whose answer may name the fields it refused: the server's message shows
// under its field (after the field's own rules) and is dropped once the field is edited.
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import type { Rule, Value } from '../../../validation/rules';
import { type MyAccountForm, myAccountFieldEdited, selectMyAccount } from '../my-account-slice';
import { useForm } from './use-form';

export function useAccountForm<Values extends Record<string, Value>>(
  name: MyAccountForm,
  initial: Values,
  ruleSets: { [Field in keyof Values]?: readonly Rule[] },
) {
  type Field = keyof Values & string;
  const dispatch = useAppDispatch();
  const server = useAppSelector(selectMyAccount)[name];
  const form = useForm(initial, ruleSets);
  return {
    ...form,
    status: server.status,
    /** Sent and not answered yet: its submit button waits. */
    busy: server.status === 'loading',
    /** The server's message of a field, or null. */
    serverError: (field: Field): string | null => server.errors[field] ?? null,
    edit<F extends Field>(field: F, value: Values[F]) {
      form.change(field, value);
      if (server.errors[field]) dispatch(myAccountFieldEdited({ form: name, field }));
    },
    errorOf: (field: Field) => form.error(field, server.errors[field] ?? null),
  };
}
