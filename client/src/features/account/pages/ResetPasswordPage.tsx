// /reset_password?token=...: a new password, twice; then the way to log in with it.
import { Link, Navigate, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { modalOpened } from '../../../state/modal-slice';
import { formRules } from '../../../validation/rules';
import { PasswordField, bound } from '../components/fields';
import { useForm } from '../components/use-form';
import { resetRequested, selectAccount } from '../slice';
import '../account.css';
import { SubmitButton } from '../../../components/SubmitButton';
import { AccountNotice } from '../components/AccountNotice';

export const RESET_DONE = 'Your password has been updated. You can now log in using your new password.';

export function ResetPasswordPage() {
  const { search } = useLocation();
  const dispatch = useAppDispatch();
  const { resetStatus } = useAppSelector(selectAccount);
  const form = useForm(
    { password: '', confirmation: '' },
    { password: formRules.resetPassword, confirmation: formRules.resetPassword },
  );

  // Without a query string the visitor goes home (client/README.md: Account screens, Reset
  // password).
  if (!search) return <Navigate to="/home" replace />;

  if (resetStatus === 'succeeded') {
    return (
      <section className="page account-page" aria-labelledby="reset-title">
        <h1 id="reset-title" className="page__title">
          Reset your password
        </h1>
        <AccountNotice>{RESET_DONE}</AccountNotice>
        <div className="account-actions">
          <Link className="button" to="/home?open=login" onClick={() => dispatch(modalOpened('login'))}>
            Log in
          </Link>
          <Link className="button button--secondary" to="/home">
            Cancel
          </Link>
        </div>
      </section>
    );
  }

  const onSubmit = form.onSubmit(() => {
    const token = new URLSearchParams(search).get('token') ?? '';
    dispatch(resetRequested({ token, password: form.values.password, confirmation: form.values.confirmation }));
  });

  const busy = resetStatus === 'loading';
  return (
    <section className="page account-page" aria-labelledby="reset-title">
      <h1 id="reset-title" className="page__title">
        Reset your password
      </h1>
      <form className="account-form__fields" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <PasswordField label="New password" autoComplete="new-password" {...bound(form, 'password')} />
        <PasswordField label="Repeat your new password" autoComplete="new-password" {...bound(form, 'confirmation')} />
        <SubmitButton busy={busy} className="button button--block">
          Update password
        </SubmitButton>
      </form>
    </section>
  );
}
