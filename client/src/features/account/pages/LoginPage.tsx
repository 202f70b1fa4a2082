// /login: the login form, with a notice when the page is the end of an e-mail confirmation
// link (?confirmed=1, or ?error=email_verification_invalid_token).
import { useLocation } from 'react-router';
import { LoginForm } from '../components/LoginForm';
import { AccountNotice } from '../components/AccountNotice';
import '../account.css';

export const CONFIRMED_NOTICE = 'Your e-mail address is confirmed. You can now log in.';
export const INVALID_LINK_NOTICE =
  'This confirmation link is invalid or has expired. Log in to get a new one by e-mail.';

export function LoginPage() {
  const query = new URLSearchParams(useLocation().search);
  const confirmed = query.get('confirmed') === '1';
  const invalidLink = query.get('error') === 'email_verification_invalid_token';
  return (
    <section className="page account-page" aria-labelledby="login-title">
      <h1 id="login-title" className="page__title">
        Log in
      </h1>
      {confirmed && <AccountNotice>{CONFIRMED_NOTICE}</AccountNotice>}
      {invalidLink && <AccountNotice error>{INVALID_LINK_NOTICE}</AccountNotice>}
      <LoginForm />
    </section>
  );
}
