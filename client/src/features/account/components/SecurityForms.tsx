// My account's password and e-mail address: each asks for the current password. A new password
// ends every other session (the answer keeps this one); a new address changes once the link
// mailed to it is followed.
import { type FormEvent, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { formRules } from '../../../validation/rules';
import {
  emailChangeRequested,
  type MyAccountForm,
  myAccountFieldEdited,
  passwordChangeRequested,
  selectMyAccount,
} from '../slice';
import { PasswordField, TextField } from './fields';
import { useForm } from './use-form';

export const OTHER_SESSIONS_NOTE = 'Changing it signs you out on your other devices; you stay signed in here.';

/** The server's message under a field, dropped once the field is edited. */
function useServerErrors(form: MyAccountForm) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectMyAccount)[form];
  return {
    status: state.status,
    of: (field: string) => state.errors[field] ?? null,
    edited: (field: string) => {
      if (state.errors[field]) dispatch(myAccountFieldEdited({ form, field }));
    },
  };
}

export function PasswordForm() {
  const dispatch = useAppDispatch();
  const server = useServerErrors('password');
  const form = useForm(
    { current_password: '', password: '' },
    { current_password: formRules.currentPassword, password: formRules.registerPassword },
  );

  // A changed password leaves empty fields behind.
  useEffect(() => {
    if (server.status === 'succeeded') {
      form.change('current_password', '');
      form.change('password', '');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [server.status]);

  function edit(field: 'current_password' | 'password', value: string) {
    form.change(field, value);
    server.edited(field);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    dispatch(passwordChangeRequested({ current: form.values.current_password, password: form.values.password }));
  }

  const busy = server.status === 'loading';
  return (
    <form className="account-form__fields" onSubmit={submit} noValidate aria-label="Change password">
      <p className="field__hint">{OTHER_SESSIONS_NOTE}</p>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={form.values.current_password}
        onChange={(event) => edit('current_password', event.target.value)}
        onBlur={() => form.leave('current_password')}
        error={form.error('current_password', server.of('current_password'))}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(event) => edit('password', event.target.value)}
        onBlur={() => form.leave('password')}
        error={form.error('password', server.of('password'))}
      />
      <button type="submit" className="button account-form__submit" disabled={busy} aria-busy={busy}>
        Change password
      </button>
    </form>
  );
}

export function EmailForm({ current }: { current: string }) {
  const dispatch = useAppDispatch();
  const server = useServerErrors('email');
  const { emailSentTo } = useAppSelector(selectMyAccount);
  const form = useForm(
    { email: '', password: '' },
    { email: formRules.registerEmail, password: formRules.currentPassword },
  );

  function edit(field: 'email' | 'password', value: string) {
    form.change(field, value);
    server.edited(field);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.submit()) return;
    dispatch(emailChangeRequested({ email: form.values.email, password: form.values.password }));
  }

  const busy = server.status === 'loading';
  return (
    <form className="account-form__fields" onSubmit={submit} noValidate aria-label="Change e-mail address">
      <p className="field field--static">
        <span className="field__label">Current address</span> {current}
      </p>
      {emailSentTo && (
        <p className="account-notice" role="status">
          We sent a link to {emailSentTo}. Follow it to change your address; until then it stays {current}.
        </p>
      )}
      <TextField
        label="New e-mail address"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(event) => edit('email', event.target.value)}
        onBlur={() => form.leave('email')}
        error={form.error('email', server.of('email'))}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(event) => edit('password', event.target.value)}
        onBlur={() => form.leave('password')}
        error={form.error('password', server.of('password'))}
      />
      <button type="submit" className="button account-form__submit" disabled={busy} aria-busy={busy}>
        Send the link
      </button>
    </form>
  );
}
