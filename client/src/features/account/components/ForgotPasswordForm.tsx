// The login form's second view: an e-mail for the recovery link, or back to logging in.
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { formRules } from '../../../validation/rules';
import { forgotPasswordClosed, recoveryRequested, selectAccount } from '../slice';
import { TextField, bound } from './fields';
import { useForm } from './use-form';
import { SubmitButton } from '../../../components/SubmitButton';

export function ForgotPasswordForm({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const { recoveryStatus } = useAppSelector(selectAccount);
  const form = useForm({ email: email.trim() }, { email: formRules.forgotEmail });
  const busy = recoveryStatus === 'loading';

  const onSubmit = form.onSubmit(() => dispatch(recoveryRequested(form.values.email.trim())));

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="account-form__title">
        Forgot your password?
      </h2>
      <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" {...bound(form, 'email')} />
      <SubmitButton busy={busy} className="button button--block">
        Recover my password
      </SubmitButton>
      <button
        type="button"
        className="button button--block button--secondary"
        onClick={() => dispatch(forgotPasswordClosed())}
      >
        Cancel
      </button>
    </form>
  );
}
