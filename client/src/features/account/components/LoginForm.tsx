// The login form of the /login page and of the login overlay: e-mail and password, the way to
// recover a password, the social providers, and the way to sign up. A refusal's message shows
// under the field it concerns (login-errors.ts) as well as in the toast.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { formRules } from '../../../validation/rules';
import { type LoginField, loginFieldEdited, loginFormOpened, selectLoginErrors } from '../login-errors';
import { useRedirectParam } from '../paths';
import { forgotPasswordOpened, loginRequested, selectAccount } from '../slice';
import { type FieldsOf, PasswordField, TextField, bound } from './fields';
import { AccountSwitch } from './AccountSwitch';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SocialButtons } from './SocialButtons';
import { useForm } from './use-form';
import { SubmitButton } from '../../../components/SubmitButton';

interface LoginFormProps {
  /** In the overlay, Sign up switches overlays; on the page it leads to the onboarding page. */
  onSignUp?: () => void;
}

export function LoginForm({ onSignUp }: LoginFormProps) {
  const dispatch = useAppDispatch();
  const { loginStatus, forgotView } = useAppSelector(selectAccount);
  const redirect = useRedirectParam();
  const refused = useAppSelector(selectLoginErrors);
  const form = useForm({ email: '', password: '' }, { email: formRules.loginEmail, password: formRules.loginPassword });
  useEffect(() => {
    dispatch(loginFormOpened());
  }, [dispatch]);

  if (forgotView) return <ForgotPasswordForm email={form.values.email} />;

  /** The form's fields: their rules first, then the server's word on the last attempt. */
  const fields: FieldsOf<LoginField> = {
    values: form.values,
    edit(field, value) {
      form.edit(field, value);
      if (refused[field]) dispatch(loginFieldEdited(field));
    },
    leave: (field) => form.leave(field),
    errorOf: (field) => form.error(field, refused[field] ?? null),
  };

  const onSubmit = form.onSubmit(() => {
    const { email, password } = form.values;
    dispatch(loginRequested({ email: email.trim(), password: password.trim(), redirect }));
  });

  const busy = loginStatus === 'loading';
  return (
    <div className="account-form">
      <form className="account-form__fields" onSubmit={onSubmit} noValidate aria-label="Log in">
        <TextField label="E-mail" type="email" inputMode="email" autoComplete="email" {...bound(fields, 'email')} />
        <PasswordField label="Password" autoComplete="current-password" {...bound(fields, 'password')} />
        <button
          type="button"
          className="link-button account-form__forgot"
          onClick={() => dispatch(forgotPasswordOpened())}
        >
          Forgot your password?
        </button>
        <SubmitButton busy={busy} className="button button--block">
          Log in
        </SubmitButton>
      </form>
      <SocialButtons verb="Continue with" or="before" />
      <AccountSwitch to="signUp" redirect={redirect} onSwitch={onSignUp} />
    </div>
  );
}
