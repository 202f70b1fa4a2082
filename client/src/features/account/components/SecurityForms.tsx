// My account's password and e-mail address: each asks for the current password. A new password
// ends every other session (the answer keeps this one); a new address changes once the link
// mailed to it is followed.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { formRules } from '../../../validation/rules';
import { emailChangeRequested, passwordChangeRequested, selectMyAccount } from '../my-account-slice';
import { bound, PasswordField, TextField } from './fields';
import { useAccountForm } from './use-account-form';
import { SubmitButton } from '../../../components/SubmitButton';
import { AccountNotice } from './AccountNotice';

export const OTHER_SESSIONS_NOTE = 'Changing it signs you out on your other devices; you stay signed in here.';

export function PasswordForm() {
  const dispatch = useAppDispatch();
  const form = useAccountForm(
    'password',
    { current_password: '', password: '' },
    { current_password: formRules.currentPassword, password: formRules.registerPassword },
  );

  // A changed password leaves empty fields behind.
  useEffect(() => {
    if (form.status === 'succeeded') {
      form.change('current_password', '');
      form.change('password', '');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.status]);

  const submit = form.onSubmit(() => {
    dispatch(passwordChangeRequested({ current: form.values.current_password, password: form.values.password }));
  });

  return (
    <form className="account-form__fields" onSubmit={submit} noValidate aria-label="Change password">
      <p className="field__hint">{OTHER_SESSIONS_NOTE}</p>
      <PasswordField label="Current password" autoComplete="current-password" {...bound(form, 'current_password')} />
      <PasswordField label="New password" autoComplete="new-password" {...bound(form, 'password')} />
      <SubmitButton busy={form.busy} className="button account-form__submit">
        Change password
      </SubmitButton>
    </form>
  );
}

export function EmailForm({ current }: { current: string }) {
  const dispatch = useAppDispatch();
  const { emailSentTo } = useAppSelector(selectMyAccount);
  const form = useAccountForm(
    'email',
    { email: '', password: '' },
    { email: formRules.registerEmail, password: formRules.currentPassword },
  );

  const submit = form.onSubmit(() => {
    dispatch(emailChangeRequested({ email: form.values.email, password: form.values.password }));
  });

  return (
    <form className="account-form__fields" onSubmit={submit} noValidate aria-label="Change e-mail address">
      <p className="field field--static">
        <span className="field__label">Current address</span> {current}
      </p>
      {emailSentTo && (
        <AccountNotice>
          We sent a link to {emailSentTo}. Follow it to change your address; until then it stays {current}.
        </AccountNotice>
      )}
      <TextField
        label="New e-mail address"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...bound(form, 'email')}
      />
      <PasswordField label="Password" autoComplete="current-password" {...bound(form, 'password')} />
      <SubmitButton busy={form.busy} className="button account-form__submit">
        Send the link
      </SubmitButton>
    </form>
  );
}
